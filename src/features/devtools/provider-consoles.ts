/** Provider consoles the setup pages open in a new tab. */
export const GOOGLE_CONSOLE_URL = "https://console.cloud.google.com/apis/credentials";
export const FIREBASE_CONSOLE_URL = "https://console.firebase.google.com/";
export const FACEBOOK_DEVELOPERS_URL = "https://developers.facebook.com/apps/";
export const PLAY_CONSOLE_URL = "https://play.google.com/console/";

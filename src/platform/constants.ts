/** Business constants from the specification (point 9), named once. */
export const FREE_DAILY_SWIPES = 25;
export const FREE_DAILY_CHATS = 25;
export const MAX_PROFILE_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const SEARCH_DISTANCE_KM = { min: 5, max: 200, step: 5, default: 50 } as const;
export const ADMIN_PAGE_SIZE = 10;
export const APP_VERSION = "v1.0.0";

/** How long a copy button reads "Copied" (spec point 9: about 2 seconds). */
export const COPY_CONFIRMATION_MS = 2000;
/** The second provider's app icon must be this many pixels square (spec point 9). */
export const FACEBOOK_APP_ICON_PX = 1024;
/** The Android signing keystore is valid until this year (spec point 9). */
export const ANDROID_KEYSTORE_VALID_UNTIL_YEAR = 2050;

export const PLAN_PRICES_IDR = { premium: 49_000, premium_plus: 99_000 } as const;

/** Passwords: at least 8 (the spec's 6 only applies to resets; see docs/decisions/0003). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** Password reset (SECURITY.md): a link lives one hour; at most 3 reset mails per account per hour. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
/** Hosted identity: an ID token is accepted only this soon after the person signed in (docs/decisions/0032). */
export const FIREBASE_MAX_AUTH_AGE_SECONDS = 5 * 60;
/** Server-side OAuth: how long the state / PKCE cookies live while the person is at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

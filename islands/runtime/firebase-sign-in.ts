/**
 * Hosted identity (Firebase) popups. This module is only imported dynamically, when the server
 * says Firebase is configured, so the SDK (about 60 KB gzipped) never weighs on /auth otherwise.
 */
import { getApp, getApps, initializeApp } from "firebase/app";
import { browserLocalPersistence, FacebookAuthProvider, getAuth, GoogleAuthProvider, setPersistence, signInWithPopup, signOut, type Auth } from "firebase/auth";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { api } from "./api";
import { syncToken } from "./token-sync";

export type PopupProvider = "google" | "facebook";

export function firebaseAuth(config: FirebaseWebConfig): Auth {
  const app = getApps().length > 0 ? getApp() : initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId });
  return getAuth(app);
}

/** Spec point 7: the profile and email scopes for the first provider, email for the second. */
function popupProvider(provider: PopupProvider) {
  if (provider === "google") {
    const google = new GoogleAuthProvider();
    google.addScope("profile");
    google.addScope("email");
    return google;
  }
  const facebook = new FacebookAuthProvider();
  facebook.addScope("email");
  return facebook;
}


/**
 * Opens the provider's popup, then hands the ID token to our server, which verifies it and
 * starts the session. The body carries the spec's payload; the server believes only the token.
 */
export async function signInWithFirebasePopup(config: FirebaseWebConfig, provider: PopupProvider): Promise<{ isNewUser: boolean }> {
  const auth = firebaseAuth(config);
  await setPersistence(auth, browserLocalPersistence);
  const credential = await signInWithPopup(auth, popupProvider(provider));
  // A fresh token: its auth_time is this sign-in, which the server requires to be recent.
  const idToken = await credential.user.getIdToken(true);
  const { uid, email, displayName, photoURL } = credential.user;
  let result: { isNewUser: boolean };
  try {
    result = await api<{ isNewUser: boolean }>("POST", "/api/auth/firebase-login", { idToken, uid, email, displayName, photoURL, provider });
  } catch (error) {
    // Our server refused the identity: it must not stay signed in at the hosted service either.
    await signOutOfFirebase(config).catch(() => undefined);
    throw error;
  }
  await syncToken(config.tokenSyncUrl, "POST", idToken);
  return result;
}

/** Signs out of the hosted service and tells the token-sync URL (DELETE), if one is configured. */
export async function signOutOfFirebase(config: FirebaseWebConfig): Promise<void> {
  await signOut(firebaseAuth(config));
  await syncToken(config.tokenSyncUrl, "DELETE");
}

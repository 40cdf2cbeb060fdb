import { useEffect, useSyncExternalStore } from "react";
import type { Auth, User } from "firebase/auth";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { syncToken } from "../runtime/token-sync";

/**
 * The hosted identity service (Firebase Auth) on the test pages, shared by every island of
 * the page. The SDK is loaded with a dynamic import, and only when the server has the web
 * configuration, so a server without Firebase never ships or runs it.
 */

/** The hosted identity user of the test pages (spec point 3). */
export interface HostedUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  photoURL: string | null;
  providerId: string | null;
  providerUid: string | null;
  metadata: { creationTime: string | null; lastSignInTime: string | null };
}

export type HostedStatus = "loading" | "signedIn" | "signedOut";

export interface HostedAuthState {
  /** Whether the server has the Firebase web configuration; false: no SDK is loaded. */
  configured: boolean;
  status: HostedStatus;
  user: HostedUser | null;
  error: string | null;
}

export type HostedProvider = "google" | "facebook";

const LOADING: HostedAuthState = { configured: true, status: "loading", user: null, error: null };
const UNCONFIGURED: HostedAuthState = { configured: false, status: "signedOut", user: null, error: null };

let state: HostedAuthState | null = null;
let auth: Auth | null = null;
/** The same-origin token-sync URL of spec point 7, told about hosted sign-ins and sign-outs here too. */
let tokenSyncUrl: string | undefined;
let started = false;
const listeners = new Set<() => void>();

function setState(next: Partial<HostedAuthState>) {
  state = { ...(state ?? LOADING), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toHostedUser(user: User): HostedUser {
  const provider = user.providerData[0];
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    photoURL: user.photoURL,
    providerId: provider?.providerId ?? null,
    providerUid: provider?.uid ?? null,
    metadata: { creationTime: user.metadata.creationTime ?? null, lastSignInTime: user.metadata.lastSignInTime ?? null },
  };
}

async function loadSdk() {
  const [app, authModule] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
  return { app, authModule };
}

/** Starts the SDK once per page; later calls do nothing. */
export function startHostedAuth(config: FirebaseWebConfig | null) {
  if (started) return;
  started = true;
  if (config === null) {
    state = UNCONFIGURED;
    for (const listener of listeners) listener();
    return;
  }
  tokenSyncUrl = config.tokenSyncUrl;
  setState({ configured: true, status: "loading" });
  loadSdk()
    .then(({ app, authModule }) => {
      const firebaseApp = app.getApps()[0] ?? app.initializeApp(config);
      auth = authModule.getAuth(firebaseApp);
      authModule.onAuthStateChanged(
        auth,
        (user) => setState(user === null ? { status: "signedOut", user: null } : { status: "signedIn", user: toHostedUser(user) }),
        (error) => setState({ status: "signedOut", error: error.message }),
      );
    })
    .catch((error: unknown) => {
      console.error("Firebase Auth failed to start", error);
      setState({ status: "signedOut", error: error instanceof Error ? error.message : String(error) });
    });
}

export function useHostedAuth(config: FirebaseWebConfig | null): HostedAuthState {
  const initial = config === null ? UNCONFIGURED : LOADING;
  const current = useSyncExternalStore(subscribe, () => state ?? initial, () => initial);
  useEffect(() => startHostedAuth(config), [config]);
  return current;
}

/** Signs in with a popup; resolves with the user, rejects with the provider's error. */
export async function signInHosted(provider: HostedProvider): Promise<HostedUser> {
  if (auth === null) throw new Error("Firebase is not configured on this server");
  const { authModule } = await loadSdk();
  // Sign-in sets loading and clears the error (spec point 4).
  setState({ status: "loading", error: null });
  try {
    let authProvider;
    if (provider === "google") {
      authProvider = new authModule.GoogleAuthProvider();
      authProvider.addScope("profile");
      authProvider.addScope("email");
    } else {
      authProvider = new authModule.FacebookAuthProvider();
      authProvider.addScope("email");
    }
    const result = await authModule.signInWithPopup(auth, authProvider);
    const user = toHostedUser(result.user);
    setState({ status: "signedIn", user });
    await syncToken(tokenSyncUrl, "POST", await result.user.getIdToken());
    return user;
  } catch (error) {
    setState({ status: auth.currentUser === null ? "signedOut" : "signedIn", error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

export async function signOutHosted(): Promise<void> {
  if (auth === null) throw new Error("Firebase is not configured on this server");
  const { authModule } = await loadSdk();
  await authModule.signOut(auth);
  await syncToken(tokenSyncUrl, "DELETE");
}

/** The signed-in user's ID token, for the server-side verification in the integration test. */
export async function hostedIdToken(): Promise<string | null> {
  const user = auth?.currentUser ?? null;
  return user === null ? null : user.getIdToken();
}

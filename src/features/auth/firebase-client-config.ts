import type { Config } from "../../config";
import type { CspSources } from "../../middleware/security-headers";

/**
 * The Firebase web configuration the browser needs (public identifiers, not secrets), or null
 * when the hosted identity service is not configured: then the SDK is never loaded.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  /** Same-origin URL that receives the ID token on sign-in (POST) and sign-out (DELETE), spec point 7. */
  tokenSyncUrl?: string;
}

/** Complete only with the three values the setup pages list (API key, project id, app id); authDomain defaults from the project. */
export function firebaseWebConfig(config: Pick<Config, "firebase" | "appOrigin">): FirebaseWebConfig | null {
  const { apiKey, authDomain, projectId, appId } = config.firebase;
  if (apiKey === undefined || authDomain === undefined || projectId === undefined || appId === undefined) return null;
  return { apiKey, authDomain, projectId, appId, tokenSyncUrl: sameOriginUrl(config.firebase.tokenSyncUrl, config.appOrigin) };
}

/** The token-sync URL only when it stays on our origin; a bearer token never goes elsewhere. */
export function sameOriginUrl(url: string | undefined, appOrigin: string): string | undefined {
  if (url === undefined) return undefined;
  try {
    const resolved = new URL(url, appOrigin);
    return resolved.origin === appOrigin ? resolved.pathname + resolved.search : undefined;
  } catch {
    return undefined;
  }
}

/** What the Firebase web SDK reaches: its REST APIs and the sign-in popup/iframe on authDomain. */
export function firebaseCspSources(config: Pick<Config, "firebase" | "appOrigin">): CspSources {
  const web = firebaseWebConfig(config);
  if (web === null) return {};
  const authOrigin = `https://${web.authDomain}`;
  return {
    script: ["https://apis.google.com", "https://www.gstatic.com"],
    connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://www.googleapis.com", authOrigin],
    frame: [authOrigin, "https://apis.google.com"],
    img: ["https://lh3.googleusercontent.com", "https://graph.facebook.com", "https://platform-lookaside.fbsbx.com"],
  };
}

import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { FIREBASE_MAX_AUTH_AGE_SECONDS } from "../../platform/constants";

/** The claims we use from a verified Firebase ID token. */
export interface FirebaseClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  signInProvider: string | null;
}

/** One key set per URL: jose caches the keys and refetches when an unknown kid arrives. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (set === undefined) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 })));
  return set;
}

/** Tokens may be a few seconds early or late between Google's clocks and ours. */
const clockSkewSeconds = 5;

/**
 * Verifies a Firebase ID token the way SECURITY.md lists it: RS256 only, a kid that Google's
 * published key set knows, aud = project id, iss = the securetoken issuer, exp in the future,
 * iat not in the future, a non-empty sub and a recent auth_time. Returns null on any failure.
 */
export async function verifyFirebaseIdToken(idToken: string, options: { projectId: string; jwksUrl: string; now: Date }): Promise<FirebaseClaims | null> {
  try {
    const header = decodeProtectedHeader(idToken);
    if (header.alg !== "RS256" || typeof header.kid !== "string" || header.kid === "") return null;
    const { payload } = await jwtVerify(idToken, keySet(options.jwksUrl), {
      algorithms: ["RS256"],
      audience: options.projectId,
      issuer: `https://securetoken.google.com/${options.projectId}`,
      currentDate: options.now,
      clockTolerance: clockSkewSeconds,
      requiredClaims: ["exp", "iat", "sub", "auth_time"],
    });
    return claimsProblem(payload, options.now) ? null : toClaims(payload);
  } catch {
    return null;
  }
}

function claimsProblem(payload: JWTPayload, now: Date): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const authTime = payload.auth_time;
  if (typeof payload.sub !== "string" || payload.sub === "" || payload.sub.length > 128) return true;
  if (typeof payload.iat !== "number" || payload.iat > nowSeconds + clockSkewSeconds) return true;
  if (typeof authTime !== "number" || authTime > nowSeconds + clockSkewSeconds) return true;
  // A token minted from an old sign-in (a refreshed token) must not open a new session here.
  return nowSeconds - authTime > FIREBASE_MAX_AUTH_AGE_SECONDS;
}

function toClaims(payload: JWTPayload): FirebaseClaims {
  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  return {
    sub: payload.sub!,
    email: typeof payload.email === "string" ? payload.email : null,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === "string" ? payload.name : null,
    signInProvider: typeof firebase?.sign_in_provider === "string" ? firebase.sign_in_provider : null,
  };
}

import { signupOrigin } from "./signup-origin";
import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { setSessionCookie } from "../../middleware/session";
import { verifyFirebaseIdToken } from "./firebase-token";
import { identityEndpoints } from "./identity-endpoints";
import { signInWithIdentity } from "./identity-accounts";
import { createSession, invalidateSession } from "./session";
import { rememberLanguage } from "./auth.service";
import { chosenLanguage } from "../../middleware/language";
import { invalidInput } from "../../middleware/invalid-input";
import { toggleOn } from "../admin/settings.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { firebaseLoginApiDocs } from "./auth.api-docs";

export const FIREBASE_MESSAGES = {
  notConfigured: "Firebase sign-in is not configured on this server",
  invalidToken: "Invalid or expired sign-in token. Please sign in again",
  googleOff: "Google sign-in is turned off",
} as const;

/**
 * The spec's social login payload plus the ID token. Only the token is believed: uid and email
 * in the body are at most cross-checked, never used to pick the account.
 */
const bodySchema = z.object({
  idToken: z.string().min(1).max(8192),
  uid: z.string().max(128).optional(),
  email: z.string().max(254).optional().nullable(),
  displayName: z.string().max(200).optional().nullable(),
  photoURL: z.string().max(2048).optional().nullable(),
  provider: z.enum(["google", "facebook"]).optional(),
});

/** Splits a display name into first and last name for a new account. */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** POST /api/auth/firebase-login, for anyone: the verified ID token is the credential. */
export function firebaseLoginRoutes(deps: AppDeps) {
  const jwksUrl = identityEndpoints(deps.identityEndpoints).firebaseJwks;
  const routes = new Hono<AppEnv>().post("/auth/firebase-login", zValidator("json", bodySchema, invalidInput(FIREBASE_MESSAGES.invalidToken)), async (c) => {
    const projectId = deps.config.firebase.projectId;
    if (projectId === undefined) return c.json({ message: FIREBASE_MESSAGES.notConfigured }, 400);
    const body = c.req.valid("json");
    const claims = await verifyFirebaseIdToken(body.idToken, { projectId, jwksUrl, now: deps.clock.now() });
    if (claims === null || (body.uid !== undefined && body.uid !== claims.sub)) return c.json({ message: FIREBASE_MESSAGES.invalidToken }, 401);
    // The admin's google_auth switch (ADMIN.md) closes every Google door, the hosted popup's too.
    if (claims.signInProvider === "google.com" && !(await toggleOn(deps.db, "google_auth"))) return c.json({ message: FIREBASE_MESSAGES.googleOff }, 403);
    const { firstName, lastName } = splitName(claims.name ?? body.displayName ?? "");
    const result = await signInWithIdentity(deps, {
      provider: "firebase",
      providerUserId: claims.sub,
      verifiedEmail: claims.emailVerified ? claims.email : null,
      firstName,
      lastName,
    }, c.get("lang"), signupOrigin(c, deps.config.trustProxy));
    if (!result.ok) return c.json({ message: result.message, ...result.suspension }, result.status);
    // A sign-in replaces whatever session this browser had (no session outlives a new sign-in).
    const previous = c.get("session");
    if (previous !== null) await invalidateSession(deps.db, previous.id, previous.userId);
    const { token, session } = await createSession(deps.db, deps.clock, result.userId, result.isAdmin);
    setSessionCookie(c, deps.config, token, session.expiresAt);
    await rememberLanguage(deps.db, result.userId, chosenLanguage(c.req.header("Cookie")));
    return c.json({ isNewUser: result.isNewUser });
  });
  return describeRoutes(routes, firebaseLoginApiDocs);
}

/** Test helpers for the second factor of admins and moderators (ADMIN.md 'Who'). */
import { eq } from "drizzle-orm";
import { sessions } from "../../../../db/schema";
import { sessionIdFromToken } from "../../auth/session";
import type { TestApp } from "../../../testing/test-app";
import { secretFromBase32, totp, TOTP_PERIOD_SECONDS } from "./totp";

/** The token of a "kasih_session=…" cookie. */
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

/**
 * Through the HTTP calls, as the panel does: enrol the account of `cookie`, then prove the
 * current code. Answers the secret and the recovery codes for later sign-ins.
 */
export async function enrolAndProve(app: TestApp, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrol = await app.request("POST", "/api/admin/2fa/enrol", { cookie });
  if (enrol.status !== 200) throw new Error(`enrol failed: ${enrol.status} ${await enrol.text()}`);
  const { secret, recoveryCodes } = (await enrol.json()) as { secret: string; recoveryCodes: string[] };
  await proveWithSecret(app, cookie, secret);
  return { secret, recoveryCodes };
}

/**
 * Proves the code of `secret` for the session of `cookie` (an enrolled account's later sign-in).
 * The fake clock moves on one step first: a code is accepted once, and an earlier proof may have
 * used this step's.
 */
export async function proveWithSecret(app: TestApp, cookie: string, secret: string): Promise<void> {
  app.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  const verify = await app.request("POST", "/api/admin/2fa/verify", { cookie, body: { code: totp(secretFromBase32(secret), app.clock.now()) } });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
}

/** Straight to the database, for tests about other things: the session of `cookie` has proven the second factor. */
export async function markSecondFactorProven(app: TestApp, cookie: string): Promise<void> {
  await app.deps.db.update(sessions).set({ secondFactorAt: app.clock.now() }).where(eq(sessions.id, sessionIdFromToken(tokenOf(cookie))));
}

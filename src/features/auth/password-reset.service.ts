import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-env";
import { passwordResetTokens, sessions, users } from "../../../db/schema";
import { PASSWORD_RESET_TOKEN_TTL_MS } from "../../platform/constants";
import { newToken } from "../../platform/ids";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";
import { hashPassword } from "./password";

/** Only the SHA-256 of a reset token is stored, so a leaked table resets nothing. */
export function resetTokenId(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The link in the mail, always on APP_ORIGIN (never the request's Host header). */
export function resetLink(appOrigin: string, token: string): string {
  const url = new URL("/reset-password", appOrigin);
  url.searchParams.set("token", token);
  return url.toString();
}

type ResetDeps = Pick<AppDeps, "db" | "clock" | "config" | "passwordHashCost">;

/**
 * Issues a fresh token for the account (voiding older ones in the same batch) and mails the
 * link in the account's language. Does nothing for an unknown email; the caller answers the same.
 */
export async function sendPasswordReset(deps: ResetDeps, mailer: Mailer, email: string): Promise<boolean> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (user === undefined || user.isBanned || user.email === null) return false;
  const token = newToken(32); // 256 bits
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    deps.db.insert(passwordResetTokens).values({ id: resetTokenId(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS) }),
  ]);
  await mailer.send(passwordResetMail(user.language, user.email, user.firstName, resetLink(deps.config.appOrigin, token)));
  return true;
}

/** The user a token belongs to while it is unused and unexpired, else null. */
export async function findResetTokenUser(deps: ResetDeps, token: string): Promise<string | null> {
  if (token === "") return null;
  const [row] = await deps.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, resetTokenId(token)), gt(passwordResetTokens.expiresAt, deps.clock.now())))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Sets the new password and ends every session, in one batch that only acts while the token is
 * still valid: of two simultaneous uses only one changes anything. All of the user's reset
 * tokens go in the same batch (single use). Returns the user id, or null for a bad token.
 */
export async function resetPassword(deps: ResetDeps, token: string, newPassword: string): Promise<string | null> {
  const userId = await findResetTokenUser(deps, token);
  if (userId === null) return null;
  const passwordHash = await hashPassword(newPassword, deps.passwordHashCost);
  const tokenStillValid = sql`exists (select 1 from ${passwordResetTokens} where ${passwordResetTokens.id} = ${resetTokenId(token)} and ${passwordResetTokens.expiresAt} > ${deps.clock.now().getTime()})`;
  const [updated] = await deps.db.batch([
    deps.db.update(users).set({ passwordHash }).where(and(eq(users.id, userId), tokenStillValid)).returning({ id: users.id }),
    deps.db.delete(sessions).where(and(eq(sessions.userId, userId), tokenStillValid)),
    deps.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
  ]);
  return updated.length === 1 ? userId : null;
}

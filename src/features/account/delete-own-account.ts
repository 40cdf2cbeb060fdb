/**
 * A member deletes their own account from Settings (Google Play's account deletion rule; UU PDP
 * 27/2022 art. 8). Confirmed by the password, or — for an account that signs in only through a
 * provider — by a sign-in at most FRESH_SIGN_IN_MINUTES old. Then the same deletion as the
 * admin's (docs/decisions/0087): everything goes, partners' chats close, the email is free again.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../app-env";
import { sessions, users } from "../../../db/schema";
import { verifyPassword } from "../auth/password";
import { deleteAccount } from "./delete-account";

/** How recent a provider sign-in must be to confirm a deletion without a password. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const DELETE_MESSAGES = {
  passwordRequired: "Please enter your password",
  wrongPassword: "Incorrect password",
  signInAgain: "Please sign in again to delete your account",
  deleted: "Your account has been deleted",
} as const;

type Deps = Pick<AppDeps, "db" | "config" | "events" | "clock">;

export type DeleteOwnResult = { ok: true } | { ok: false; status: 400 | 403 | 404; message: string; reauthenticate?: boolean };

export async function deleteOwnAccount(deps: Deps, userId: string, sessionId: string, password: string | undefined): Promise<DeleteOwnResult> {
  const [account] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (account === undefined) return { ok: false, status: 404, message: "User not found" };
  if (account.passwordHash !== null) {
    if (password === undefined || password === "") return { ok: false, status: 400, message: DELETE_MESSAGES.passwordRequired };
    if (!(await verifyPassword(password, account.passwordHash))) return { ok: false, status: 400, message: DELETE_MESSAGES.wrongPassword };
  } else {
    const [session] = await deps.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    const fresh = session !== undefined && deps.clock.now().getTime() - session.createdAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
    if (!fresh) return { ok: false, status: 403, message: DELETE_MESSAGES.signInAgain, reauthenticate: true };
  }
  const deleted = await deleteAccount(deps, userId);
  return deleted === null ? { ok: false, status: 404, message: "User not found" } : { ok: true };
}

/** Whether the account confirms a deletion with a password (else by a fresh sign-in). */
export async function accountHasPassword(db: Deps["db"], userId: string): Promise<boolean> {
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return account !== undefined && account.passwordHash !== null;
}

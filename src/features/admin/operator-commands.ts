import { eq, sql } from "drizzle-orm";
import { adminLogInsertIf, memberNameSql } from "./admin-log";
import type { Database } from "../../../db/client";
import { users, type Plan } from "../../../db/schema";
import { BAN_REASON_MAX, writeBan } from "./users/ban";

export { BAN_REASON_MAX };

/** How admin actions taken at the terminal are signed in the audit log (no admin account behind them). */
export const TERMINAL_OPERATOR = "Operator (terminal)";

const noSuchUser = (email: string) => ({ ok: false, message: `No user with email ${email}.` });

/**
 * `kasih admin grant EMAIL`: for operators at the terminal (and tests). Logged like a panel change;
 * the log row is also what tells the start-up check (super-admin-check.ts) that the operator, not
 * an old registration rule, made this account an admin.
 */
export async function grantAdmin(db: Database, email: string) {
  const target = eq(users.email, email.toLowerCase());
  const userId = sql`(select id from users where email = ${email.toLowerCase()})`;
  const [, updated] = await db.batch([
    adminLogInsertIf(db, { actor: { id: null, name: TERMINAL_OPERATOR }, action: "grant_admin", targetUserId: userId, targetName: memberNameSql(userId), at: new Date() }, sql`${userId} is not null`),
    db.update(users).set({ isAdmin: true }).where(target).returning({ id: users.id }),
  ]);
  return updated.length === 1 ? { ok: true, message: `${email} is now an admin.` } : noSuchUser(email);
}

/** `kasih user premium EMAIL PLAN`: a plan granted without an end date (free removes it). */
export async function setPlan(db: Database, email: string, plan: Plan) {
  const updated = await db.update(users).set({ plan, planExpiresAt: null }).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return updated.length === 1 ? { ok: true, message: `${email} now has the ${plan} plan.` } : noSuchUser(email);
}

/**
 * `kasih user ban EMAIL [REASON]`: moderation before (and besides) the admin panel. The same write
 * as the panel's ban (writeBan: one db.batch): the account is suspended, every session ends and
 * the audit log records it. The running server refuses the old cookies at once and closes the
 * person's live sockets at its next session sweep; discovery, matches and sign-in already leave
 * banned accounts out.
 */
export async function banUser(db: Database, email: string, reason?: string) {
  const trimmed = reason?.trim() || null;
  if (trimmed !== null && trimmed.length > BAN_REASON_MAX) return { ok: false, message: `The reason is longer than ${BAN_REASON_MAX} characters.` };
  return changeBan(db, email, true, trimmed);
}

/** `kasih user unban EMAIL`: lifts a suspension; the person signs in again. */
export async function unbanUser(db: Database, email: string) {
  return changeBan(db, email, false, null);
}

async function changeBan(db: Database, email: string, ban: boolean, reason: string | null) {
  const [user] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (user === undefined) return noSuchUser(email);
  const result = await writeBan(db, { user, ban, reason, actor: { id: null, name: TERMINAL_OPERATOR }, at: new Date() });
  // Nothing changed: an unban of an account that is not banned, or the account went meanwhile.
  if (!result.changed) return ban ? noSuchUser(email) : { ok: false, message: `${email} is not banned.` };
  return { ok: true, message: ban ? `${email} is banned; ${result.sessionsEnded} session(s) ended.` : `${email} may sign in again.` };
}

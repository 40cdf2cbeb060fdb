import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { adminActions, sessions, users, type Plan } from "../../../db/schema";
import { newId } from "../../platform/ids";

/** How admin actions taken at the terminal are signed in the audit log (no admin account behind them). */
export const TERMINAL_OPERATOR = "Operator (terminal)";

/** Ban reasons are shown to the person at sign-in ('Your account has been suspended: …'): keep them short. */
export const BAN_REASON_MAX = 500;

const noSuchUser = (email: string) => ({ ok: false, message: `No user with email ${email}.` });

/** `kasih admin grant EMAIL`: for operators at the terminal (and tests). */
export async function grantAdmin(db: Database, email: string) {
  const updated = await db.update(users).set({ isAdmin: true }).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return updated.length === 1 ? { ok: true, message: `${email} is now an admin.` } : noSuchUser(email);
}

/** `kasih user premium EMAIL PLAN`: a plan granted without an end date (free removes it). */
export async function setPlan(db: Database, email: string, plan: Plan) {
  const updated = await db.update(users).set({ plan, planExpiresAt: null }).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return updated.length === 1 ? { ok: true, message: `${email} now has the ${plan} plan.` } : noSuchUser(email);
}

/**
 * `kasih user ban EMAIL [REASON]`: moderation before (and besides) the admin panel. In one
 * transaction the account is suspended, every session ends and the audit log records it. The
 * running server refuses the old cookies at once and closes the person's live sockets at its next
 * session sweep; discovery, matches and sign-in already leave banned accounts out.
 */
export async function banUser(db: Database, email: string, reason?: string) {
  const trimmed = reason?.trim() || null;
  if (trimmed !== null && trimmed.length > BAN_REASON_MAX) return { ok: false, message: `The reason is longer than ${BAN_REASON_MAX} characters.` };
  return changeBan(db, email, "ban", trimmed);
}

/** `kasih user unban EMAIL`: lifts a suspension; the person signs in again. */
export async function unbanUser(db: Database, email: string) {
  return changeBan(db, email, "unban", null);
}

async function changeBan(db: Database, email: string, action: "ban" | "unban", reason: string | null) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ isBanned: action === "ban", banReason: reason })
      // Unban only what is banned: nothing to lift writes nothing to the audit log.
      .where(and(eq(users.email, email.toLowerCase()), action === "unban" ? eq(users.isBanned, true) : undefined))
      .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });
    if (user === undefined) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return exists === undefined ? noSuchUser(email) : { ok: false, message: `${email} is not banned.` };
    }
    const ended = action === "ban" ? await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id }) : [];
    await tx.insert(adminActions).values({ id: newId(), adminId: null, adminName: TERMINAL_OPERATOR, targetUserId: user.id, targetName: `${user.firstName} ${user.lastName}`.trim(), action, reason });
    return { ok: true, message: action === "ban" ? `${email} is banned; ${ended.length} session(s) ended.` : `${email} may sign in again.` };
  });
}

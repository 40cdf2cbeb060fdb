import { and, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client";
import { sessions, users } from "../../../../db/schema";
import { adminLogInsertIf, type Actor } from "../admin-log";
import { withdrawVouchesGiven } from "../../vouches/vouch-withdrawal";

/** Ban reasons are shown to the person at sign-in ('Your account has been suspended: …'): keep them short. */
export const BAN_REASON_MAX = 500;

export interface BanChange {
  user: { id: string; firstName: string; lastName: string };
  /** true: suspend; false: lift a suspension. */
  ban: boolean;
  /** The reason shown at sign-in (ban only). */
  reason: string | null;
  actor: Actor;
  at: Date;
}

/**
 * Suspends or reinstates an account: the one write behind both the admin panel
 * (POST /api/admin/users/{id}/ban|unban) and the `kasih user ban|unban` command. One db.batch:
 * the admin log row, the account's flag and reason and, for a ban, the end of every session
 * (ADMIN.md: "sessions and sockets end at once"). An unban changes only a banned account, and
 * its log row is written under that same condition, so lifting nothing records nothing.
 * Callers announce "user.banned" / "sessions.revoked" when the server runs in their process.
 */
export async function writeBan(db: Database, change: BanChange): Promise<{ changed: boolean; sessionsEnded: number }> {
  // An unban also lifts a suspension still running (docs/decisions/0128); a lifted one is nothing to undo.
  const target = change.ban
    ? eq(users.id, change.user.id)
    : and(eq(users.id, change.user.id), or(eq(users.isBanned, true), and(isNotNull(users.suspendedUntil), gt(users.suspendedUntil, change.at))));
  const log = adminLogInsertIf(
    db,
    {
      actor: change.actor,
      action: change.ban ? "ban" : "unban",
      targetUserId: change.user.id,
      targetName: `${change.user.firstName} ${change.user.lastName}`.trim(),
      reason: change.ban ? change.reason : null,
      at: change.at,
    },
    sql`exists (select 1 from users where ${target})`,
  );
  const update = db
    .update(users)
    .set({ isBanned: change.ban, banReason: change.ban ? change.reason : null, suspendedUntil: null, suspensionReason: null })
    .where(target)
    .returning({ id: users.id });
  if (!change.ban) {
    const [, updated] = await db.batch([log, update]);
    return { changed: updated.length > 0, sessionsEnded: 0 };
  }
  // A banned voucher's vouches go with the ban (docs/decisions/0134).
  const [, updated, ended] = await db.batch([log, update, db.delete(sessions).where(eq(sessions.userId, change.user.id)).returning({ id: sessions.id }), withdrawVouchesGiven(db, change.user.id)]);
  return { changed: updated.length > 0, sessionsEnded: ended.length };
}

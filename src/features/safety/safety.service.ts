/**
 * Staying safe (issue 6): block and report. Unmatch lives with matches. A block removes the
 * match (and with it the chat) and is checked both ways by discovery and chat; a report
 * references the user, not a match, so it survives an unmatch (docs/decisions/0073).
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { blocks, matches, users } from "../../../db/schema";
import { MAX_REPORTS_PER_DAY } from "../../platform/constants";
import { newId } from "../../platform/ids";
import type { ReportReason } from "./report-reasons";

async function userExists(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

/** True when either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Database, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/**
 * SQL condition "candidate is not blocked by or blocking viewer", for discovery queries:
 * `where(notBlockedSql(users.id, viewerId))`.
 */
export function notBlockedSql(candidateColumn: unknown, viewerId: string) {
  return sql`not exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${candidateColumn}) or (b.blocker_id = ${candidateColumn} and b.blocked_id = ${viewerId}))`;
}

/** Blocks `blockedId`; removes their match in the same batch. Returns the removed match id, if any. */
export async function blockUser(db: Database, now: Date, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) return { ok: false as const, status: 400 as const, message: "You cannot block yourself" };
  if (!(await userExists(db, blockedId))) return { ok: false as const, status: 404 as const, message: "User not found" };
  const [user1Id, user2Id] = blockerId < blockedId ? [blockerId, blockedId] : [blockedId, blockerId];
  const [, removed] = await db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing(),
    db.delete(matches).where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id))).returning({ id: matches.id }),
  ]);
  return { ok: true as const, removedMatchId: removed[0]?.id ?? null };
}

/** Files a report for the admin moderation queue (status pending). */
export async function reportUser(db: Database, now: Date, reporterId: string, input: { reportedUserId: string; reason: ReportReason; description: string }) {
  if (reporterId === input.reportedUserId) return { ok: false as const, status: 400 as const, message: "You cannot report yourself" };
  if (!(await userExists(db, input.reportedUserId))) return { ok: false as const, status: 404 as const, message: "User not found" };
  const since = now.getTime() - 24 * 60 * 60_000;
  const report = { id: newId(), reporterId, reportedUserId: input.reportedUserId, reason: input.reason, description: input.description, status: "pending" as const, createdAt: now, updatedAt: null };
  // The count and the insert are ONE statement, so reports sent at the same moment cannot pass the limit.
  const inserted = await db.run(sql`
    insert into reports (id, reporter_id, reported_user_id, reason, description, status, created_at)
    select ${report.id}, ${reporterId}, ${report.reportedUserId}, ${report.reason}, ${report.description}, 'pending', ${now.getTime()}
    where (select count(*) from reports where reporter_id = ${reporterId} and created_at >= ${since}) < ${MAX_REPORTS_PER_DAY}`);
  if (inserted.rowsAffected === 0) {
    // A rolling day: the oldest report of the window frees a slot when it leaves it.
    const [oldest] = await db.all<{ at: number }>(sql`select min(created_at) as at from reports where reporter_id = ${reporterId} and created_at >= ${since}`);
    const retryAfterSeconds = Math.max(1, Math.ceil(((oldest?.at ?? now.getTime()) + 24 * 60 * 60_000 - now.getTime()) / 1000));
    return { ok: false as const, status: 429 as const, message: "Too many reports. Please try again later", retryAfterSeconds };
  }
  return { ok: true as const, report: { id: report.id, reportedUserId: report.reportedUserId, reason: report.reason, description: report.description, status: report.status, createdAt: now.toISOString() } };
}

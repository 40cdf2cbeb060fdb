/**
 * Staying safe (issue 6): block and report. Unmatch lives with matches. A block removes the
 * match (and with it the chat) and is checked both ways by discovery and chat; a report
 * references the user, not a match, so it survives an unmatch (docs/decisions/0073).
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { blocks, matches, reports, users } from "../../../db/schema";
import { MAX_REPORTS_PER_DAY } from "../../platform/constants";
import { newId } from "../../platform/ids";
import type { ReportReason } from "./report-reasons";
import { applyReportHidingSql, countsTowardHidingSql } from "./report-standing";
import { reportedSnapshotSql } from "./report-snapshot";

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
  const [user1Id, user2Id] = orderedPair(blockerId, blockedId);
  const [, removed] = await db.batch([
    db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing(),
    db.delete(matches).where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id))).returning({ id: matches.id }),
  ]);
  return { ok: true as const, removedMatchId: removed[0]?.id ?? null };
}

/** How many lines of a conversation a report keeps as evidence. */
export const EVIDENCE_MESSAGES = 20;

/** The match row of a pair (user1Id < user2Id, as matches are stored). */
function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/**
 * The pair's last lines as a JSON array, or NULL when they have no match: evaluated inside the
 * report's INSERT, so the copy is taken before the block in the same batch deletes the match
 * and its messages (they cascade).
 */
function evidenceSql(reporterId: string, reportedId: string) {
  const [user1Id, user2Id] = orderedPair(reporterId, reportedId);
  const matchId = sql`(select id from matches where user1_id = ${user1Id} and user2_id = ${user2Id})`;
  return sql`case when ${matchId} is null then null else (
    select json_group_array(json_object('id', id, 'senderId', sender_id, 'content', content, 'kind', kind, 'createdAt', created_at))
    from (select id, sender_id, content, kind, created_at from messages where match_id = ${matchId} order by created_at desc, id desc limit ${EVIDENCE_MESSAGES})
  ) end`;
}

export interface ReportInput {
  reportedUserId: string;
  reason: ReportReason;
  description: string;
  /** Also block (and so unmatch) the person: the default, so the reporter is out of reach at once. */
  block: boolean;
}

/** Where the report came from: three reporters must come from three addresses to hide someone (docs/decisions/0129). */
export interface ReportOrigin {
  ip: string;
}

/**
 * Files a report for the admin moderation queue (status pending) with the conversation's last
 * lines as evidence and, unless the reporter opted out, blocks the person. ONE db.batch
 * (docs/decisions/0002): the report INSERT carries the day's limit, the evidence copy, the
 * reported profile's snapshot, the reporter's address and whether the report counts toward
 * hiding (docs/decisions/0129); the block, the match removal and the hiding run only if that
 * report row exists, so a refused report changes nothing.
 */
export async function reportUser(db: Database, now: Date, reporterId: string, input: ReportInput, origin: ReportOrigin = { ip: "unknown" }) {
  if (reporterId === input.reportedUserId) return { ok: false as const, status: 400 as const, message: "You cannot report yourself" };
  if (!(await userExists(db, input.reportedUserId))) return { ok: false as const, status: 404 as const, message: "User not found" };
  const since = now.getTime() - 24 * 60 * 60_000;
  const id = newId();
  const reportExists = sql`exists (select 1 from reports where id = ${id})`;
  const [user1Id, user2Id] = orderedPair(reporterId, input.reportedUserId);
  // The count and the insert are ONE statement, so reports sent at the same moment cannot pass the limit.
  const insertReport = db.run(sql`
    insert into reports (id, reporter_id, reported_user_id, reason, description, evidence, reported_snapshot, reporter_ip, counts_toward_hiding, status, created_at)
    select ${id}, ${reporterId}, ${input.reportedUserId}, ${input.reason}, ${input.description}, ${evidenceSql(reporterId, input.reportedUserId)},
      ${reportedSnapshotSql(input.reportedUserId, now)}, ${origin.ip}, ${countsTowardHidingSql(reporterId, input.reportedUserId, now)}, 'pending', ${now.getTime()}
    where (select count(*) from reports where reporter_id = ${reporterId} and created_at >= ${since}) < ${MAX_REPORTS_PER_DAY}`);
  // After the INSERT, so the new report is among those counted; a no-op when it was refused (nothing changed).
  const hide = db.run(applyReportHidingSql(input.reportedUserId, now));
  const statements = input.block
    ? ([
        insertReport,
        hide,
        db.run(sql`insert into blocks (blocker_id, blocked_id, created_at) select ${reporterId}, ${input.reportedUserId}, ${now.getTime()} where ${reportExists} on conflict do nothing`),
        db.delete(matches).where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id), reportExists)).returning({ id: matches.id }),
      ] as const)
    : ([insertReport, hide] as const);
  const results = (await db.batch(statements as unknown as Parameters<typeof db.batch>[0])) as readonly unknown[];
  if ((results[0] as { rowsAffected: number }).rowsAffected === 0) {
    // A rolling day: the oldest report of the window frees a slot when it leaves it.
    const [oldest] = await db.all<{ at: number }>(sql`select min(created_at) as at from reports where reporter_id = ${reporterId} and created_at >= ${since}`);
    const retryAfterSeconds = Math.max(1, Math.ceil(((oldest?.at ?? now.getTime()) + 24 * 60 * 60_000 - now.getTime()) / 1000));
    return { ok: false as const, status: 429 as const, message: "Too many reports. Please try again later", retryAfterSeconds };
  }
  const removed = input.block ? (results[3] as { id: string }[]) : [];
  const [kept] = await db.select({ snapshot: reports.reportedSnapshot }).from(reports).where(eq(reports.id, id)).limit(1);
  return {
    ok: true as const,
    /** The photo files the snapshot names, to keep as evidence (report-snapshot.ts). */
    snapshotPhotos: kept?.snapshot?.photos ?? [],
    blocked: input.block,
    removedMatchId: removed[0]?.id ?? null,
    report: { id, reportedUserId: input.reportedUserId, reason: input.reason, description: input.description, status: "pending" as const, blocked: input.block, createdAt: now.toISOString() },
  };
}

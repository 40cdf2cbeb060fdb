/**
 * Match Management (spec point 2, ADMIN.md "Lists"): every match with both members, searchable by
 * either member's name or email, and its deletion, which ends the match for both.
 */
import { count, desc, eq, or, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppDeps } from "../../../app-env";
import { matches, users } from "../../../../db/schema";
import type { SessionUser } from "../../auth/session";
import { offsetOf, orderOf, pageOf } from "../list-query";
import { csvTime, type CsvColumn } from "../list-csv";
import { actorOf, adminLogInsertIf } from "../admin-log";
import { ADMIN_USER_MESSAGES, type MatchListQuery, type MatchSortColumn } from "../users/users.schemas";
import { personMatches, type AdminResult } from "../users/users.service";

type Deps = Pick<AppDeps, "db" | "clock" | "events">;

export interface MatchMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** Spec point 3 "Admin match entry", with what an admin needs to judge it. */
export interface AdminMatchEntry {
  id: string;
  user1: MatchMember;
  user2: MatchMember;
  createdAt: string;
  lastMessageAt: string | null;
  messageCount: number;
}

const member1 = alias(users, "member1");
const member2 = alias(users, "member2");

const entryColumns = {
  id: matches.id,
  createdAt: matches.createdAt,
  lastMessageAt: matches.lastMessageAt,
  // Counted through the (match_id, created_at) index of messages: ten counts per page.
  messageCount: sql<number>`(select count(*) from messages where messages.match_id = ${matches.id})`.mapWith(Number),
  user1Id: member1.id,
  user1FirstName: member1.firstName,
  user1LastName: member1.lastName,
  user1Email: member1.email,
  user2Id: member2.id,
  user2FirstName: member2.firstName,
  user2LastName: member2.lastName,
  user2Email: member2.email,
};

function selectEntries(deps: Pick<Deps, "db">) {
  return deps.db.select(entryColumns).from(matches).innerJoin(member1, eq(member1.id, matches.user1Id)).innerJoin(member2, eq(member2.id, matches.user2Id));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>["all"]>>[number];

function toEntry(row: EntryRow): AdminMatchEntry {
  return {
    id: row.id,
    user1: { id: row.user1Id, firstName: row.user1FirstName, lastName: row.user1LastName, email: row.user1Email },
    user2: { id: row.user2Id, firstName: row.user2FirstName, lastName: row.user2LastName, email: row.user2Email },
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    messageCount: row.messageCount,
  };
}

/** What each sort column orders by (docs/decisions/0131); `member` is the first member's name. */
const MATCH_SORT_SQL: Record<MatchSortColumn, SQLWrapper> = {
  createdAt: matches.createdAt,
  lastMessageAt: matches.lastMessageAt,
  messageCount: entryColumns.messageCount,
  member: sql`lower(trim(${member1.firstName} || ' ' || ${member1.lastName}))`,
};

/** The matches' CSV: both members, the dates and the message count. */
export const MATCH_CSV: CsvColumn<AdminMatchEntry>[] = [
  { header: "id", value: (match) => match.id },
  { header: "member1_name", value: (match) => memberName(match.user1) },
  { header: "member1_email", value: (match) => match.user1.email },
  { header: "member2_name", value: (match) => memberName(match.user2) },
  { header: "member2_email", value: (match) => match.user2.email },
  { header: "created_at", value: (match) => csvTime(match.createdAt) },
  { header: "last_message_at", value: (match) => csvTime(match.lastMessageAt) },
  { header: "message_count", value: (match) => match.messageCount },
];

/** GET /api/admin/matches: newest first unless sorted; `search` finds either member by name or email. */
export async function listAdminMatches(deps: Pick<Deps, "db">, query: MatchListQuery) {
  const where = query.search ? or(personMatches(member1, query.search), personMatches(member2, query.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    selectEntries(deps)
      .where(where)
      .orderBy(...orderOf(query.sort, MATCH_SORT_SQL, [desc(matches.createdAt), desc(matches.id)]))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(matches).innerJoin(member1, eq(member1.id, matches.user1Id)).innerJoin(member2, eq(member2.id, matches.user2Id)).where(where),
  ]);
  return pageOf("matches", rows.map(toEntry), total?.value ?? 0, query);
}

export async function findAdminMatch(deps: Pick<Deps, "db">, matchId: string): Promise<AdminMatchEntry | null> {
  const [row] = await selectEntries(deps).where(eq(matches.id, matchId)).limit(1);
  return row === undefined ? null : toEntry(row);
}

export const memberName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`.trim();

/**
 * DELETE /api/admin/matches/{id}: the match, its messages (foreign key) and the "delete_match"
 * log row in one batch, the row written only while the match still exists; then both members'
 * open chats hear match_removed ("match.removed", the realtime area).
 */
export async function deleteAdminMatch(deps: Deps, admin: SessionUser, matchId: string): Promise<AdminResult<null>> {
  const match = await findAdminMatch(deps, matchId);
  if (match === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.matchNotFound };
  const [, removed] = await deps.db.batch([
    adminLogInsertIf(
      deps.db,
      { actor: actorOf(admin), action: "delete_match", targetUserId: null, targetName: `${memberName(match.user1)} & ${memberName(match.user2)}`, at: deps.clock.now() },
      sql`exists (select 1 from matches where id = ${matchId})`,
    ),
    deps.db.delete(matches).where(eq(matches.id, matchId)).returning({ user1Id: matches.user1Id, user2Id: matches.user2Id }),
  ]);
  const pair = removed[0];
  if (pair === undefined) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.matchNotFound };
  deps.events.emit("match.removed", { matchId, userIds: [pair.user1Id, pair.user2Id] });
  return { ok: true, value: null };
}

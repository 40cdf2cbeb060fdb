/**
 * Matches of a user (spec point 3, Match): the list with the other person, the last message and
 * the unread count, and the one question every match-scoped route asks: "is this match yours?".
 */
import { denominationName } from "../profile/denominations";
import { and, eq, or, sql } from "drizzle-orm";
import { sideWrite } from "../../operations/storage-health";
import type { Database } from "../../../db/client";
import { matches, users } from "../../../db/schema";
import { thumbUrl } from "../profile/profile-json";
import { preparedQuery } from "../../../db/prepared";
import { matchesWith, NO_MATCH } from "../questions/answers-store";
import type { Lang } from "../../i18n";

export interface MatchMembership {
  id: string;
  otherUserId: string;
}

/** The match when the user is one of its two people; null otherwise (the route answers 404). */
export async function findMatchFor(db: Database, matchId: string, userId: string): Promise<MatchMembership | null> {
  // Prepared once per database: every match-scoped request and the chat page ask it.
  const query = preparedQuery(db, "matches.membership", () =>
    db
      .select({ id: matches.id, user1Id: matches.user1Id, user2Id: matches.user2Id })
      .from(matches)
      .where(and(eq(matches.id, sql.placeholder("matchId")), or(eq(matches.user1Id, sql.placeholder("userId")), eq(matches.user2Id, sql.placeholder("userId")))))
      .limit(1)
      .prepare(),
  );
  const rows = await query.execute({ matchId, userId });
  const row = rows[0];
  if (row === undefined) return null;
  return { id: row.id, otherUserId: row.user1Id === userId ? row.user2Id : row.user1Id };
}

/**
 * Like findMatchFor, but null while the match is closed to talk: either of the two has blocked
 * the other, or the other person is banned (their matches vanish from the list too).
 */
export async function findOpenMatchFor(db: Database, matchId: string, userId: string): Promise<MatchMembership | null> {
  const match = await findMatchFor(db, matchId, userId);
  if (match === null) return null;
  const closed = await db.all(sql`
    select 1 from blocks where (blocker_id = ${userId} and blocked_id = ${match.otherUserId}) or (blocker_id = ${match.otherUserId} and blocked_id = ${userId})
    union all select 1 from users where id = ${match.otherUserId} and is_banned = 1
    limit 1`);
  return closed.length > 0 ? null : match;
}

/** The match between two people, whichever order they are given in. */
export async function findMatchBetween(db: Database, a: string, b: string) {
  const [user1Id, user2Id] = a < b ? [a, b] : [b, a];
  const rows = await db.select({ id: matches.id }).from(matches).where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id))).limit(1);
  return rows[0]?.id ?? null;
}

interface MatchListRow {
  id: string;
  created_at: number;
  last_message_at: number | null;
  other_id: string;
  first_name: string;
  verified_at: number | null;
  age: number | null;
  denomination: string | null;
  photo: string | null;
  last_id: string | null;
  last_content: string | null;
  last_kind: string | null;
  last_sender_id: string | null;
  last_created_at: number | null;
  last_read_at: number | null;
  unread_count: number;
  receipts_shared: number;
  chaperone_can_read: number;
}

/**
 * The user's matches, newest activity first: `user1` is always the OTHER person (spec point 3),
 * with the main photo, the last message and how many of theirs are unread. One query. Banned
 * people and pairs where either has blocked the other are left out.
 */
export async function listMatches(db: Database, userId: string, lang: Lang = "en", now = new Date()) {
  const rows = (await db.all(sql`
    select m.id, m.created_at, m.last_message_at,
      u.id as other_id, u.first_name, u.photo_verified_at as verified_at, p.age, p.denomination,
      (select ph.file_name from photos ph where ph.user_id = u.id order by ph.position limit 1) as photo,
      lm.id as last_id, lm.content as last_content, lm.kind as last_kind, lm.sender_id as last_sender_id,
      lm.created_at as last_created_at, lm.read_at as last_read_at,
      -- Read status shows only when both have read receipts on (src/features/settings).
      u.read_receipts * (select me.read_receipts from users me where me.id = ${userId}) as receipts_shared,
      (select count(*) from messages um where um.match_id = m.id and um.sender_id <> ${userId} and um.read_at is null) as unread_count,
      -- Either member shares it with their chaperone now (MATCHING.md 'Chaperone'; docs/decisions/0135).
      exists (select 1 from chaperone_shares cs where cs.match_id = m.id and cs.unshared_at is null) as chaperone_can_read
    from matches m
    join users u on u.id = case when m.user1_id = ${userId} then m.user2_id else m.user1_id end
    left join profiles p on p.user_id = u.id
    left join messages lm on lm.id = (
      select id from messages x where x.match_id = m.id order by x.created_at desc, x.rowid desc limit 1)
    where (m.user1_id = ${userId} or m.user2_id = ${userId}) and u.is_banned = 0
      -- A block removes the match, but a block racing a swipe can leave the row: never list it.
      and not exists (select 1 from blocks b where (b.blocker_id = ${userId} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${userId}))
    order by coalesce(m.last_message_at, m.created_at) desc, m.id desc
  `)) as MatchListRow[];
  // The values match with each (docs/decisions/0133): one read of their answers.
  const values = await matchesWith(db, userId, rows.map((row) => row.other_id), lang, now.getTime());
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    lastActivityAt: new Date(row.last_message_at ?? row.created_at).toISOString(),
    user1: {
      id: row.other_id,
      firstName: row.first_name,
      age: row.age,
      denomination: row.denomination,
      // The family's name in the request's language (MATCHING.md, docs/decisions/0132).
      denominationName: row.denomination === null ? null : denominationName(row.denomination, lang),
      photo: row.photo === null ? null : thumbUrl(row.photo),
      // The Verified badge on the row (the live selfie matched, src/features/verification).
      verified: row.verified_at !== null,
    },
    matchPercent: (values.get(row.other_id) ?? NO_MATCH).matchPercent,
    matchReasons: (values.get(row.other_id) ?? NO_MATCH).matchReasons.map(({ text, agrees }) => ({ text, agrees })),
    lastMessage:
      row.last_id === null
        ? null
        : {
            id: row.last_id,
            content: row.last_content ?? "",
            kind: row.last_kind ?? "text",
            senderId: row.last_sender_id ?? "",
            createdAt: new Date(row.last_created_at ?? 0).toISOString(),
            readAt: row.last_read_at === null || row.receipts_shared !== 1 ? null : new Date(row.last_read_at).toISOString(),
          },
    unreadCount: Number(row.unread_count),
    chaperoneCanRead: Number(row.chaperone_can_read) === 1,
  }));
}

export type MatchListItem = Awaited<ReturnType<typeof listMatches>>[number];

/** Deletes the match (its messages go with it: the chat disappears for both). Returns the pair, or null. */
export async function deleteMatchFor(db: Database, matchId: string, userId: string): Promise<[string, string] | null> {
  const removed = await db
    .delete(matches)
    .where(and(eq(matches.id, matchId), or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))))
    .returning({ user1Id: matches.user1Id, user2Id: matches.user2Id });
  const row = removed[0];
  return row === undefined ? null : [row.user1Id, row.user2Id];
}

/**
 * The tab bar's marks, with the same rules as the list (banned people and blocked pairs do not
 * count): messages from others waiting unread (the Chats badge), and matches made since the
 * member last opened Matches that have no message yet (the Matches dot).
 */
export async function tabCounts(db: Database, userId: string): Promise<{ count: number; newMatches: number }> {
  const open = sql`(m.user1_id = ${userId} or m.user2_id = ${userId}) and u.is_banned = 0
      and not exists (select 1 from blocks b where (b.blocker_id = ${userId} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${userId}))`;
  const other = sql`join users u on u.id = case when m.user1_id = ${userId} then m.user2_id else m.user1_id end`;
  const [[unread], [fresh]] = (await Promise.all([
    db.all(sql`select count(*) as count from messages um join matches m on m.id = um.match_id ${other}
      where ${open} and um.sender_id <> ${userId} and um.read_at is null`),
    db.all(sql`select count(*) as count from matches m ${other}
      where ${open} and m.last_message_at is null
        and m.created_at > coalesce((select me.matches_seen_at from users me where me.id = ${userId}), 0)`),
  ])) as [{ count: number }[], { count: number }[]];
  return { count: Number(unread?.count ?? 0), newMatches: Number(fresh?.count ?? 0) };
}

/** The member opened Matches: its tab's dot goes until a newer match (a side write: docs/decisions/0116). */
export async function markMatchesSeen(db: Database, userId: string, now: Date): Promise<void> {
  await sideWrite(db, "matches seen", () => db.update(users).set({ matchesSeenAt: now }).where(eq(users.id, userId)));
}

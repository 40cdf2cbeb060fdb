/**
 * Swipes, matches and the Premium Plus actions (issue 5 items 2 and 3).
 *
 * A swipe is ONE db.batch (all or nothing, docs/decisions/0002; committed together with the
 * other batches of its event-loop turn, docs/decisions/0103), docs/decisions/0062:
 *   1. free users only: the day's counter is created or incremented only while below the limit
 *      and the swipe is allowed (INSERT ... SELECT ... WHERE allowed ON CONFLICT DO UPDATE ...
 *      WHERE swipes < limit RETURNING swipes);
 *   2. the swipe row is inserted only if statement 1 changed a row (`changes() = 1`), or for
 *      Premium only if the swipe is allowed; a second swipe of the same person breaks the pair
 *      key (migration 0014), which rolls the whole batch back, so the counter is never consumed
 *      by a refused swipe;
 *   3. on a like, right after statement 2 inserted it, the match is inserted only if the other
 *      person's like exists, once per pair
 *      (matches_pair_unique + ON CONFLICT DO NOTHING RETURNING id tells who created it).
 * Who may swipe whom is checked inside the writes, not by a read before them: a swipe is the
 * most frequent call, and one statement fewer per swipe is measurable (docs/decisions/0109).
 * Only a refused swipe reads why (profile incomplete, not found, or the day's limit).
 * Statements run one after another on the single connection, so two people liking each other
 * at the same moment see each other's like in one of the two batches: exactly one match.
 */
import type { Row } from "@libsql/client";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { SessionUser } from "../auth/session";
import { jakartaDayOf } from "../../platform/clock";
import { BOOST_DURATION_MS, FREE_DAILY_SWIPES } from "../../platform/constants";
import { newId } from "../../platform/ids";
import { hasPremium, hasPremiumPlus } from "../premium/plan-rules";
import { deckCacheFor } from "./deck-cache";

export type SwipeOutcome =
  | { ok: true; isMatch: boolean; matchId?: string; createdMatch: boolean; swipesToday: number | null }
  | { ok: false; status: 400 | 403 | 404 | 429; message: string };

export const SWIPE_MESSAGES = {
  self: "You cannot swipe yourself",
  /** The same words as GET /api/discovery's 400, so the deck sends the member to the editor. */
  profileIncomplete: "Profile incomplete",
  notFound: "User not found",
  twice: "You already swiped this person",
  limit: "Daily swipe limit reached",
  superLikeNeedsLike: "A super like is a like",
  superLikePlus: "Super like requires Premium Plus",
  undoPlus: "Undo requires Premium Plus",
  boostPlus: "Boost requires Premium Plus",
  nothingToUndo: "Nothing to undo",
  undoMatched: "A swipe that made a match cannot be undone",
} as const;

/*
 * The statements of a swipe, as fixed SQL text sent to the client as it is: a swipe is the most
 * frequent call of all (one every 3 s per active member), and building these with drizzle took
 * longer than running them (docs/decisions/0104). Arguments by number: ?1 the swiper, ?2 the
 * person swiped.
 */

/**
 * Who may swipe whom: the swiper has a profile (a member who never completed one is not in
 * anyone's deck and may not like people through the API either), and the person exists, has a
 * profile, is not banned, and there is no block either way.
 */
const SWIPER_READY = "exists (select 1 from profiles where user_id = ?1)";
const SWIPEABLE = `exists (select 1 from users u join profiles p on p.user_id = u.id
    where u.id = ?2 and u.is_banned = 0
      and not exists (select 1 from blocks b1 where b1.blocker_id = ?1 and b1.blocked_id = u.id)
      and not exists (select 1 from blocks b2 where b2.blocker_id = u.id and b2.blocked_id = ?1))`;

/** Why a swipe was refused, read only after a refusal. */
const SWIPE_ALLOWED_SQL = `select ${SWIPER_READY} as ready, ${SWIPEABLE} as ok`;

/**
 * Free members' day counter (?3 the Jakarta day, ?4 the limit): no row back once the limit is
 * reached or when the swipe is not allowed. (The WHERE before ON CONFLICT is also what SQLite
 * needs to read an upsert's SELECT.)
 */
const COUNT_SWIPE_SQL = `insert into daily_usage (user_id, day, swipes, chats)
  select ?1, ?3, 1, 0 where ${SWIPER_READY} and ${SWIPEABLE}
  on conflict (user_id, day) do update set swipes = swipes + 1 where swipes < ?4
  returning swipes`;

/** ?3 like, ?4 super like, ?5 the time; nothing inserted when not allowed. */
const INSERT_SWIPE_SQL = `insert into swipes (swiper_id, swiped_id, is_like, is_super_like, created_at)
  select ?1, ?2, ?3, ?4, ?5 where ${SWIPER_READY} and ${SWIPEABLE}`;
/** The same, only when the counter statement just before it changed a row. */
const INSERT_COUNTED_SWIPE_SQL = `insert into swipes (swiper_id, swiped_id, is_like, is_super_like, created_at)
  select ?1, ?2, ?3, ?4, ?5 where changes() = 1`;

/**
 * ?3 the match's id, ?4 and ?5 the ordered pair, ?6 the time; returns the id when this like made
 * it. Only right after this batch inserted the like (`changes() = 1`): after an unmatch both old
 * likes remain, and a refused like (a block since) must not bring the match back.
 */
const INSERT_MATCH_SQL = `insert into matches (id, user1_id, user2_id, created_at)
  select ?3, ?4, ?5, ?6
  where changes() = 1
    and exists (select 1 from swipes s where s.swiper_id = ?2 and s.swiped_id = ?1 and s.is_like = 1)
  on conflict do nothing
  returning id`;

async function swipeAllowed(db: Database, swiperId: string, swipedId: string): Promise<{ swiperReady: boolean; swipeable: boolean }> {
  const { rows } = await db.$client.execute({ sql: SWIPE_ALLOWED_SQL, args: [swiperId, swipedId] });
  return { swiperReady: Number(rows[0]?.ready) === 1, swipeable: Number(rows[0]?.ok) === 1 };
}

/**
 * Why nothing was written: the swiper's profile, the person, else the day's limit. The read runs
 * after the batch: if a block was lifted or a profile saved in between, it finds the swipe
 * allowed, and then only a counted swipe can have been refused by the limit; otherwise it is "not
 * found", as when the batch ran.
 */
async function refusal(db: Database, swiperId: string, swipedId: string, limited: boolean): Promise<SwipeOutcome & { ok: false }> {
  const allowed = await swipeAllowed(db, swiperId, swipedId);
  if (!allowed.swiperReady) return { ok: false, status: 400, message: SWIPE_MESSAGES.profileIncomplete };
  if (!allowed.swipeable || !limited) return { ok: false, status: 404, message: SWIPE_MESSAGES.notFound };
  return { ok: false, status: 429, message: SWIPE_MESSAGES.limit };
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error) + String((error as { cause?: unknown })?.cause ?? "");
  return text.includes("UNIQUE constraint failed");
}

export async function swipe(
  db: Database,
  user: SessionUser,
  now: Date,
  input: { swipedId: string; isLike: boolean; isSuperLike?: boolean },
): Promise<SwipeOutcome> {
  const isSuperLike = input.isSuperLike === true;
  if (input.swipedId === user.id) return { ok: false, status: 400, message: SWIPE_MESSAGES.self };
  if (isSuperLike && !input.isLike) return { ok: false, status: 400, message: SWIPE_MESSAGES.superLikeNeedsLike };
  if (isSuperLike && !hasPremiumPlus(user, now)) return { ok: false, status: 403, message: SWIPE_MESSAGES.superLikePlus };

  const limited = !hasPremium(user, now);
  const day = jakartaDayOf(now);
  const nowMs = now.getTime();
  const [user1Id, user2Id] = user.id < input.swipedId ? [user.id, input.swipedId] : [input.swipedId, user.id];

  const pair = [user.id, input.swipedId];
  const statements = [
    ...(limited ? [{ sql: COUNT_SWIPE_SQL, args: [...pair, day, FREE_DAILY_SWIPES] }] : []),
    { sql: limited ? INSERT_COUNTED_SWIPE_SQL : INSERT_SWIPE_SQL, args: [...pair, input.isLike ? 1 : 0, isSuperLike ? 1 : 0, nowMs] },
    // A pass can never make a match: its batch has no match statement (and needs no match id).
    ...(input.isLike ? [{ sql: INSERT_MATCH_SQL, args: [...pair, newId(), user1Id, user2Id, nowMs] }] : []),
  ];
  let counted: Row[] = [];
  let created: Row[] = [];
  let inserted = false;
  try {
    const results = await db.$client.batch(statements, "write");
    if (limited) counted = results[0]!.rows;
    inserted = results[limited ? 1 : 0]!.rowsAffected === 1;
    if (input.isLike) created = results[results.length - 1]!.rows;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 400, message: SWIPE_MESSAGES.twice };
    throw error;
  }
  if (!inserted) return refusal(db, user.id, input.swipedId, limited);
  // Swiped is not eligible again (an undo hands the card back itself): the next Discover call
  // does not check this person (deck-cache.ts).
  deckCacheFor(db).drop(user.id, input.swipedId);

  const swipesToday = limited ? Number(counted[0]!.swipes) : null;
  if (created.length > 0) return { ok: true, isMatch: true, matchId: String(created[0]!.id), createdMatch: true, swipesToday };
  // No match row came back: the other side has not liked yet. (A pair cannot already be matched
  // here: a match needs this swiper's like, and a second swipe of the same person is refused.)
  return { ok: true, isMatch: false, createdMatch: false, swipesToday };
}

/**
 * Undo the latest swipe (Premium Plus), unless it made a match. One conditional DELETE.
 * "Made a match" is a like answered by the other's like, whether or not the match still exists:
 * after an unmatch the two likes remain, and undoing one would let the caller like again and
 * re-create the match the other person ended.
 */
export async function undoLastSwipe(db: Database, user: SessionUser, now: Date): Promise<{ ok: true; swipedId: string } | { ok: false; status: 400 | 403; message: string }> {
  if (!hasPremiumPlus(user, now)) return { ok: false, status: 403, message: SWIPE_MESSAGES.undoPlus };
  // The caller's swipes are one range of the pair key (migration 0014): a rare action reads them
  // all rather than every swipe keeping an index for it (docs/decisions/0109).
  const latest = await db.all<{ swiped_id: string }>(sql`select swiped_id from swipes where swiper_id = ${user.id} order by created_at desc limit 1`);
  const last = latest[0];
  if (last === undefined) return { ok: false, status: 400, message: SWIPE_MESSAGES.nothingToUndo };
  const [user1Id, user2Id] = user.id < last.swiped_id ? [user.id, last.swiped_id] : [last.swiped_id, user.id];
  const deleted = await db.all<{ swiped_id: string }>(sql`
    delete from swipes where swiper_id = ${user.id} and swiped_id = ${last.swiped_id}
      and not exists (select 1 from matches m where m.user1_id = ${user1Id} and m.user2_id = ${user2Id})
      and not (is_like = 1 and exists (select 1 from swipes o where o.swiper_id = ${last.swiped_id} and o.swiped_id = ${user.id} and o.is_like = 1))
    returning swiped_id`);
  if (deleted.length === 0) return { ok: false, status: 400, message: SWIPE_MESSAGES.undoMatched };
  return { ok: true, swipedId: last.swiped_id };
}

/** Boost (Premium Plus): 30 minutes at the front of nearby people's decks. */
export async function boost(db: Database, user: SessionUser, now: Date): Promise<{ ok: true; boostedUntil: Date } | { ok: false; status: 403; message: string }> {
  if (!hasPremiumPlus(user, now)) return { ok: false, status: 403, message: SWIPE_MESSAGES.boostPlus };
  const boostedUntil = new Date(now.getTime() + BOOST_DURATION_MS);
  await db.run(sql`update users set boosted_until = ${boostedUntil.getTime()} where id = ${user.id}`);
  return { ok: true, boostedUntil };
}

/** When the member's running boost ends, or null when none runs (the deck's boost button counts it down). */
export async function boostEndsFor(db: Database, userId: string, now: Date): Promise<Date | null> {
  const rows = await db.all<{ boosted_until: number | null }>(sql`select boosted_until from users where id = ${userId}`);
  const until = rows[0]?.boosted_until ?? null;
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

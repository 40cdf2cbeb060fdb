/**
 * Discover's statements as fixed SQL text (docs/decisions/0110): the same text on every call, so
 * each is prepared once and kept, and nothing is built per call. Lists (the ids a client holds,
 * the filters' denominations and goals, the cities within reach, a window of ids) travel as one
 * JSON array parameter each, read with json_each, instead of one placeholder per item: a list of
 * another length would be another statement to prepare, and the ranking query takes about a
 * third of a millisecond to prepare.
 *
 * The ranking and the check of a kept deck share the eligibility parameters ?1–?9
 * (`eligibilityArgs`) and now (ms) as ?10, and number their own from ?11; the other statements have their own numbers,
 * said above each.
 */
import { DISCOVERY_ACTIVE_WINDOW, DISCOVERY_POOL_SIZE } from "../../platform/constants";
import { DECK_SIZE } from "./deck-cache";

/** The viewer's settings as the parameters ?1–?9 of RANK_POOL_SQL and STILL_ELIGIBLE_SQL. */
export interface Eligibility {
  viewerId: string;
  otherGender: "male" | "female";
  /** Ids left out (the cards the client holds). */
  exclude: string[];
  verifiedOnly: boolean;
  ageMin: number | null;
  ageMax: number | null;
  /** Empty: no denomination filter. */
  denominations: string[];
  /** Empty: no goals filter. */
  goals: string[];
  /** City ids within the search distance; null when the viewer has no city (no distance test). */
  reach: string[] | null;
}

export function eligibilityArgs(e: Eligibility): (string | number | null)[] {
  return [
    e.viewerId, // ?1
    e.otherGender, // ?2
    JSON.stringify(e.exclude), // ?3
    e.verifiedOnly ? 1 : 0, // ?4
    e.ageMin, // ?5
    e.ageMax, // ?6
    JSON.stringify(e.denominations), // ?7
    JSON.stringify(e.goals), // ?8
    e.reach === null ? null : JSON.stringify(e.reach), // ?9
  ];
}

/**
 * Eligibility tests on the columns of users `u` and profiles `p` (no lookups). Hidden members
 * (an admin's hide, or reports) and members suspended now (?10 is now, in ms) are off every deck
 * (docs/decisions/0128); both columns are in users_last_active_idx, so the walk of the most
 * recently active still reads no table row. A goals filter
 * asks for people who said so: those who gave no goal are left out. People without a city have
 * no known distance: they stay in (the card shows the fixed text).
 */
const COLUMN_CHECKS = `p.gender = ?2 and u.is_banned = 0 and u.id <> ?1
  and u.hidden_at is null and (u.suspended_until is null or u.suspended_until <= ?10)
  and (?3 = '[]' or u.id not in (select value from json_each(?3)))
  and (?4 = 0 or u.photo_verified_at is not null)
  and (?5 is null or p.age >= ?5) and (?6 is null or p.age <= ?6)
  and (?7 = '[]' or p.denomination in (select value from json_each(?7)))
  and (?8 = '[]' or p.relationship_goals in (select value from json_each(?8)))
  and (?9 is null or p.city is null or p.city_lat is null or p.city in (select value from json_each(?9)))`;

/**
 * Eligibility tests that look a row up: not swiped by the viewer, no block either way. Members
 * hidden by reports are left out by the column test on users.hidden_at, which filing and deciding
 * reports keep (src/features/safety/report-standing.ts, docs/decisions/0129), so Discover no
 * longer counts reports per candidate. With
 * the photo test: `users.has_photo` where the row is at hand (kept by the database, 0109), the
 * photos index where only the id is.
 */
function lookupChecks(id: string, photoTest: string): string {
  return `${photoTest}
    and not exists (select 1 from swipes sw where sw.swiper_id = ?1 and sw.swiped_id = ${id})
    and not exists (select 1 from blocks b1 where b1.blocker_id = ?1 and b1.blocked_id = ${id})
    and not exists (select 1 from blocks b2 where b2.blocker_id = ${id} and b2.blocked_id = ?1)`;
}

/** Every test, on a row of users `u` joined with its profile `p`. */
const ELIGIBLE = `${COLUMN_CHECKS} and ${lookupChecks("u.id", "u.has_photo = 1")}`;

const CARD_COLUMNS = `u.id, u.first_name, p.age, p.gender, p.denomination, p.church_id, p.church_name, p.bio, p.interests, p.occupation,
  p.education, p.jesus_christ_meaning, p.faith_duration, p.relationship_goals, p.ministry_involvement, p.prompts, p.city_lat, p.city_lng, u.show_distance, u.photo_verified_at is not null as verified`;

/** 2 = super-liked the viewer, 1 = liked, null = neither. */
const LIKED_ME = `(select 1 + max(lk.is_super_like) from swipes lk where lk.swiper_id = u.id and lk.swiped_id = ?1 and lk.is_like = 1) as liked_me`;

/**
 * People of the other gender nearby, in three reads: with no city of the viewer's own (?9 null),
 * anyone; else the cities in reach, and the people who gave no city. The reads that do not apply
 * to ?9 stop before their first row. The index is named: without statistics (the app runs no
 * ANALYZE) the planner cannot tell how short the JSON list of cities is, and walked everyone of
 * that gender by age instead of looking the cities up. Each read takes the first
 * DISCOVERY_POOL_SIZE eligible people in that index's order (city, then age).
 */
function nearbyRead(cityTest: string): string {
  return `select * from (select u.id from profiles p indexed by profiles_discovery_idx cross join users u on u.id = p.user_id where ${cityTest} and p.gender = ?2 and ${ELIGIBLE} limit ${DISCOVERY_POOL_SIZE})`;
}

/**
 * The best of the pool by this score, whose match % is then computed to rank the deck
 * (discovery.service.ts, docs/decisions/0133): twice a kept deck, so that people left out by a
 * mandatory question or a minimum match leave enough.
 */
export const RANKED_CANDIDATES = DECK_SIZE * 2;

/**
 * The viewer's pool ranked, best first, RANKED_CANDIDATES at most, each with its `score`. The pool is the union of bounded,
 * index-driven reads, so the work does not grow with the number of members (bench/discovery):
 * - everyone who liked the viewer (swipes_swiped_like_idx) and everyone boosted now;
 * - the most recently active members: only the DISCOVERY_ACTIVE_WINDOW newest of
 *   users_last_active_idx are looked at, column tests first on that covering index, lookups after;
 * - people of the other gender in the cities within reach, and without a city
 *   (profiles_discovery_idx), for regions where few of the most active live; with no city of
 *   their own, anyone of the other gender.
 *
 * ?10 now (ms), ?11 the bonus of a plain like (1000 when likes come first, else 0), ?12 the
 * viewer's relationship goals, ?13 denomination (a family key), ?14 age, ?15 church id (null: none;
 * the same church ranks above the same family alone, docs/decisions/0132).
 */
export const RANK_POOL_SQL = `with recent as materialized (
    select u.id from (select id, is_banned, photo_verified_at, hidden_at, suspended_until from users order by last_active_at desc limit ${DISCOVERY_ACTIVE_WINDOW}) u
      cross join profiles p on p.user_id = u.id
    where ${COLUMN_CHECKS}
  ),
  pool(id) as (
    select u.id from swipes lk cross join users u on u.id = lk.swiper_id cross join profiles p on p.user_id = u.id
      where lk.swiped_id = ?1 and lk.is_like = 1 and ${ELIGIBLE}
    union
    select u.id from users u indexed by users_boosted_until_idx cross join profiles p on p.user_id = u.id where u.boosted_until > ?10 and ${ELIGIBLE}
    union
    select * from (select r.id from recent r where ${lookupChecks("r.id", "exists (select 1 from photos ph where ph.user_id = r.id)")} limit ${DISCOVERY_POOL_SIZE})
    union
    select * from (
      ${nearbyRead("?9 is null")}
      union all
      ${nearbyRead("?9 is not null and p.city in (select value from json_each(?9))")}
      union all
      ${nearbyRead("?9 is not null and p.city is null")}
    )
  )
  select *,
    (case liked_me when 2 then 1100 when 1 then ?11 else 0 end)
    + boosted * 500
    + (case when relationship_goals is not null and relationship_goals = ?12 then 40 else 0 end)
    + (case when denomination = ?13 then 25 else 0 end)
    + (case when ?15 is not null and church_id = ?15 then 35 else 0 end)
    - min(abs(age - ?14), 20) * 3
    + (case when last_active_at > ?10 - 86400000 then 30 when last_active_at > ?10 - 604800000 then 15 else 0 end)
    as score
  from (
    select ${CARD_COLUMNS}, u.last_active_at as last_active_at, ${LIKED_ME}, coalesce(u.boosted_until > ?10, 0) as boosted
    from pool cross join users u on u.id = pool.id cross join profiles p on p.user_id = u.id
  )
  order by score desc, last_active_at desc, id
  limit ${RANKED_CANDIDATES}`;

/** ?10 now (ms), ?11 a JSON array of ids: those of them still eligible, with their cards as they are now (any order). */
export const STILL_ELIGIBLE_SQL = `select ${CARD_COLUMNS}, ${LIKED_ME}
  from users u cross join profiles p on p.user_id = u.id
  where u.id in (select value from json_each(?11)) and ${ELIGIBLE}`;

/** ?1 the viewer, ?2 the person: their card unless banned or blocked either way (undo puts it back on top). */
export const CARD_FOR_SQL = `select ${CARD_COLUMNS}, ${LIKED_ME}
  from users u join profiles p on p.user_id = u.id
  where u.id = ?2 and u.is_banned = 0
    and not exists (select 1 from blocks b1 where b1.blocker_id = ?1 and b1.blocked_id = u.id)
    and not exists (select 1 from blocks b2 where b2.blocker_id = u.id and b2.blocked_id = ?1)`;

/** ?1 the viewer, ?2 a person matched with them: their card unless banned or blocked either way (CARD_FOR_SQL's tests). */
export const MATCHED_CARD_SQL = `${CARD_FOR_SQL}
    and exists (select 1 from matches m where (m.user1_id = ?1 and m.user2_id = u.id) or (m.user1_id = u.id and m.user2_id = ?1))`;

/** ?1 a JSON array of user ids: their photos in order. */
export const PHOTOS_OF_SQL = `select user_id, file_name from photos where user_id in (select value from json_each(?1)) order by user_id, position`;

/** Who liked you lists this many at most, the newest super likes first. */
export const PENDING_LIKES_LISTED = 100;

/** Who liked ?1 and is still waiting for an answer (not swiped back, not banned, not blocked). */
const PENDING_LIKES = `lk.swiped_id = ?1 and lk.is_like = 1 and u.is_banned = 0
    and not exists (select 1 from swipes back where back.swiper_id = ?1 and back.swiped_id = lk.swiper_id)
    and not exists (select 1 from blocks b1 where b1.blocker_id = ?1 and b1.blocked_id = u.id)
    and not exists (select 1 from blocks b2 where b2.blocker_id = u.id and b2.blocked_id = ?1)`;

export const COUNT_PENDING_LIKES_SQL = `select count(*) as n from swipes lk join users u on u.id = lk.swiper_id where ${PENDING_LIKES}`;

/** Newest super likes first, at most PENDING_LIKES_LISTED (a constant of the product: nothing to bind). */
export const LIST_PENDING_LIKES_SQL = `select u.id, u.first_name, p.age, p.denomination, p.church_name, lk.is_super_like, lk.created_at,
    (select ph.file_name from photos ph where ph.user_id = u.id order by ph.position limit 1) as photo
  from swipes lk join users u on u.id = lk.swiper_id join profiles p on p.user_id = u.id
  where ${PENDING_LIKES}
  order by lk.is_super_like desc, lk.created_at desc
  limit ${PENDING_LIKES_LISTED}`;

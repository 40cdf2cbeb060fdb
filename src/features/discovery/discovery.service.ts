/**
 * Suggestions (spec points 2, 7; issue 5 item 1). Filtering and ranking run in one SQL query
 * (docs/decisions/0060):
 *
 * 1. A candidate pool is the union of small, index-driven reads whose work does not grow with
 *    the number of members: everyone who liked the caller (swipes_swiped_like_idx), everyone
 *    boosted now (users_boosted_until_idx), eligible people among the most recently active
 *    (users_last_active_idx, a bounded window), and eligible people of the other gender in the
 *    cities within reach or without a city (profiles_discovery_idx).
 * 2. The pool is ranked by one score: liked/super-liked the caller, boosted, shared relationship
 *    goals and denomination, age closeness, recent activity.
 *
 * Eligibility: other gender, a profile with at least one photo, not the caller, not already
 * swiped by the caller, not banned, no block either way, not held by the client, and within the
 * caller's search distance when both have a city. Distances use city centres only.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { DISCOVERY_ACTIVE_WINDOW, DISCOVERY_POOL_SIZE, REPORTERS_TO_HIDE } from "../../platform/constants";
import type { PromptAnswer } from "../../../db/schema";
import { CITIES, distanceKm } from "../profile/cities";
import { isPromptId } from "../profile/prompts";
import { photoUrl, thumbUrl } from "../profile/profile-json";
import type { DiscoveryCardJson, LikeEntryJson } from "./discovery-types";
import { DECK_SIZE, deckCacheFor, type DeckCache } from "./deck-cache";

export interface Viewer {
  id: string;
  gender: "male" | "female";
  age: number;
  denomination: string;
  relationshipGoals: string | null;
  searchDistance: number;
  city: string | null;
  cityLat: number | null;
  cityLng: number | null;
  /** Discover filters (filters.ts): verified only, age range, denominations, relationship goals. */
  verifiedOnly: boolean;
  ageMin: number | null;
  ageMax: number | null;
  denominations: string[];
  goals: string[];
}

/** One card (spec point 2): never an email, an exact position or whether a plain like happened. */
export type DiscoveryCard = DiscoveryCardJson;

const VIEWER_SQL = `select p.gender, p.age, p.denomination, p.relationship_goals, p.search_distance, p.city, p.city_lat, p.city_lng, u.verified_only,
    p.filter_age_min, p.filter_age_max, p.filter_denominations, p.filter_goals
  from profiles p join users u on u.id = p.user_id where p.user_id = ?1 and u.has_photo = 1`;

/** The caller's own profile, or null when it is incomplete (no profile row or no photo). */
export async function loadViewer(db: Database, userId: string): Promise<Viewer | null> {
  // Fixed SQL text (docs/decisions/0104): every Discover call and page reads the viewer.
  const { rows } = await db.$client.execute({ sql: VIEWER_SQL, args: [userId] });
  const row = rows[0] as unknown as {
    gender: "male" | "female";
    age: number;
    denomination: string;
    relationship_goals: string | null;
    search_distance: number;
    city: string | null;
    city_lat: number | null;
    city_lng: number | null;
    verified_only: number;
    filter_age_min: number | null;
    filter_age_max: number | null;
    filter_denominations: string;
    filter_goals: string;
  } | undefined;
  if (row === undefined) return null;
  return {
    id: userId,
    gender: row.gender,
    age: row.age,
    denomination: row.denomination,
    relationshipGoals: row.relationship_goals,
    searchDistance: row.search_distance,
    city: row.city,
    cityLat: row.city_lat,
    cityLng: row.city_lng,
    verifiedOnly: row.verified_only === 1,
    ageMin: row.filter_age_min,
    ageMax: row.filter_age_max,
    denominations: parseStringList(row.filter_denominations),
    goals: parseStringList(row.filter_goals),
  };
}

/** City ids whose centre lies within the viewer's search distance (the city list is small). */
function citiesInReach(viewer: Viewer): string[] | null {
  if (viewer.cityLat === null || viewer.cityLng === null) return null;
  const here = { lat: viewer.cityLat, lng: viewer.cityLng };
  return CITIES.filter((city) => distanceKm(here, city) <= viewer.searchDistance).map((city) => city.id);
}

function idList(ids: string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Eligibility tests on the columns of users `u` and profiles `p` (no lookups). */
function columnChecks(viewer: Viewer, exclude: string[], reach: string[] | null): SQL {
  const otherGender = viewer.gender === "male" ? "female" : "male";
  const parts: SQL[] = [sql`p.gender = ${otherGender}`, sql`u.is_banned = 0`, sql`u.id <> ${viewer.id}`];
  if (exclude.length > 0) parts.push(sql`u.id not in (${idList(exclude)})`);
  if (viewer.verifiedOnly) parts.push(sql`u.photo_verified_at is not null`);
  if (viewer.ageMin !== null) parts.push(sql`p.age >= ${viewer.ageMin}`);
  if (viewer.ageMax !== null) parts.push(sql`p.age <= ${viewer.ageMax}`);
  if (viewer.denominations.length > 0) parts.push(sql`p.denomination in (${idList(viewer.denominations)})`);
  // A goals filter asks for people who said so: those who gave no goal are left out.
  if (viewer.goals.length > 0) parts.push(sql`p.relationship_goals in (${idList(viewer.goals)})`);
  if (reach !== null) {
    // People without a city have no known distance: they stay in (the card shows the fixed text).
    parts.push(reach.length === 0 ? sql`(p.city is null or p.city_lat is null)` : sql`(p.city is null or p.city_lat is null or p.city in (${idList(reach)}))`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Eligibility tests that look a row up: a photo, not swiped by the viewer, no block either way,
 * and not reported by three different members with no admin decision yet (hidden until an admin
 * looks: reviewing, resolving or dismissing the reports shows the person again, unless banned).
 */
function lookupChecks(viewer: Viewer, idColumn: SQL): SQL {
  return sql`exists (select 1 from photos ph where ph.user_id = ${idColumn})
    and (select count(distinct rp.reporter_id) from reports rp where rp.reported_user_id = ${idColumn} and rp.status = 'pending') < ${REPORTERS_TO_HIDE}
    and not exists (select 1 from swipes sw where sw.swiper_id = ${viewer.id} and sw.swiped_id = ${idColumn})
    and not exists (select 1 from blocks b1 where b1.blocker_id = ${viewer.id} and b1.blocked_id = ${idColumn})
    and not exists (select 1 from blocks b2 where b2.blocker_id = ${idColumn} and b2.blocked_id = ${viewer.id})`;
}

interface CandidateRow {
  id: string;
  first_name: string;
  age: number;
  gender: "male" | "female";
  denomination: string;
  church_name: string;
  bio: string;
  interests: string;
  occupation: string | null;
  education: string | null;
  jesus_christ_meaning: string | null;
  faith_duration: string;
  relationship_goals: string | null;
  ministry_involvement: string | null;
  prompts: string;
  city_lat: number | null;
  city_lng: number | null;
  show_distance: number;
  verified: number;
  liked_me: number | null;
}

const cardColumns = sql`u.id, u.first_name, p.age, p.gender, p.denomination, p.church_name, p.bio, p.interests, p.occupation,
  p.education, p.jesus_christ_meaning, p.faith_duration, p.relationship_goals, p.ministry_involvement, p.prompts, p.city_lat, p.city_lng, u.show_distance, u.photo_verified_at is not null as verified`;

/** 2 = super-liked the viewer, 1 = liked, null = neither. */
function likedMeSql(viewerId: string): SQL {
  return sql`(select 1 + max(lk.is_super_like) from swipes lk where lk.swiper_id = u.id and lk.swiped_id = ${viewerId} and lk.is_like = 1)`;
}

/**
 * The next `limit` cards for the viewer, best first, leaving out the ids the client holds
 * (`exclude`). One ranking serves several calls (deck-cache.ts, docs/decisions/0103): a kept deck
 * is checked again and its cards read fresh; when it is too old, was ranked for other settings or
 * runs short of eligible people, the pool is ranked again.
 *
 * `likesFirst`: a Premium viewer pays to see who liked them, and gets those people first. For a
 * free viewer a plain like is no signal at all, so the deck does not give 'who liked you' away
 * (the likers are in the pool and come up mixed with everyone else); a super like still leads,
 * as its card says so.
 */
export async function suggestFor(db: Database, viewer: Viewer, now: Date, limit: number, exclude: string[], options: { likesFirst: boolean }): Promise<DiscoveryCard[]> {
  const decks = deckCacheFor(db);
  const key = JSON.stringify([viewer, options.likesFirst]);
  const held = new Set(exclude);
  const kept = decks.get(viewer.id, key, now.getTime());
  if (kept !== null) {
    const rows = await stillEligible(db, decks, viewer, kept.filter((id) => !held.has(id)), limit);
    if (rows.length >= limit) return withPhotos(db, viewer, rows);
  }
  // What the client holds is left out inside the pool's reads, so it does not take the places of new people.
  const ranked = await rankPool(db, viewer, now, exclude, options);
  decks.keep(viewer.id, key, now.getTime(), ranked.map((row) => row.id));
  return withPhotos(db, viewer, ranked.slice(0, limit));
}

/**
 * The first `limit` of `ids` (in that order) that are still eligible, with their cards as they
 * are now. Checked a few at a time; the ones that fail leave the kept deck.
 */
async function stillEligible(db: Database, decks: DeckCache, viewer: Viewer, ids: string[], limit: number): Promise<CandidateRow[]> {
  const reach = citiesInReach(viewer);
  const found: CandidateRow[] = [];
  for (let start = 0; start < ids.length && found.length < limit; start += 2 * limit) {
    const window = ids.slice(start, start + 2 * limit);
    const rows = await db.all<CandidateRow>(sql`
      select ${cardColumns}, ${likedMeSql(viewer.id)} as liked_me
      from users u cross join profiles p on p.user_id = u.id
      where u.id in (${idList(window)}) and ${columnChecks(viewer, [], reach)} and ${lookupChecks(viewer, sql`u.id`)}`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    decks.drop(viewer.id, new Set(window.filter((id) => !byId.has(id))));
    for (const id of window) {
      const row = byId.get(id);
      if (row !== undefined && found.length < limit) found.push(row);
    }
  }
  return found;
}

/**
 * The viewer's pool ranked, best first, DECK_SIZE at most. The pool is the union of bounded,
 * index-driven reads, so the work does not grow with the number of members (bench/discovery):
 * - everyone who liked the viewer (swipes_swiped_like_idx) and everyone boosted now;
 * - the most recently active members: only the DISCOVERY_ACTIVE_WINDOW newest of
 *   users_last_active_idx are looked at, then filtered;
 * - people of the other gender in the cities within reach, and without a city
 *   (profiles_discovery_idx), for regions where few of the most active live.
 */
async function rankPool(db: Database, viewer: Viewer, now: Date, exclude: string[], options: { likesFirst: boolean }): Promise<CandidateRow[]> {
  const reach = citiesInReach(viewer);
  const columns = columnChecks(viewer, exclude, reach);
  const eligible = sql`${columns} and ${lookupChecks(viewer, sql`u.id`)}`;
  const otherGender = viewer.gender === "male" ? "female" : "male";
  const nowMs = now.getTime();
  const day = 86_400_000;
  const nearbyRead = (cityTest: SQL) =>
    sql`select * from (select u.id from profiles p cross join users u on u.id = p.user_id where p.gender = ${otherGender} and ${cityTest} and ${eligible} limit ${DISCOVERY_POOL_SIZE})`;
  const nearby =
    reach === null
      ? nearbyRead(sql`1`)
      : sql`${nearbyRead(sql`p.city in (${idList(reach.length > 0 ? reach : [""])})`)} union all ${nearbyRead(sql`p.city is null`)}`;
  const rows = await db.all<CandidateRow>(sql`
    with recent as materialized (
      -- column tests first, on the newest of the activity index only; lookups afterwards
      select u.id from (select id, is_banned, photo_verified_at from users order by last_active_at desc limit ${DISCOVERY_ACTIVE_WINDOW}) u
        cross join profiles p on p.user_id = u.id
      where ${columns}
    ),
    pool(id) as (
      select u.id from swipes lk cross join users u on u.id = lk.swiper_id cross join profiles p on p.user_id = u.id
        where lk.swiped_id = ${viewer.id} and lk.is_like = 1 and ${eligible}
      union
      select u.id from users u indexed by users_boosted_until_idx cross join profiles p on p.user_id = u.id where u.boosted_until > ${nowMs} and ${eligible}
      union
      select * from (select r.id from recent r where ${lookupChecks(viewer, sql`r.id`)} limit ${DISCOVERY_POOL_SIZE})
      union
      select * from (${nearby})
    )
    select * from (
      select ${cardColumns}, u.last_active_at as last_active_at, ${likedMeSql(viewer.id)} as liked_me,
        coalesce(u.boosted_until > ${nowMs}, 0) as boosted
      from pool cross join users u on u.id = pool.id cross join profiles p on p.user_id = u.id
    )
    order by
      (case liked_me when 2 then 1100 when 1 then ${options.likesFirst ? 1000 : 0} else 0 end)
      + boosted * 500
      + (case when relationship_goals is not null and relationship_goals = ${viewer.relationshipGoals} then 40 else 0 end)
      + (case when denomination = ${viewer.denomination} then 25 else 0 end)
      - min(abs(age - ${viewer.age}), 20) * 3
      + (case when last_active_at > ${nowMs - day} then 30 when last_active_at > ${nowMs - 7 * day} then 15 else 0 end)
      desc,
      last_active_at desc, id
    limit ${DECK_SIZE}
  `);
  return rows;
}

/** Cards for the given rows: photos in one query, city distance computed here. */
async function withPhotos(db: Database, viewer: Viewer, rows: CandidateRow[]): Promise<DiscoveryCard[]> {
  if (rows.length === 0) return [];
  const photoRows = await db.all<{ user_id: string; file_name: string }>(
    sql`select user_id, file_name from photos where user_id in (${idList(rows.map((row) => row.id))}) order by user_id, position`,
  );
  const photosByUser = new Map<string, string[]>();
  for (const photo of photoRows) {
    const list = photosByUser.get(photo.user_id) ?? [];
    list.push(photoUrl(photo.file_name));
    photosByUser.set(photo.user_id, list);
  }
  return rows.map((row) => toCard(viewer, row, photosByUser.get(row.id) ?? []));
}

function toCard(viewer: Pick<Viewer, "cityLat" | "cityLng">, row: CandidateRow, photos: string[]): DiscoveryCard {
  // A member who hides their distance shows none (src/features/settings).
  const distanceHidden = row.show_distance !== 1;
  const known = !distanceHidden && viewer.cityLat !== null && viewer.cityLng !== null && row.city_lat !== null && row.city_lng !== null;
  return {
    id: row.id,
    firstName: row.first_name,
    age: row.age,
    gender: row.gender,
    denomination: row.denomination,
    churchName: row.church_name,
    bio: row.bio,
    interests: parseStringList(row.interests),
    occupation: row.occupation,
    education: row.education,
    jesusChristMeaning: row.jesus_christ_meaning,
    faithDuration: row.faith_duration,
    relationshipGoals: row.relationship_goals,
    ministryInvolvement: row.ministry_involvement,
    prompts: parsePrompts(row.prompts),
    photos,
    // Same city reads "1 km", never "0 km" (docs/decisions/0061).
    distanceKm: known ? Math.max(1, Math.round(distanceKm({ lat: viewer.cityLat!, lng: viewer.cityLng! }, { lat: row.city_lat!, lng: row.city_lng! }))) : null,
    distanceHidden,
    verified: row.verified === 1,
    superLikedYou: row.liked_me === 2,
  };
}

/** A JSON list of strings as stored (interests, filter lists); anything else reads as empty. */
function parseStringList(value: string): string[] {
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function parsePrompts(value: string): PromptAnswer[] {
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is PromptAnswer => typeof item?.id === "string" && isPromptId(item.id) && typeof item.answer === "string") : [];
  } catch {
    return [];
  }
}

/** One person's card for the viewer (undo puts it back on top), or null if no longer eligible (banned, blocked either way). */
export async function cardFor(db: Database, viewer: Viewer, userId: string): Promise<DiscoveryCard | null> {
  const rows = await db.all<CandidateRow>(sql`
    select ${cardColumns}, ${likedMeSql(viewer.id)} as liked_me
    from users u join profiles p on p.user_id = u.id
    where u.id = ${userId} and u.is_banned = 0
      and not exists (select 1 from blocks b1 where b1.blocker_id = ${viewer.id} and b1.blocked_id = u.id)
      and not exists (select 1 from blocks b2 where b2.blocker_id = u.id and b2.blocked_id = ${viewer.id})`);
  const cards = await withPhotos(db, viewer, rows);
  return cards[0] ?? null;
}

export type LikeEntry = LikeEntryJson;

/** Who liked the viewer and is still waiting for an answer (not swiped back, not banned, not blocked). */
function pendingLikesWhere(viewerId: string): SQL {
  return sql`lk.swiped_id = ${viewerId} and lk.is_like = 1 and u.is_banned = 0
    and not exists (select 1 from swipes back where back.swiper_id = ${viewerId} and back.swiped_id = lk.swiper_id)
    and not exists (select 1 from blocks b1 where b1.blocker_id = ${viewerId} and b1.blocked_id = u.id)
    and not exists (select 1 from blocks b2 where b2.blocker_id = u.id and b2.blocked_id = ${viewerId})`;
}

export async function countPendingLikes(db: Database, viewerId: string): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`select count(*) as n from swipes lk join users u on u.id = lk.swiper_id where ${pendingLikesWhere(viewerId)}`);
  return rows[0]?.n ?? 0;
}

export async function listPendingLikes(db: Database, viewerId: string, limit = 100): Promise<LikeEntry[]> {
  const rows = await db.all<{ id: string; first_name: string; age: number; denomination: string; church_name: string; photo: string | null; is_super_like: number; created_at: number }>(sql`
    select u.id, u.first_name, p.age, p.denomination, p.church_name, lk.is_super_like, lk.created_at,
      (select ph.file_name from photos ph where ph.user_id = u.id order by ph.position limit 1) as photo
    from swipes lk join users u on u.id = lk.swiper_id join profiles p on p.user_id = u.id
    where ${pendingLikesWhere(viewerId)}
    order by lk.is_super_like desc, lk.created_at desc
    limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    age: row.age,
    denomination: row.denomination,
    churchName: row.church_name,
    photo: row.photo === null ? null : thumbUrl(row.photo),
    isSuperLike: row.is_super_like === 1,
    likedAt: new Date(row.created_at).toISOString(),
  }));
}

/** Activity for ranking, written at most every five minutes so reads stay reads. */
export async function touchActivity(db: Database, userId: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  // Fixed SQL text (docs/decisions/0104): every Discover call and page passes here.
  await db.$client.execute({
    sql: "update users set last_active_at = ?1 where id = ?2 and (last_active_at is null or last_active_at < ?3)",
    args: [nowMs, userId, nowMs - 5 * 60_000],
  });
}

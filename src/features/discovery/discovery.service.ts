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
import type { Database } from "../../../db/client";
import { sideWrite } from "../../operations/storage-health";
import { fixedRows } from "../../../db/prepared";
import type { PromptAnswer } from "../../../db/schema";
import { CITIES, distanceKm } from "../profile/cities";
import { BoundedMemo } from "../../platform/bounded-memo";
import { isPromptId } from "../profile/prompts";
import { photoUrl, thumbUrl } from "../profile/profile-json";
import type { DiscoveryCardJson, LikeEntryJson } from "./discovery-types";
import { deckCacheFor, type DeckCache } from "./deck-cache";
import {
  CARD_FOR_SQL,
  COUNT_PENDING_LIKES_SQL,
  eligibilityArgs,
  LIST_PENDING_LIKES_SQL,
  PHOTOS_OF_SQL,
  RANK_POOL_SQL,
  STILL_ELIGIBLE_SQL,
  type Eligibility,
} from "./discovery.sql";

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
  const [row] = await fixedRows<{
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
  }>(db, VIEWER_SQL, [userId]);
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

/**
 * The cities in reach of a place and distance, computed once each: members live in the cities of
 * the list and choose from a few distances, and every Discover call asks.
 */
const reachOf = new BoundedMemo<string[]>(10_000); // 75 cities × 40 distances make 3,000

/** City ids whose centre lies within the viewer's search distance (the city list is small). */
function citiesInReach(viewer: Viewer): string[] | null {
  if (viewer.cityLat === null || viewer.cityLng === null) return null;
  const here = { lat: viewer.cityLat, lng: viewer.cityLng };
  return reachOf.get(`${here.lat},${here.lng},${viewer.searchDistance}`, () =>
    CITIES.filter((city) => distanceKm(here, city) <= viewer.searchDistance).map((city) => city.id),
  );
}

function eligibilityOf(viewer: Viewer, exclude: string[]): Eligibility {
  return {
    viewerId: viewer.id,
    otherGender: viewer.gender === "male" ? "female" : "male",
    exclude,
    verifiedOnly: viewer.verifiedOnly,
    ageMin: viewer.ageMin,
    ageMax: viewer.ageMax,
    denominations: viewer.denominations,
    goals: viewer.goals,
    reach: citiesInReach(viewer),
  };
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

/** What a kept deck was ranked for: the viewer's profile and filters, and whether likes come first. */
export function deckKey(viewer: Viewer, likesFirst: boolean): string {
  return JSON.stringify([viewer, likesFirst]);
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
  const key = deckKey(viewer, options.likesFirst);
  const held = new Set(exclude);
  const kept = decks.get(viewer.id, key, now.getTime());
  if (kept !== null) {
    const rows = await stillEligible(db, decks, viewer, kept.filter((id) => !held.has(id)), limit, now);
    if (rows.length >= limit) return withPhotos(db, viewer, rows);
  }
  // What the client holds is left out inside the pool's reads, so it does not take the places of new people.
  const ranked = await rankPool(db, viewer, now, exclude, options);
  decks.keep(viewer.id, key, now.getTime(), ranked.map((row) => row.id));
  return withPhotos(db, viewer, ranked.slice(0, limit));
}

/**
 * Kept people checked beyond `limit` in one read: a few may have become ineligible (a block, a
 * ban, a swipe on another instance); swipes on this one already left the deck.
 */
const RECHECK_MARGIN = 5;

/**
 * The first `limit` of `ids` (in that order) that are still eligible, with their cards as they
 * are now. Checked a few at a time; the ones that fail leave the kept deck.
 */
async function stillEligible(db: Database, decks: DeckCache, viewer: Viewer, ids: string[], limit: number, now: Date): Promise<CandidateRow[]> {
  const eligibility = eligibilityArgs(eligibilityOf(viewer, []));
  const found: CandidateRow[] = [];
  for (let start = 0; start < ids.length && found.length < limit; ) {
    const window = ids.slice(start, start + limit - found.length + RECHECK_MARGIN);
    start += window.length;
    const rows = await fixedRows<CandidateRow>(db, STILL_ELIGIBLE_SQL, [...eligibility, now.getTime(), JSON.stringify(window)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (rows.length < window.length) decks.dropAll(viewer.id, new Set(window.filter((id) => !byId.has(id))));
    for (const id of window) {
      const row = byId.get(id);
      if (row !== undefined && found.length < limit) found.push(row);
    }
  }
  return found;
}

/** The viewer's pool ranked, best first, DECK_SIZE at most (RANK_POOL_SQL). */
async function rankPool(db: Database, viewer: Viewer, now: Date, exclude: string[], options: { likesFirst: boolean }): Promise<CandidateRow[]> {
  return fixedRows<CandidateRow>(db, RANK_POOL_SQL, [
    ...eligibilityArgs(eligibilityOf(viewer, exclude)),
    now.getTime(), // ?10
    options.likesFirst ? 1000 : 0, // ?11
    viewer.relationshipGoals, // ?12
    viewer.denomination, // ?13
    viewer.age, // ?14
  ]);
}

/** Cards for the given rows: photos in one query, city distance computed here. */
async function withPhotos(db: Database, viewer: Viewer, rows: CandidateRow[]): Promise<DiscoveryCard[]> {
  if (rows.length === 0) return [];
  const photoRows = await fixedRows<{ user_id: string; file_name: string }>(db, PHOTOS_OF_SQL, [JSON.stringify(rows.map((row) => row.id))]);
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
  const rows = await fixedRows<CandidateRow>(db, CARD_FOR_SQL, [viewer.id, userId]);
  const cards = await withPhotos(db, viewer, rows);
  return cards[0] ?? null;
}

export type LikeEntry = LikeEntryJson;

/** Who liked the viewer and is still waiting for an answer (not swiped back, not banned, not blocked). */
export async function countPendingLikes(db: Database, viewerId: string): Promise<number> {
  const rows = await fixedRows<{ n: number }>(db, COUNT_PENDING_LIKES_SQL, [viewerId]);
  return rows[0]?.n ?? 0;
}

export async function listPendingLikes(db: Database, viewerId: string): Promise<LikeEntry[]> {
  const rows = await fixedRows<{ id: string; first_name: string; age: number; denomination: string; church_name: string; photo: string | null; is_super_like: number; created_at: number }>(
    db,
    LIST_PENDING_LIKES_SQL,
    [viewerId],
  );
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

/**
 * Activity for ranking, written at most every five minutes so reads stay reads; skipped on a
 * full or read-only disk, never failing the read (docs/decisions/0116).
 */
export async function touchActivity(db: Database, userId: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  // Fixed SQL text (docs/decisions/0104): every Discover call and page passes here.
  await sideWrite(db, "last active", () =>
    db.$client.execute({
      sql: "update users set last_active_at = ?1 where id = ?2 and (last_active_at is null or last_active_at < ?3)",
      args: [nowMs, userId, nowMs - 5 * 60_000],
    }),
  );
}

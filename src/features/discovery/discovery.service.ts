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
import { DECK_SIZE, deckCacheFor, type DeckCache } from "./deck-cache";
import { matchesWith, NO_MATCH, type MatchView } from "../questions/answers-store";
import { UNKNOWN_MATCH_RANKS_AS } from "../questions/match-percent";
import type { Lang } from "../../i18n";
import {
  CARD_FOR_SQL,
  COUNT_PENDING_LIKES_SQL,
  eligibilityArgs,
  LIST_PENDING_LIKES_SQL,
  MATCHED_CARD_SQL,
  PHOTOS_OF_SQL,
  RANK_POOL_SQL,
  STILL_ELIGIBLE_SQL,
  type Eligibility,
} from "./discovery.sql";
import { faithOnCard } from "./card-faith";
import { denominationName } from "../profile/denominations";
import { vouchesFor, type CardVouches } from "../vouches/vouch-counts";

export interface Viewer {
  id: string;
  gender: "male" | "female";
  age: number;
  denomination: string;
  /** The directory church (docs/decisions/0132): the same church ranks higher. */
  churchId: string | null;
  /** Interest keys: the cards mark the ones shared. */
  interests: string[];
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

const VIEWER_SQL = `select p.gender, p.age, p.denomination, p.church_id, p.interests, p.relationship_goals, p.search_distance, p.city, p.city_lat, p.city_lng, u.verified_only,
    p.filter_age_min, p.filter_age_max, p.filter_denominations, p.filter_goals
  from profiles p join users u on u.id = p.user_id where p.user_id = ?1 and u.has_photo = 1`;

/** The caller's own profile, or null when it is incomplete (no profile row or no photo). */
export async function loadViewer(db: Database, userId: string): Promise<Viewer | null> {
  // Fixed SQL text (docs/decisions/0104): every Discover call and page reads the viewer.
  const [row] = await fixedRows<{
    gender: "male" | "female";
    age: number;
    denomination: string;
    church_id: string | null;
    interests: string;
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
    churchId: row.church_id,
    interests: parseStringList(row.interests),
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
  church_id: string | null;
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
  /** RANK_POOL_SQL only: the pool's score before the match %. */
  score?: number;
  city_lng: number | null;
  show_distance: number;
  verified: number;
  liked_me: number | null;
}

/** What a kept deck was ranked for: the viewer's profile and filters, whether likes come first, the minimum match. */
export function deckKey(viewer: Viewer, likesFirst: boolean, minMatch = 0): string {
  return JSON.stringify([viewer, likesFirst, minMatch]);
}

/**
 * Points of the deck's score per percent of match above or below UNKNOWN_MATCH_RANKS_AS
 * (docs/decisions/0133): a 100 % match counts +100, a 0 % one −100, against a super like's 1,100,
 * a boost's 500, shared goals' 40 and a shared denomination's 25.
 */
export const MATCH_POINTS_PER_PERCENT = 2;

export interface SuggestOptions {
  likesFirst: boolean;
  /** 0–100; above 0, people without a % are left out too (MATCHING.md). */
  minMatch?: number;
  /** The viewer's language, for the reasons' question texts. */
  lang?: Lang;
}

/** Whether a person may be on the viewer's deck given their match: no mandatory question failed, the minimum met. */
function passes(match: MatchView, minMatch: number): boolean {
  if (match.excluded) return false;
  return minMatch <= 0 || (match.matchPercent !== null && match.matchPercent >= minMatch);
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
export async function suggestFor(db: Database, viewer: Viewer, now: Date, limit: number, exclude: string[], options: SuggestOptions): Promise<DiscoveryCard[]> {
  const decks = deckCacheFor(db);
  const minMatch = options.minMatch ?? 0;
  const lang = options.lang ?? "en";
  const key = deckKey(viewer, options.likesFirst, minMatch);
  const held = new Set(exclude);
  const kept = decks.get(viewer.id, key, now.getTime());
  if (kept !== null) {
    const { rows, matches } = await stillEligible(db, decks, viewer, kept.filter((id) => !held.has(id)), limit, now, minMatch, lang);
    if (rows.length >= limit) return withPhotos(db, viewer, rows, matches, lang);
  }
  // What the client holds is left out inside the pool's reads, so it does not take the places of new people.
  const candidates = await rankPool(db, viewer, now, exclude, options);
  // The match % of the bounded candidate set only (docs/decisions/0133): one read of their answers.
  const matches = await matchesWith(db, viewer.id, candidates.map((row) => row.id), lang, now.getTime());
  const ranked = candidates
    .filter((row) => passes(matches.get(row.id)!, minMatch))
    .map((row, order) => ({ row, order, score: (row.score ?? 0) + ((matches.get(row.id)!.matchPercent ?? UNKNOWN_MATCH_RANKS_AS) - UNKNOWN_MATCH_RANKS_AS) * MATCH_POINTS_PER_PERCENT }))
    // Ties keep the pool's order (its score, then activity).
    .sort((left, right) => right.score - left.score || left.order - right.order)
    .slice(0, DECK_SIZE)
    .map(({ row }) => row);
  decks.keep(viewer.id, key, now.getTime(), ranked.map((row) => row.id));
  return withPhotos(db, viewer, ranked.slice(0, limit), matches, lang);
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
async function stillEligible(db: Database, decks: DeckCache, viewer: Viewer, ids: string[], limit: number, now: Date, minMatch: number, lang: Lang): Promise<{ rows: CandidateRow[]; matches: Map<string, MatchView> }> {
  const eligibility = eligibilityArgs(eligibilityOf(viewer, []));
  const found: CandidateRow[] = [];
  const matches = new Map<string, MatchView>();
  for (let start = 0; start < ids.length && found.length < limit; ) {
    const window = ids.slice(start, start + limit - found.length + RECHECK_MARGIN);
    start += window.length;
    const rows = await fixedRows<CandidateRow>(db, STILL_ELIGIBLE_SQL, [...eligibility, now.getTime(), JSON.stringify(window)]);
    // The % of these cards as the answers are now: an answer changed since the ranking may fail a mandatory question.
    const windowMatches = await matchesWith(db, viewer.id, rows.map((row) => row.id), lang, now.getTime());
    const byId = new Map(rows.filter((row) => passes(windowMatches.get(row.id)!, minMatch)).map((row) => [row.id, row]));
    if (byId.size < window.length) decks.dropAll(viewer.id, new Set(window.filter((id) => !byId.has(id))));
    for (const id of window) {
      const row = byId.get(id);
      if (row !== undefined && found.length < limit) {
        found.push(row);
        matches.set(id, windowMatches.get(id)!);
      }
    }
  }
  return { rows: found, matches };
}

/** The viewer's pool ranked by its score, best first, RANKED_CANDIDATES at most (RANK_POOL_SQL). */
async function rankPool(db: Database, viewer: Viewer, now: Date, exclude: string[], options: { likesFirst: boolean }): Promise<CandidateRow[]> {
  return fixedRows<CandidateRow>(db, RANK_POOL_SQL, [
    ...eligibilityArgs(eligibilityOf(viewer, exclude)),
    now.getTime(), // ?10
    options.likesFirst ? 1000 : 0, // ?11
    viewer.relationshipGoals, // ?12
    viewer.denomination, // ?13
    viewer.age, // ?14
    viewer.churchId, // ?15
  ]);
}

/** Cards for the given rows: photos in one query, the church vouches in one grouped query, city distance computed here. */
async function withPhotos(db: Database, viewer: Viewer, rows: CandidateRow[], matches: ReadonlyMap<string, MatchView>, lang: Lang): Promise<DiscoveryCard[]> {
  if (rows.length === 0) return [];
  const [photoRows, vouches] = await Promise.all([
    fixedRows<{ user_id: string; file_name: string }>(db, PHOTOS_OF_SQL, [JSON.stringify(rows.map((row) => row.id))]),
    vouchesFor(db, rows.map((row) => ({ id: row.id, churchId: row.church_id, churchName: row.church_name }))),
  ]);
  const photosByUser = new Map<string, string[]>();
  for (const photo of photoRows) {
    const list = photosByUser.get(photo.user_id) ?? [];
    list.push(photoUrl(photo.file_name));
    photosByUser.set(photo.user_id, list);
  }
  return rows.map((row) => toCard(viewer, row, photosByUser.get(row.id) ?? [], matches.get(row.id) ?? NO_MATCH, lang, vouches.get(row.id) ?? null));
}

function toCard(viewer: Pick<Viewer, "cityLat" | "cityLng" | "interests">, row: CandidateRow, photos: string[], match: MatchView, lang: Lang, vouches: CardVouches | null): DiscoveryCard {
  // A member who hides their distance shows none (src/features/settings).
  const distanceHidden = row.show_distance !== 1;
  const known = !distanceHidden && viewer.cityLat !== null && viewer.cityLng !== null && row.city_lat !== null && row.city_lng !== null;
  return {
    id: row.id,
    firstName: row.first_name,
    age: row.age,
    gender: row.gender,
    ...faithOnCard(row, viewer.interests, lang),
    bio: row.bio,
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
    matchPercent: match.matchPercent,
    matchReasons: match.matchReasons.map(({ text, agrees }) => ({ text, agrees })),
    vouches,
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
export async function cardFor(db: Database, viewer: Viewer, userId: string, lang: Lang = "en", now = new Date()): Promise<DiscoveryCard | null> {
  const rows = await fixedRows<CandidateRow>(db, CARD_FOR_SQL, [viewer.id, userId]);
  const cards = await withPhotos(db, viewer, rows, await matchesWith(db, viewer.id, rows.map((row) => row.id), lang, now.getTime()), lang);
  return cards[0] ?? null;
}

/**
 * Another member's public profile for the viewer (MATCHING.md: `GET /api/profiles/{userId}`): the
 * card, with the match, when the two may see each other: the person is on the viewer's deck
 * (eligible as Discover checks a kept deck, no mandatory question failed) or the two are matched
 * (neither banned nor blocked). Null otherwise: the route answers 404 either way, so it never says
 * whether such a member exists.
 */
export async function publicProfileFor(db: Database, viewer: Viewer, userId: string, now: Date, lang: Lang): Promise<DiscoveryCard | null> {
  const onDeck = await fixedRows<CandidateRow>(db, STILL_ELIGIBLE_SQL, [...eligibilityArgs(eligibilityOf(viewer, [])), now.getTime(), JSON.stringify([userId])]);
  const matched = onDeck.length > 0 ? [] : await fixedRows<CandidateRow>(db, MATCHED_CARD_SQL, [viewer.id, userId]);
  const rows = onDeck.length > 0 ? onDeck : matched;
  if (rows.length === 0) return null;
  const matches = await matchesWith(db, viewer.id, [userId], lang, now.getTime());
  if (onDeck.length > 0 && matches.get(userId)!.excluded) return null;
  const [card] = await withPhotos(db, viewer, rows, matches, lang);
  return card ?? null;
}

export type LikeEntry = LikeEntryJson;

/** Who liked the viewer and is still waiting for an answer (not swiped back, not banned, not blocked). */
export async function countPendingLikes(db: Database, viewerId: string): Promise<number> {
  const rows = await fixedRows<{ n: number }>(db, COUNT_PENDING_LIKES_SQL, [viewerId]);
  return rows[0]?.n ?? 0;
}

export async function listPendingLikes(db: Database, viewerId: string, lang: Lang = "en"): Promise<LikeEntry[]> {
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
    denominationName: denominationName(row.denomination, lang),
    churchName: row.church_name,
    photo: row.photo === null ? null : thumbUrl(row.photo),
    isSuperLike: row.is_super_like === 1,
    likedAt: new Date(row.created_at).toISOString(),
  }));
}

/** The main photo file of each pending like, in Who liked you's order (null: no photo); server-side only (blurred-faces.ts). */
export async function pendingLikePhotoFiles(db: Database, viewerId: string): Promise<(string | null)[]> {
  const rows = await fixedRows<{ photo: string | null }>(db, LIST_PENDING_LIKES_SQL, [viewerId]);
  return rows.map((row) => row.photo);
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

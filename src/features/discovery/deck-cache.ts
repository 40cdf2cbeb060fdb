/**
 * Ranked decks kept between Discover calls (docs/decisions/0103-capacity-kept-decks-and-group-commit.md).
 *
 * Ranking a pool is Discover's one costly query, and a member calls Discover on every visit of the
 * page and for every next batch of cards. The order of the pool hardly moves within minutes, so
 * one ranking serves DECK_SIZE cards for up to DECK_TTL_MS. Only the order is kept: each call
 * checks the kept people again (not swiped, not blocked either way, not banned, a photo, not
 * hidden by reports) and reads their cards fresh, so a kept deck never shows anyone a fresh
 * ranking would leave out; it may only miss someone who became a better match in the meantime
 * (a new like, a boost) for at most DECK_TTL_MS.
 *
 * In memory, per instance: instances behind a balancer each keep their own, and every call checks
 * again in the shared database, so none of them can serve a stale card.
 */
import type { Database } from "../../../db/client";

/** People one ranking keeps: three full pages of Discover (DISCOVERY_PAGE_SIZE.max). */
export const DECK_SIZE = 60;
/** How long one ranking serves before the next call ranks again. */
export const DECK_TTL_MS = 2 * 60_000;
/** Decks kept at once; past this the oldest is dropped (a deck is a few KB). */
export const DECK_CACHE_ENTRIES = 5_000;

interface Deck {
  /** What the ranking depended on (the viewer's profile and filters, likes-first); another key ranks again. */
  key: string;
  rankedAt: number;
  ids: string[];
}

export class DeckCache {
  readonly #decks = new Map<string, Deck>();

  /**
   * The viewer's kept order, if it was ranked for the same key less than DECK_TTL_MS ago. The kept
   * array itself: later drops change it, so a caller copies it before any await.
   */
  get(viewerId: string, key: string, nowMs: number): readonly string[] | null {
    const deck = this.#decks.get(viewerId);
    if (deck === undefined) return null;
    if (deck.key !== key || nowMs - deck.rankedAt >= DECK_TTL_MS || nowMs < deck.rankedAt) {
      this.#decks.delete(viewerId);
      return null;
    }
    return deck.ids;
  }

  keep(viewerId: string, key: string, nowMs: number, ids: readonly string[]): void {
    // Re-inserted at the end: the map's order is the ranking's age, so the oldest goes first.
    this.#decks.delete(viewerId);
    this.#decks.set(viewerId, { key, rankedAt: nowMs, ids: [...ids] });
    if (this.#decks.size > DECK_CACHE_ENTRIES) this.#decks.delete(this.#decks.keys().next().value!);
  }

  /**
   * Leaves out someone just swiped, so the next call does not check them again. In place: a swipe
   * is the most frequent call, and a new array and a Set for each showed in the server's CPU
   * profile under bench:load (about 1 % of its thread, docs/decisions/0113).
   */
  drop(viewerId: string, id: string): void {
    const ids = this.#decks.get(viewerId)?.ids;
    const at = ids?.indexOf(id) ?? -1;
    if (at >= 0) ids!.splice(at, 1);
  }

  /** Leaves out people found no longer eligible (a block, a ban, a swipe on another instance). */
  dropAll(viewerId: string, ids: ReadonlySet<string>): void {
    const deck = this.#decks.get(viewerId);
    if (deck !== undefined && ids.size > 0) deck.ids = deck.ids.filter((id) => !ids.has(id));
  }

  forget(viewerId: string): void {
    this.#decks.delete(viewerId);
  }

  get size(): number {
    return this.#decks.size;
  }
}

const caches = new WeakMap<Database, DeckCache>();

/** The decks kept for one database (one per app; tests each get their own with their database). */
export function deckCacheFor(db: Database): DeckCache {
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = new DeckCache()));
  return cache;
}

import { describe, expect, test } from "bun:test";
import { DECK_CACHE_ENTRIES, DECK_TTL_MS, DeckCache } from "./deck-cache";

describe("DeckCache", () => {
  test("a deck serves the same key until it is DECK_TTL_MS old; another key or an older clock ranks again", () => {
    const decks = new DeckCache();
    decks.keep("me", "k1", 1_000, ["a", "b"]);
    expect(decks.get("me", "k1", 1_000 + DECK_TTL_MS - 1)).toEqual(["a", "b"]);
    // Settings changed (another key): the deck goes, it is not served for the old key either.
    expect(decks.get("me", "k2", 1_001)).toBeNull();
    expect(decks.get("me", "k1", 1_002)).toBeNull();
    decks.keep("me", "k1", 1_000, ["a"]);
    expect(decks.get("me", "k1", 1_000 + DECK_TTL_MS)).toBeNull();
    // A clock set back (a test, an NTP step) never serves a deck from the future.
    decks.keep("me", "k1", 5_000, ["a"]);
    expect(decks.get("me", "k1", 4_999)).toBeNull();
  });

  test("people no longer eligible leave the deck; forget drops it", () => {
    const decks = new DeckCache();
    decks.keep("me", "k", 0, ["a", "b", "c", "d", "e"]);
    decks.dropAll("me", new Set(["b", "d", "nobody"]));
    expect(decks.get("me", "k", 1)).toEqual(["a", "c", "e"]);
    // One person swiped: the deck keeps its order without them.
    decks.drop("me", "a");
    expect(decks.get("me", "k", 1)).toEqual(["c", "e"]);
    decks.drop("someone else", "c");
    expect(decks.get("me", "k", 1)).toEqual(["c", "e"]);
    decks.forget("me");
    expect(decks.get("me", "k", 1)).toBeNull();
  });

  test("keeps at most DECK_CACHE_ENTRIES decks, dropping the oldest ranking first", () => {
    const decks = new DeckCache();
    for (let i = 0; i < DECK_CACHE_ENTRIES; i++) decks.keep(`m${i}`, "k", i, ["x"]);
    // m0 ranks again: it becomes the newest, so m1 is the oldest when the cache overflows.
    decks.keep("m0", "k", DECK_CACHE_ENTRIES, ["y"]);
    decks.keep("new", "k", DECK_CACHE_ENTRIES + 1, ["z"]);
    expect(decks.size).toBe(DECK_CACHE_ENTRIES);
    expect(decks.get("m1", "k", DECK_CACHE_ENTRIES + 1)).toBeNull();
    expect(decks.get("m0", "k", DECK_CACHE_ENTRIES + 1)).toEqual(["y"]);
    expect(decks.get("new", "k", DECK_CACHE_ENTRIES + 1)).toEqual(["z"]);
  });
});

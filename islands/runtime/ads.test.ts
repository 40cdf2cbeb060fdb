import { describe, expect, it } from "bun:test";
import { adDue, adRowsAfter, countVisit } from "./ads";

describe("adDue", () => {
  it("brings an ad after every N swipes: the 3rd, 6th, 9th with frequency 3", () => {
    const due = Array.from({ length: 10 }, (_, index) => index + 1).filter((swipes) => adDue(swipes, 3));
    expect(due).toEqual([3, 6, 9]);
  });

  it("never before the first action, and after each one with frequency 1", () => {
    expect(adDue(0, 1)).toBe(false);
    expect([1, 2, 3].map((swipes) => adDue(swipes, 1))).toEqual([true, true, true]);
  });

  it("treats a broken frequency as 1 rather than never or always", () => {
    expect(adDue(2, 0)).toBe(true);
    expect(adDue(5, 2.5)).toBe(false);
    expect(adDue(4, 2.5)).toBe(true);
  });
});

describe("adRowsAfter", () => {
  it("puts an ad row after every N rows", () => {
    expect([...adRowsAfter(7, 3)]).toEqual([2, 5]);
    expect([...adRowsAfter(6, 3)]).toEqual([2, 5]);
  });

  it("puts one after the last row of a list shorter than N", () => {
    expect([...adRowsAfter(2, 3)]).toEqual([1]);
    expect([...adRowsAfter(1, 20)]).toEqual([0]);
  });

  it("puts none in an empty list", () => {
    expect(adRowsAfter(0, 3).size).toBe(0);
  });
});

describe("countVisit", () => {
  it("counts visits of a place in this tab, starting at 1", () => {
    const store = new Map<string, string>();
    const previous = globalThis.sessionStorage;
    (globalThis as { sessionStorage?: unknown }).sessionStorage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value) };
    try {
      expect([countVisit("chat_screen"), countVisit("chat_screen"), countVisit("profile_view")]).toEqual([1, 2, 1]);
    } finally {
      (globalThis as { sessionStorage?: unknown }).sessionStorage = previous;
    }
  });

  it("counts every visit as the first where storage is unavailable", () => {
    const previous = globalThis.sessionStorage;
    (globalThis as { sessionStorage?: unknown }).sessionStorage = { getItem: () => { throw new Error("denied"); }, setItem: () => undefined };
    try {
      expect(countVisit("chat_screen")).toBe(1);
    } finally {
      (globalThis as { sessionStorage?: unknown }).sessionStorage = previous;
    }
  });
});

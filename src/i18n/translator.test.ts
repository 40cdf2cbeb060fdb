import { describe, expect, test } from "bun:test";
import { translator } from ".";

describe("translator (texts kept after their first lookup)", () => {
  test("a plain key gives the language's text, the same on every call", () => {
    const en = translator("en");
    const id = translator("id");
    expect(en("matches.title")).toBe("Matches");
    expect(en("matches.title")).toBe("Matches");
    expect(id("matches.startSwiping")).not.toBe(en("matches.startSwiping"));
    expect(id("matches.startSwiping")).toBe(id("matches.startSwiping"));
  });

  test("options still interpolate and pluralise on every call", () => {
    const en = translator("en");
    expect(en("matches.you", { text: "Halo" })).toBe("You: Halo");
    expect(en("matches.you", { text: "Shalom" })).toBe("You: Shalom");
    expect(en("matches.unread", { count: 1 })).toBe("1 unread message");
    expect(en("matches.unread", { count: 3 })).toBe("3 unread messages");
  });
});

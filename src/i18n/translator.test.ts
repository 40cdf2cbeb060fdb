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

  test("past the number of texts it keeps, a key still gives its text", () => {
    const en = translator("en");
    // Keys built from stored values: each unknown one comes back as itself, none kept past the bound.
    for (let i = 0; i < 10_050; i++) expect(en(`admin.unknown.k${i}`)).toBe(`admin.unknown.k${i}`);
    expect(en("matches.title")).toBe("Matches");
  });
});

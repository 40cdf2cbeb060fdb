import { describe, expect, it } from "bun:test";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { translator } from "../../src/i18n";
import { createTranslator, pluralOf } from "./translate";

/** Every key that holds a string, and the base of each plural group ("count_other" → "count"). */
function keysOf(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return prefix.endsWith("_other") ? [prefix, prefix.slice(0, -"_other".length)] : [prefix];
  if (node === null || typeof node !== "object" || Array.isArray(node)) return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe("the browser's translator", () => {
  for (const [lang, resources] of [
    ["en", en],
    ["id", id],
  ] as const) {
    it(`gives the same text as the server's i18next for every key in ${lang}, with counts and values`, () => {
      const server = translator(lang);
      const browser = createTranslator(lang, resources as Record<string, unknown>);
      const keys = [...new Set(keysOf(resources))];
      expect(keys.length).toBeGreaterThan(500);
      const values = { name: "Ana", count: 0, km: 12, date: "1 June", age: 27, number: 2, total: 5, max: 6, step: 2, when: "5 minutes ago", provider: "Google", prompt: "My verse" };
      for (const key of keys) {
        for (const count of [0, 1, 2, 25]) {
          expect({ key, count, text: browser(key, { ...values, count }) }).toEqual({ key, count, text: server(key, { ...values, count }) as string });
        }
        expect({ key, text: browser(key, values) }).toEqual({ key, text: server(key, values) as string });
      }
    });
  }

  it("answers a missing key with the defaultValue, else the key, like i18next", () => {
    const browser = createTranslator("en", en as Record<string, unknown>);
    expect(browser("messages.nobody_wrote_this", { defaultValue: "" })).toBe("");
    expect(browser("messages.nobody_wrote_this")).toBe("messages.nobody_wrote_this");
    expect(translator("en")("messages.nobody_wrote_this", { defaultValue: "" })).toBe("");
  });

  it("picks the plural form Intl.PluralRules picks in both languages", () => {
    for (const lang of ["en", "id"]) {
      const rules = new Intl.PluralRules(lang);
      for (const count of [0, 1, 1.5, 2, 3, 11, 21, 100, -1]) expect({ lang, count, form: pluralOf(lang, count) }).toEqual({ lang, count, form: rules.select(count) as "one" | "other" });
    }
  });
});

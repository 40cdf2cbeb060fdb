import { describe, expect, test } from "bun:test";
import { clockTime } from "./clock-time";

describe("clockTime", () => {
  const moments = ["2026-11-22T00:00:00Z", "2026-11-22T16:59:59Z", "2026-11-22T17:00:00Z", "2026-11-22T23:07:00Z", "1969-12-31T20:30:00Z", "2027-03-28T01:30:00Z"].map((iso) => new Date(iso));

  test("gives Intl's en-GB and id-ID text for Jakarta time", () => {
    for (const [lang, locale] of [["en", "en-GB"], ["id", "id-ID"]] as const) {
      const intl = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Jakarta" });
      for (const moment of moments) expect(clockTime(moment, lang, "jakarta")).toBe(intl.format(moment));
    }
  });

  test("gives Intl's text for the local zone", () => {
    for (const [lang, locale] of [["en", "en-GB"], ["id", "id-ID"]] as const) {
      const intl = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
      for (const moment of moments) expect(clockTime(moment, lang, "local")).toBe(intl.format(moment));
    }
  });
});

import { describe, expect, test } from "bun:test";
import { clockTime, dateTimeText, relativeDay } from "./clock-time";

/** Intl's en-US puts a narrow no-break space before AM/PM; the helper a plain one. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("clockTime", () => {
  const moments = ["2026-11-22T00:00:00Z", "2026-11-22T16:59:59Z", "2026-11-22T17:00:00Z", "2026-11-22T23:07:00Z", "1969-12-31T20:30:00Z", "2027-03-28T01:30:00Z", "2026-11-22T05:00:00Z"].map((iso) => new Date(iso));
  const locales = [
    ["en", new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Jakarta" })],
    ["id", new Intl.DateTimeFormat("id-ID", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Jakarta" })],
  ] as const;

  test("one format per language: en '9:22 PM', id '21.22' (Intl's en-US and id-ID, Jakarta time)", () => {
    expect(clockTime(new Date("2026-11-22T14:22:00Z"), "en", "jakarta")).toBe("9:22 PM");
    expect(clockTime(new Date("2026-11-22T14:22:00Z"), "id", "jakarta")).toBe("21.22");
    expect(clockTime(new Date("2026-11-22T17:05:00Z"), "en", "jakarta")).toBe("12:05 AM");
    expect(clockTime(new Date("2026-11-22T05:05:00Z"), "en", "jakarta")).toBe("12:05 PM");
    for (const [lang, intl] of locales) for (const moment of moments) expect(clockTime(moment, lang, "jakarta")).toBe(plain(intl.format(moment)));
  });

  test("gives Intl's text for the local zone", () => {
    const local = [
      ["en", new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" })],
      ["id", new Intl.DateTimeFormat("id-ID", { hour: "2-digit", minute: "2-digit" })],
    ] as const;
    for (const [lang, intl] of local) for (const moment of moments) expect(clockTime(moment, lang, "local")).toBe(plain(intl.format(moment)));
  });

  test("a date with its time uses the same clock", () => {
    expect(dateTimeText(new Date("2026-11-22T14:22:00Z"), "en")).toBe("22 Nov 2026, 9:22 PM");
    expect(dateTimeText(new Date("2026-11-22T14:22:00Z"), "id")).toMatch(/^22 Nov 2026, 21\.22$/);
  });

  test("today, yesterday and earlier are Jakarta's calendar days", () => {
    const now = new Date("2026-11-22T18:00:00Z"); // 01:00 on the 23rd in Jakarta
    expect(relativeDay(new Date("2026-11-22T17:30:00Z"), now, "jakarta")).toBe("today");
    expect(relativeDay(new Date("2026-11-22T16:30:00Z"), now, "jakarta")).toBe("yesterday");
    expect(relativeDay(new Date("2026-11-21T16:30:00Z"), now, "jakarta")).toBe("earlier");
  });
});

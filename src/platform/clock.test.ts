import { describe, expect, it } from "bun:test";
import { fakeClock, jakartaDayOf, secondsUntilNextJakartaDay } from "./clock";

const intlJakartaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta", year: "numeric", month: "2-digit", day: "2-digit" });

describe("jakartaDayOf", () => {
  it("turns over at midnight in Jakarta (17:00 UTC)", () => {
    expect(jakartaDayOf(new Date("2026-11-22T16:59:59.999Z"))).toBe("2026-11-22");
    expect(jakartaDayOf(new Date("2026-11-22T17:00:00.000Z"))).toBe("2026-11-23");
    expect(jakartaDayOf(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
  });

  it("agrees with the time-zone database every hour across two years", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let t = start; t < start + 2 * 366 * 24 * 3_600_000; t += 3_600_000) {
      const date = new Date(t);
      expect(jakartaDayOf(date)).toBe(intlJakartaDay.format(date));
    }
  });

  it("answers right when asked out of order (the remembered day is only a shortcut)", () => {
    const times = ["2026-11-22T16:59:59.999Z", "2026-11-22T17:00:00Z", "2026-11-22T16:59:59.999Z", "1969-12-31T16:59:59Z", "2026-11-22T17:00:00Z"];
    expect(times.map((time) => jakartaDayOf(new Date(time)))).toEqual(["2026-11-22", "2026-11-23", "2026-11-22", "1969-12-31", "2026-11-23"]);
  });
});

describe("fakeClock", () => {
  it("moves only when told", () => {
    const clock = fakeClock(new Date("2026-11-22T03:00:00Z"));
    expect(clock.now().toISOString()).toBe("2026-11-22T03:00:00.000Z");
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe("2026-11-22T03:01:30.000Z");
  });
});

describe("secondsUntilNextJakartaDay", () => {
  it("counts to the next midnight in Jakarta (17:00 UTC), never zero", () => {
    expect(secondsUntilNextJakartaDay(new Date("2026-11-22T03:00:00Z"))).toBe(14 * 3600);
    expect(secondsUntilNextJakartaDay(new Date("2026-11-22T16:59:59.500Z"))).toBe(1);
    expect(secondsUntilNextJakartaDay(new Date("2026-11-22T17:00:00Z"))).toBe(24 * 3600);
  });
});

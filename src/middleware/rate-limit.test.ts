import { describe, expect, test } from "bun:test";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter", () => {
  const limiterAt = (limit: number, windowMs: number) => {
    let now = 0;
    const limiter = new RateLimiter(limit, windowMs, () => now);
    return { limiter, advance: (ms: number) => (now += ms) };
  };

  test("allows `limit` hits per key in a window, then refuses until the window ends", () => {
    const { limiter, advance } = limiterAt(3, 1000);
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([true, true, true, false]);
    expect(limiter.isLimited("a")).toBe(true);
    expect(limiter.isLimited("b")).toBe(false);
    advance(1000);
    expect(limiter.hit("a")).toBe(true);
  });

  test("release() gives one counted hit back", () => {
    const { limiter } = limiterAt(2, 1000);
    expect(limiter.hit("a")).toBe(true);
    expect(limiter.hit("a")).toBe(true);
    expect(limiter.isLimited("a")).toBe(true);
    limiter.release("a");
    expect(limiter.isLimited("a")).toBe(false);
    expect(limiter.hit("a")).toBe(true);
    expect(limiter.hit("a")).toBe(false);
  });

  test("release() never goes below zero, and gives nothing back to a later window", () => {
    const { limiter, advance } = limiterAt(2, 1000);
    limiter.release("a");
    limiter.release("a");
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([true, true, false]);
    advance(1000);
    // The hits above were in the old window: releasing now must not add a third slot to the new one.
    limiter.release("a");
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([true, true, false]);
  });
});

/** The app's notion of "now"; tests pass a fake one to move time without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fakeClock(start = new Date("2026-11-22T03:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds: number) {
      current += milliseconds;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

/** Western Indonesian Time is UTC+7 all year (Indonesia keeps no daylight saving time). */
const jakartaOffsetMs = 7 * 60 * 60_000;

/**
 * The calendar day in Asia/Jakarta ("2026-11-22"): free-plan limits reset at local midnight.
 * Plain arithmetic: Intl.DateTimeFormat's format() was the largest single cost of a signed-in request.
 */
export function jakartaDayOf(date: Date): string {
  const local = date.getTime() + jakartaOffsetMs;
  if (local >= lastDay.start && local < lastDay.start + dayMs) return lastDay.name;
  const start = local - (((local % dayMs) + dayMs) % dayMs);
  lastDay = { start, name: new Date(start).toISOString().slice(0, 10) };
  return lastDay.name;
}

const dayMs = 24 * 60 * 60_000;
/** The day asked for last: nearly every call of a day asks for the same one, so it is named once. */
let lastDay = { start: Number.NaN, name: "" };

/** Seconds until the next Asia/Jakarta midnight, when the free daily limits reset (a 429's Retry-After). */
export function secondsUntilNextJakartaDay(date: Date): number {
  const local = date.getTime() + jakartaOffsetMs;
  const intoDay = ((local % dayMs) + dayMs) % dayMs;
  return Math.max(1, Math.ceil((dayMs - intoDay) / 1000));
}

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

const jakartaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day in Asia/Jakarta ("2026-11-22"): free-plan limits reset at local midnight. */
export function jakartaDayOf(date: Date): string {
  return jakartaDay.format(date);
}

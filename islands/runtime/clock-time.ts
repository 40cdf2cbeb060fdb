/**
 * The one time format per language, everywhere a member reads a time (docs/decisions/0137):
 * "9:22 PM" in English and "21.22" in Indonesian, what Intl's en-US (hour "numeric") and id-ID
 * (two-digit hours) give, but by arithmetic: building an Intl.DateTimeFormat was the largest cost
 * of hydrating a chat on a slow phone (decision 0099). Intl's en-US puts a narrow no-break space
 * before AM/PM; a plain space reads the same and survives copying.
 *
 * The server renders Jakarta time (UTC+7 all year, no daylight saving); the browser shows its own
 * zone. A browser already at UTC+7 shows the same text, so it needs no second render.
 */
const JAKARTA_OFFSET_MINUTES = 7 * 60;
const DAY_MS = 24 * 60 * 60_000;

export type ClockZone = "jakarta" | "local";

export function clockTime(date: Date, lang: string, zone: ClockZone): string {
  const [hours, minutes] = zone === "local" ? [date.getHours(), date.getMinutes()] : jakartaHoursMinutes(date);
  if (lang === "id") return `${pad(hours)}.${pad(minutes)}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(minutes)} ${hours < 12 ? "AM" : "PM"}`;
}

/** The zone the first render in the browser may use without differing from the server's text. */
export function firstRenderZone(): ClockZone {
  return typeof window !== "undefined" && new Date().getTimezoneOffset() === -JAKARTA_OFFSET_MINUTES ? "local" : "jakarta";
}

/** The calendar day of a moment in the zone, as a number (days since 1970-01-01 there). */
export function dayNumber(date: Date, zone: ClockZone): number {
  const offsetMinutes = zone === "local" ? -date.getTimezoneOffset() : JAKARTA_OFFSET_MINUTES;
  return Math.floor((date.getTime() + offsetMinutes * 60_000) / DAY_MS);
}

/**
 * Which day a moment is, said as a chat says it: "today", "yesterday", or a date (the caller
 * words the first two in the member's language and formats the date, once per list).
 */
export function relativeDay(date: Date, now: Date, zone: ClockZone): "today" | "yesterday" | "earlier" {
  const days = dayNumber(now, zone) - dayNumber(date, zone);
  return days <= 0 ? "today" : days === 1 ? "yesterday" : "earlier";
}

/** A short date in the member's language ("28 Nov 2026" / "28 Nov 2026"), the year only when not this year's. */
export function shortDate(date: Date, lang: string, zone: ClockZone, now = new Date()): string {
  const sameYear = yearOf(date, zone) === yearOf(now, zone);
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    day: "numeric",
    month: "short",
    year: sameYear ? undefined : "numeric",
    timeZone: zone === "jakarta" ? "Asia/Jakarta" : undefined,
  }).format(date);
}

/** A date with its time in the one time format ("28 Nov 2026, 9:22 PM" / "28 Nov 2026, 21.22"). */
export function dateTimeText(date: Date, lang: string, zone: ClockZone = "jakarta"): string {
  const day = new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: zone === "jakarta" ? "Asia/Jakarta" : undefined }).format(date);
  return `${day}, ${clockTime(date, lang, zone)}`;
}

function yearOf(date: Date, zone: ClockZone) {
  return zone === "local" ? date.getFullYear() : new Date(date.getTime() + JAKARTA_OFFSET_MINUTES * 60_000).getUTCFullYear();
}

function jakartaHoursMinutes(date: Date): [number, number] {
  const minutesIntoDay = Math.floor(date.getTime() / 60_000 + JAKARTA_OFFSET_MINUTES) % (24 * 60);
  const positive = (minutesIntoDay + 24 * 60) % (24 * 60);
  return [Math.floor(positive / 60), positive % 60];
}

const pad = (value: number) => String(value).padStart(2, "0");

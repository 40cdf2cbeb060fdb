/**
 * A message's time of day, "14:05" in English and "14.05" in Indonesian (what Intl's en-GB and
 * id-ID give for two-digit hours and minutes), by arithmetic: building an Intl.DateTimeFormat was
 * the largest cost of hydrating a chat on a slow phone (decision 0099).
 *
 * The server renders Jakarta time (UTC+7 all year, no daylight saving); the browser shows its own
 * zone. A browser already at UTC+7 shows the same text, so it needs no second render.
 */
const JAKARTA_OFFSET_MINUTES = 7 * 60;

export type ClockZone = "jakarta" | "local";

export function clockTime(date: Date, lang: string, zone: ClockZone): string {
  const [hours, minutes] = zone === "local" ? [date.getHours(), date.getMinutes()] : jakartaHoursMinutes(date);
  return `${pad(hours)}${lang === "id" ? "." : ":"}${pad(minutes)}`;
}

/** The zone the first render in the browser may use without differing from the server's text. */
export function firstRenderZone(): ClockZone {
  return typeof window !== "undefined" && new Date().getTimezoneOffset() === -JAKARTA_OFFSET_MINUTES ? "local" : "jakarta";
}

function jakartaHoursMinutes(date: Date): [number, number] {
  const minutesIntoDay = Math.floor(date.getTime() / 60_000 + JAKARTA_OFFSET_MINUTES) % (24 * 60);
  const positive = (minutesIntoDay + 24 * 60) % (24 * 60);
  return [Math.floor(positive / 60), positive % 60];
}

const pad = (value: number) => String(value).padStart(2, "0");

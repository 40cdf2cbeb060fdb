/**
 * The age comes from the birth date, never typed (docs/decisions/0096). Shared by the API and the
 * onboarding screens (islands import it), so only plain date arithmetic: days are Jakarta days
 * ("YYYY-MM-DD", src/platform/clock.ts), the calendar the service keeps.
 */
import { MAX_AGE, MIN_AGE } from "../../platform/constants";

const BIRTH_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const BIRTH_DATE_MESSAGES = {
  required: "Please enter your birth date",
  invalid: "Please enter a real date",
  tooYoung: "Must be at least 18 years old",
  tooOld: "Age must be 100 or less",
  locked: "Your birth date cannot be changed",
} as const;

interface Parts {
  year: number;
  month: number;
  day: number;
}

function parse(value: string): Parts | null {
  const match = BIRTH_DATE_PATTERN.exec(value);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Round-trips through a UTC date: 2001-02-29 or 2001-13-01 come back different and are refused.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Full years between the birth date and `today` (both "YYYY-MM-DD"); someone born on 29 February turns a year older on 1 March. */
export function ageOn(birthDate: string, today: string): number | null {
  const born = parse(birthDate);
  const now = parse(today);
  if (born === null || now === null) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

/** The first message the birth date breaks, or null when it makes an age of 18 to 100 today. */
export function birthDateProblem(birthDate: string | undefined | null, today: string): string | null {
  if (birthDate === undefined || birthDate === null || birthDate.trim() === "") return BIRTH_DATE_MESSAGES.required;
  if (parse(birthDate) === null || birthDate > today) return BIRTH_DATE_MESSAGES.invalid;
  const age = ageOn(birthDate, today)!;
  if (age < MIN_AGE) return BIRTH_DATE_MESSAGES.tooYoung;
  if (age > MAX_AGE) return BIRTH_DATE_MESSAGES.tooOld;
  return null;
}

/** The latest birth date that is 18 today, for the date picker's max. */
export function latestAdultBirthDate(today: string): string {
  const now = parse(today)!;
  // Shifting the year of 29 February onto a common year lands on 1 March, which ageOn agrees with.
  const date = new Date(Date.UTC(now.year - MIN_AGE, now.month - 1, now.day));
  return date.toISOString().slice(0, 10);
}

export function earliestBirthDate(today: string): string {
  const now = parse(today)!;
  return new Date(Date.UTC(now.year - MAX_AGE - 1, now.month - 1, now.day + 1)).toISOString().slice(0, 10);
}

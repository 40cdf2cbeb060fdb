import { describe, expect, test } from "bun:test";
import { ageOn, BIRTH_DATE_MESSAGES, birthDateProblem, earliestBirthDate, latestAdultBirthDate } from "./birth-date";

describe("birth date", () => {
  test("the age counts full years, turning on the birthday", () => {
    expect(ageOn("2000-11-26", "2026-11-25")).toBe(25);
    expect(ageOn("2000-11-26", "2026-11-26")).toBe(26);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
    expect(ageOn("2000-02-29", "2026-03-01")).toBe(26);
  });

  test("under 18 on the day, a date that does not exist, the future and over 100 are refused", () => {
    expect(birthDateProblem("2008-11-27", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.tooYoung);
    expect(birthDateProblem("2008-11-26", "2026-11-26")).toBeNull();
    expect(birthDateProblem("2001-02-29", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.invalid);
    expect(birthDateProblem("27", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.invalid);
    expect(birthDateProblem("2030-01-01", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.invalid);
    expect(birthDateProblem("1925-11-26", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.tooOld);
    expect(birthDateProblem("", "2026-11-26")).toBe(BIRTH_DATE_MESSAGES.required);
  });

  test("the picker's bounds are exactly the dates that pass", () => {
    const today = "2026-11-26";
    expect(birthDateProblem(latestAdultBirthDate(today), today)).toBeNull();
    expect(birthDateProblem(earliestBirthDate(today), today)).toBeNull();
    expect(birthDateProblem("1925-11-26", today)).not.toBeNull();
    expect(earliestBirthDate(today)).toBe("1925-11-27");
  });
});

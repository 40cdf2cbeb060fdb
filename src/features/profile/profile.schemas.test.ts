import { describe, expect, test } from "bun:test";
import { editFaithDurations, FAITH_DURATIONS_EDIT, FAITH_DURATIONS_REGISTRATION, splitInterests, validateProfile } from "./profile.schemas";

/** What the editor sends: every value a string from its inputs, photos as ids. */
const formBody = {
  photos: ["photo-id"],
  birthDate: "2002-06-01",
  gender: "female",
  denomination: "Pentecostal",
  churchName: "GBI Rayon 1",
  faithTestimony: "I met Jesus at a youth camp in Bogor and he has been faithful ever since then.",
  faithDuration: "1-5 years",
  bio: "Designer who loves worship nights.",
  ministryInvolvement: "",
  relationshipGoals: "",
  jesusChristMeaning: "",
  occupation: "",
  education: "",
  interests: ["Music"],
  city: "",
  acceptTerms: true,
  confirmAdult: true,
};
const today = "2026-11-26";

describe("the shared profile schema (API and live form)", () => {
  test("a missing church is named with the other fields' messages, and a churchId alone is a church", () => {
    const result = validateProfile("create", { ...formBody, churchName: " ", bio: "Short" }, { today });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toMatchObject({ churchName: "Church name is required", bio: "Please write a brief bio (at least 20 characters)" });
    const withId = validateProfile("create", { ...formBody, churchName: "", churchId: "gbi" }, { today });
    expect(withId.ok).toBe(true);
    if (withId.ok) expect(withId.value).toMatchObject({ churchId: "gbi", denomination: "pentecostal", interests: ["music"] });
  });

  test("accepts the editor's string values for a new profile, with a birth date that makes an adult today", () => {
    const result = validateProfile("create", formBody, { today });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.birthDate).toBe("2002-06-01");
    const young = validateProfile("create", { ...formBody, birthDate: "2008-11-27" }, { today });
    expect(young.ok ? null : young.errors.birthDate).toBe("Must be at least 18 years old");
  });

  test("an edit keeps the stored birth date; an older profile without one must give one", () => {
    const editBody = { ...formBody, faithDuration: "3-5 years", jesusChristMeaning: "My saviour, my friend and my hope.", relationshipGoals: "marriage" };
    expect(validateProfile("edit", { ...editBody, birthDate: undefined }, { today, storedBirthDate: "2002-06-01" }).ok).toBe(true);
    const changed = validateProfile("edit", { ...editBody, birthDate: "2000-01-01" }, { today, storedBirthDate: "2002-06-01" });
    expect(changed.ok ? null : changed.errors).toEqual({ birthDate: "Your birth date cannot be changed" });
    const missing = validateProfile("edit", { ...editBody, birthDate: "" }, { today, storedBirthDate: null });
    expect(missing.ok ? null : missing.errors).toEqual({ birthDate: "Please enter your birth date" });
  });

  test("keeps the two faith-duration lists apart; an edit may keep the value chosen at registration", () => {
    expect(FAITH_DURATIONS_REGISTRATION).toContain("Less than 1 year");
    expect(FAITH_DURATIONS_EDIT).toContain("More than 10 years");
    const editBody = { ...formBody, jesusChristMeaning: "My saviour, my friend and my hope.", relationshipGoals: "marriage" };
    // formBody holds "1-5 years", a registration value: refused as a new choice, saved when kept.
    expect(formBody.faithDuration).toBe("1-5 years");
    const chosen = validateProfile("edit", editBody, { today, storedBirthDate: formBody.birthDate });
    expect(chosen.ok).toBe(false);
    if (!chosen.ok) expect(chosen.errors).toEqual({ faithDuration: "Faith duration is required" });
    expect(validateProfile("edit", editBody, { today, keptFaithDuration: "1-5 years", storedBirthDate: formBody.birthDate }).ok).toBe(true);
    expect(validateProfile("edit", { ...editBody, faithDuration: "6-10 years" }, { today, keptFaithDuration: "1-5 years", storedBirthDate: formBody.birthDate }).ok).toBe(true);
  });

  test("the edit form offers the edit list, with the profile's own registration value first", () => {
    expect(editFaithDurations("5-10 years")).toEqual(["5-10 years", ...FAITH_DURATIONS_EDIT]);
    expect(editFaithDurations("Born into faith")).toEqual(FAITH_DURATIONS_EDIT);
    expect(editFaithDurations("")).toEqual(FAITH_DURATIONS_EDIT);
  });

  test("the first message is the first field of the form in error", () => {
    const result = validateProfile("create", { ...formBody, photos: [], bio: "short", birthDate: "" }, { today });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe("Photos required: Please add at least one photo to your profile");
      expect(Object.keys(result.errors)).toEqual(["photos", "birthDate", "bio"]);
    }
  });

  test("interests typed with commas become a clean list without repeats", () => {
    expect(splitInterests(" Music, hiking,, music , Cooking ")).toEqual(["Music", "hiking", "Cooking"]);
  });
});

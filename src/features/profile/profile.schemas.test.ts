import { describe, expect, test } from "bun:test";
import { editFaithDurations, FAITH_DURATIONS_EDIT, FAITH_DURATIONS_REGISTRATION, splitInterests, validateProfile } from "./profile.schemas";

/** What the editor sends: every value a string from its inputs, photos as ids. */
const formBody = {
  photos: ["photo-id"],
  age: "24",
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
};

describe("the shared profile schema (API and live form)", () => {
  test("accepts the editor's string values for a new profile, with age as a number", () => {
    const result = validateProfile("create", formBody);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.age).toBe(24);
  });

  test("keeps the two faith-duration lists apart; an edit may keep the value chosen at registration", () => {
    expect(FAITH_DURATIONS_REGISTRATION).toContain("Less than 1 year");
    expect(FAITH_DURATIONS_EDIT).toContain("More than 10 years");
    const editBody = { ...formBody, jesusChristMeaning: "My saviour, my friend and my hope.", relationshipGoals: "marriage" };
    // formBody holds "1-5 years", a registration value: refused as a new choice, saved when kept.
    expect(formBody.faithDuration).toBe("1-5 years");
    const chosen = validateProfile("edit", editBody);
    expect(chosen.ok).toBe(false);
    if (!chosen.ok) expect(chosen.errors).toEqual({ faithDuration: "Faith duration is required" });
    expect(validateProfile("edit", editBody, "1-5 years").ok).toBe(true);
    expect(validateProfile("edit", { ...editBody, faithDuration: "6-10 years" }, "1-5 years").ok).toBe(true);
  });

  test("the edit form offers the edit list, with the profile's own registration value first", () => {
    expect(editFaithDurations("5-10 years")).toEqual(["5-10 years", ...FAITH_DURATIONS_EDIT]);
    expect(editFaithDurations("Born into faith")).toEqual(FAITH_DURATIONS_EDIT);
    expect(editFaithDurations("")).toEqual(FAITH_DURATIONS_EDIT);
  });

  test("the first message is the first field of the form in error", () => {
    const result = validateProfile("create", { ...formBody, photos: [], bio: "short" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe("Photos required: Please add at least one photo to your profile");
      expect(Object.keys(result.errors)).toEqual(["photos", "bio"]);
    }
  });

  test("interests typed with commas become a clean list without repeats", () => {
    expect(splitInterests(" Music, hiking,, music , Cooking ")).toEqual(["Music", "hiking", "Cooking"]);
  });
});

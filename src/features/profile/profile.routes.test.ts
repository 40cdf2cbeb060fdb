import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { photos, profileDrafts, profiles, users } from "../../../db/schema";
import { jakartaDayOf } from "../../platform/clock";
import { refreshAges } from "./age-refresh";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { MAX_PHOTO_BYTES } from "../../platform/constants";
import { containsText, dataUrl, GPS_SECRET, hollowJpeg, hollowWebp, jpegWithGps, pngWithoutIdat, pngWithText, webpWithExif } from "./photos/test-images";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validCreate = (photoList: string[]) => ({
  photos: photoList,
  birthDate: "1999-05-14",
  gender: "female",
  denomination: "Protestant",
  churchName: "GKI Pondok Indah",
  faithTestimony: "I came to know Christ at a youth camp and he has carried me through everything since.",
  faithDuration: "5-10 years",
  bio: "Teacher, coffee lover and worship team singer.",
  ministryInvolvement: "Worship team",
  relationshipGoals: "marriage",
  acceptTerms: true,
  confirmAdult: true,
});

const validEdit = (photoList: string[]) => ({
  ...validCreate(photoList),
  faithDuration: "6-10 years",
  jesusChristMeaning: "He is my saviour, my friend and the reason I hope.",
});

/** Registration is throttled per network (10 an hour): the fake clock moves on between users. */
async function newUser() {
  t.clock.advance(61 * 60_000);
  return t.registerUser();
}

const uploadsOnDisk = () => readdirSync(join(t.dataDir, "uploads"));

/** A user with a saved profile and one photo (sent as a data URL, as spec clients do). */
async function userWithProfile() {
  const user = await newUser();
  const response = await t.request("POST", "/api/profile", { cookie: user.cookie, body: validCreate([dataUrl(jpegWithGps())]) });
  expect(response.status).toBe(201);
  const profile = await response.json();
  return { ...user, profile };
}

function multipart(bytes: Uint8Array, fileName = "photo.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("photo", new File([Buffer.from(bytes)], fileName, { type }));
  return form;
}

async function upload(cookie: string, bytes: Uint8Array, fileName = "photo.jpg", type = "image/jpeg") {
  return t.app.request("/api/profile/photos", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: cookie }, body: multipart(bytes, fileName, type) });
}

describe("POST /api/profile (Complete Your Profile)", () => {
  test("a signed-out caller gets 401 Unauthorized", async () => {
    const response = await t.request("POST", "/api/profile", { body: validCreate([]) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a birth date under 18 on the day", { birthDate: "2008-11-23" }, "birthDate", "Must be at least 18 years old"],
    ["no birth date", { birthDate: undefined }, "birthDate", "Please enter your birth date"],
    ["a birth date that does not exist", { birthDate: "2001-02-29" }, "birthDate", "Please enter a real date"],
    ["terms not accepted", { acceptTerms: false }, "acceptTerms", "Please accept the Terms and Privacy Policy to continue"],
    ["18+ not confirmed", { confirmAdult: undefined }, "confirmAdult", "Please confirm that you are 18 or older"],
    ["a fourth prompt", { prompts: ["favouriteVerse", "lookingFor", "weekend", "together"].map((id) => ({ id, answer: "An answer" })) }, "prompts", "You can answer up to 3 prompts"],
    ["a prompt not on the list", { prompts: [{ id: "favouriteFood", answer: "Rendang" }] }, "prompts", "Please choose a prompt from the list"],
    ["a prompt without an answer", { prompts: [{ id: "favouriteVerse", answer: "  " }] }, "prompts", "Please answer the prompt"],
    ["an age range upside down", { preferences: { ageMin: 40, ageMax: 25, maxDistance: 50 } }, "preferences", "Choose an age range between 18 and 100, the first no higher than the second"],
    ["gender missing", { gender: "" }, "gender", "Gender is required"],
    ["denomination missing", { denomination: "" }, "denomination", "Denomination is required"],
    ["church name blank", { churchName: "   " }, "churchName", "Church name is required"],
    ["testimony under 50 characters", { faithTestimony: "x".repeat(49) }, "faithTestimony", "Please share more about your relationship with Christ (at least 50 characters)"],
    ["faith duration missing", { faithDuration: "" }, "faithDuration", "Faith duration is required"],
    ["faith duration from the edit list", { faithDuration: "6-10 years" }, "faithDuration", "Faith duration is required"],
    ["bio under 20 characters", { bio: "x".repeat(19) }, "bio", "Please write a brief bio (at least 20 characters)"],
    ["no photo", { photos: [] }, "photos", "Photos required: Please add at least one photo to your profile"],
  ];
  for (const [name, change, field, message] of cases) {
    test(`${name} is refused with '${message}' and nothing is saved`, async () => {
      const user = await newUser();
      const response = await t.request("POST", "/api/profile", { cookie: user.cookie, body: { ...validCreate([dataUrl(jpegWithGps())]), ...change } });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.message).toBe(message);
      expect(body.errors[field]).toBe(message);
      expect(await t.deps.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
      expect(await t.deps.db.select().from(photos).where(eq(photos.userId, user.id))).toEqual([]);
    });
  }

  test("seven photos are refused with 'Maximum photos reached'", async () => {
    const user = await newUser();
    const response = await t.request("POST", "/api/profile", { cookie: user.cookie, body: validCreate(new Array(7).fill(dataUrl(jpegWithGps()))) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Maximum photos reached: You can only upload 6 photos");
  });

  test("ministry involvement and relationship goals are optional; data URL photos come back as URLs", async () => {
    const user = await newUser();
    const { ministryInvolvement: _m, relationshipGoals: _r, ...body } = validCreate([dataUrl(jpegWithGps()), dataUrl(pngWithText(), "image/png")]);
    const response = await t.request("POST", "/api/profile", { cookie: user.cookie, body });
    expect(response.status).toBe(201);
    const profile = await response.json();
    expect(profile.photos).toHaveLength(2);
    expect(profile.photos[0]).toMatch(/^\/uploads\/[a-z2-7]{26}\.webp$/);
    // A PNG is re-encoded like any photo.
    expect(profile.photos[1]).toMatch(/^\/uploads\/[a-z2-7]{26}\.webp$/);
    expect(profile.relationshipGoals).toBeNull();
    const me = await (await t.request("GET", "/api/auth/user", { cookie: user.cookie })).json();
    expect(me.profile.photos).toEqual(profile.photos);
  });

  test("the age is computed from the birth date on the Jakarta day, prompts and preferences are saved, consent is recorded with its time", async () => {
    const user = await newUser();
    const today = jakartaDayOf(t.clock.now());
    const birthDate = `${Number(today.slice(0, 4)) - 30}${today.slice(4)}`;
    const prompts = [
      { id: "favouriteVerse", answer: "Jeremiah 29:11" },
      { id: "lookingFor", answer: "  prays with me  " },
    ];
    const response = await t.request("POST", "/api/profile", {
      cookie: user.cookie,
      body: { ...validCreate([dataUrl(jpegWithGps())]), birthDate, age: 99, prompts, preferences: { ageMin: 25, ageMax: 35, maxDistance: 100 } },
    });
    expect(response.status).toBe(201);
    const profile = await response.json();
    // A birthday today counts; a typed age is not an input.
    expect(profile).toMatchObject({ age: 30, birthDate, prompts: [prompts[0], { id: "lookingFor", answer: "prays with me" }], searchDistance: 100 });
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect({ min: row!.filterAgeMin, max: row!.filterAgeMax }).toEqual({ min: 25, max: 35 });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.termsAcceptedAt?.getTime()).toBe(t.clock.now().getTime());
    expect(account!.adultConfirmedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  test("an hourly refresh moves the stored age on the birthday (Jakarta midnight), and only then", async () => {
    const user = await newUser();
    const today = jakartaDayOf(t.clock.now());
    const tomorrow = jakartaDayOf(new Date(t.clock.now().getTime() + 86_400_000));
    const birthDate = `${Number(tomorrow.slice(0, 4)) - 40}${tomorrow.slice(4)}`;
    expect((await t.request("POST", "/api/profile", { cookie: user.cookie, body: { ...validCreate([dataUrl(jpegWithGps())]), birthDate } })).status).toBe(201);
    const ageNow = async () => (await t.deps.db.select({ age: profiles.age }).from(profiles).where(eq(profiles.userId, user.id)))[0]!.age;
    expect(await ageNow()).toBe(39);
    await refreshAges(t.deps.db, t.clock.now());
    expect(await ageNow()).toBe(39);
    await refreshAges(t.deps.db, new Date(`${tomorrow}T00:00:00+07:00`));
    expect(await ageNow()).toBe(40);
    expect(today).not.toBe(tomorrow);
  });

  test("onboarding's draft: each step is kept and read back; both consent boxes record their time once; the created profile removes the draft", async () => {
    const user = await newUser();
    expect(await (await t.request("GET", "/api/profile/draft", { cookie: user.cookie })).json()).toEqual({ step: 0, values: {} });
    const first = t.clock.now().getTime();
    const saved = await t.request("PUT", "/api/profile/draft", { cookie: user.cookie, body: { step: 2, values: { birthDate: "1995-03-02", gender: "male", acceptTerms: true, confirmAdult: true, unknown: "dropped" } } });
    expect(saved.status).toBe(200);
    expect(await (await t.request("GET", "/api/profile/draft", { cookie: user.cookie })).json()).toEqual({ step: 2, values: { birthDate: "1995-03-02", gender: "male", acceptTerms: true, confirmAdult: true } });
    t.clock.advance(60_000);
    await t.request("PUT", "/api/profile/draft", { cookie: user.cookie, body: { step: 3, values: { birthDate: "1995-03-02", acceptTerms: true, confirmAdult: true, bio: "Half written" } } });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.termsAcceptedAt?.getTime()).toBe(first);
    expect(account!.adultConfirmedAt?.getTime()).toBe(first);
    // Bad input changes nothing.
    expect((await t.request("PUT", "/api/profile/draft", { cookie: user.cookie, body: { step: 9, values: {} } })).status).toBe(400);
    expect((await t.request("PUT", "/api/profile/draft", { cookie: user.cookie, body: { step: 1, values: { bio: "x".repeat(5000) } } })).status).toBe(400);
    expect((await (await t.request("GET", "/api/profile/draft", { cookie: user.cookie })).json()).step).toBe(3);
    expect((await t.request("POST", "/api/profile", { cookie: user.cookie, body: validCreate([dataUrl(jpegWithGps())]) })).status).toBe(201);
    expect(await t.deps.db.select().from(profileDrafts).where(eq(profileDrafts.userId, user.id))).toEqual([]);
    // With a profile there is nothing left to draft.
    expect((await t.request("PUT", "/api/profile/draft", { cookie: user.cookie, body: { step: 1, values: {} } })).status).toBe(409);
  });

  test("the draft needs a signed-in member", async () => {
    expect((await t.request("GET", "/api/profile/draft")).status).toBe(401);
    expect((await t.request("PUT", "/api/profile/draft", { body: { step: 0, values: {} } })).status).toBe(401);
  });

  test("a userId naming someone else is refused and their profile is untouched", async () => {
    const owner = await userWithProfile();
    const intruder = await newUser();
    const response = await t.request("POST", "/api/profile", { cookie: intruder.cookie, body: { ...validCreate([dataUrl(jpegWithGps())]), userId: owner.id, bio: "Overwritten bio by someone else" } });
    expect(response.status).toBe(403);
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(row!.bio).toBe(validCreate([]).bio);
  });

  test("interests, occupation, education and a known city are saved; the city keeps only its centre", async () => {
    const user = await newUser();
    const response = await t.request("POST", "/api/profile", {
      cookie: user.cookie,
      body: { ...validCreate([dataUrl(jpegWithGps())]), interests: ["Worship music", "Hiking"], occupation: "Teacher", education: "S1 Pendidikan", city: "manado" },
    });
    expect(response.status).toBe(201);
    const profile = await response.json();
    // Names are taken as their keys (docs/decisions/0132).
    expect(profile.interests).toEqual(["worship-music", "hiking"]);
    expect(profile.city).toBe("manado");
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row!.cityLat).toBeCloseTo(1.47, 1);
    const unknown = await t.request("POST", "/api/profile", { cookie: user.cookie, body: { ...validCreate([profile.photos[0]]), city: "atlantis" } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.city).toBe("Please choose a city from the list");
  });
});

describe("GET /api/profile", () => {
  test("answers the caller's own profile, and 404 before one exists", async () => {
    const user = await newUser();
    expect((await t.request("GET", "/api/profile", { cookie: user.cookie })).status).toBe(404);
    const withProfile = await userWithProfile();
    const response = await t.request("GET", "/api/profile", { cookie: withProfile.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).userId).toBe(withProfile.id);
  });
});

describe("parallel profile saves (the hole: five parallel saves left 26 photos)", () => {
  test("never leave more than the planned photos: the saves that lost the race answer 409 and store nothing", async () => {
    const user = await newUser();
    const five = Array.from({ length: 5 }, () => dataUrl(jpegWithGps()));
    const before = uploadsOnDisk().length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.request("POST", "/api/profile", { cookie: user.cookie, body: validCreate(five) })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201 || status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 200 || status === 409)).toBe(true);
    const refused = answers.find((answer) => answer.status === 409);
    if (refused !== undefined) expect(await refused.json()).toEqual({ message: "Your photos changed while saving. Please try again" });
    const rows = await t.deps.db.select().from(photos).where(eq(photos.userId, user.id));
    expect(rows.length).toBeLessThanOrEqual(6);
    expect(rows.length).toBe(5);
    // The losers' files were removed again: only the kept photos are on disk.
    expect(uploadsOnDisk().length - before).toBe(rows.length * 2); // each photo and its thumbnail
  });
});

describe("PATCH /api/profile (Edit Profile)", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a changed birth date", { birthDate: "1990-01-01" }, "birthDate", "Your birth date cannot be changed"],
    ["gender missing", { gender: null }, "gender", "Gender is required"],
    ["bio under 10 characters", { bio: "Too short" }, "bio", "Bio must be at least 10 characters"],
    ["denomination missing", { denomination: "" }, "denomination", "Denomination is required"],
    ["church name missing", { churchName: "" }, "churchName", "Church name is required"],
    ["faith duration missing", { faithDuration: "" }, "faithDuration", "Faith duration is required"],
    ["faith duration newly chosen from the registration list", { faithDuration: "10+ years" }, "faithDuration", "Faith duration is required"],
    ["testimony under 20 characters", { faithTestimony: "x".repeat(19) }, "faithTestimony", "Faith testimony must be at least 20 characters"],
    ["Jesus Christ meaning under 20 characters", { jesusChristMeaning: "My saviour" }, "jesusChristMeaning", "Please share what Jesus Christ means to you (at least 20 characters)"],
    ["relationship goals missing", { relationshipGoals: "" }, "relationshipGoals", "Relationship goals are required"],
    ["no photo", { photos: [] }, "photos", "Photos required: Please add at least one photo to your profile"],
  ];
  for (const [name, change, field, message] of cases) {
    test(`${name} is refused with '${message}' and nothing changes`, async () => {
      const user = await userWithProfile();
      const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { ...validEdit(user.profile.photos), ...change } });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.message).toBe(message);
      expect(body.errors[field]).toBe(message);
      const after = await (await t.request("GET", "/api/profile", { cookie: user.cookie })).json();
      expect(after.bio).toBe(user.profile.bio);
      expect(after.photos).toEqual(user.profile.photos);
    });
  }

  test("an edit keeping the faith duration chosen at registration saves (the edit list lacks it)", async () => {
    const user = await userWithProfile();
    expect(user.profile.faithDuration).toBe("5-10 years");
    const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { ...validEdit(user.profile.photos), faithDuration: "5-10 years", bio: "Kept my faith duration, changed my bio." } });
    expect(response.status).toBe(200);
    const after = await (await t.request("GET", "/api/profile", { cookie: user.cookie })).json();
    expect(after).toMatchObject({ faithDuration: "5-10 years", bio: "Kept my faith duration, changed my bio." });
  });

  test("a valid edit saves, and a photo list in a new order makes the first one the main photo", async () => {
    const user = await userWithProfile();
    const second = await (await upload(user.cookie, pngWithText(), "b.png", "image/png")).json();
    const order = [second.photo.url, user.profile.photos[0]];
    const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { ...validEdit(order), bio: "A new bio that is long enough" } });
    expect(response.status).toBe(200);
    const profile = await response.json();
    expect(profile.bio).toBe("A new bio that is long enough");
    expect(profile.photos).toEqual(order);
  });

  test("a photo left out of the list is deleted with its file", async () => {
    const user = await userWithProfile();
    const second = await (await upload(user.cookie, pngWithText(), "b.png", "image/png")).json();
    const removedFile = user.profile.photos[0].split("/").pop();
    const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: validEdit([second.photo.id]) });
    expect(response.status).toBe(200);
    expect((await response.json()).photos).toEqual([second.photo.url]);
    expect(existsSync(join(t.dataDir, "uploads", removedFile))).toBe(false);
  });

  test("before a profile exists an edit is 400 'Profile incomplete'", async () => {
    const user = await newUser();
    const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: validEdit([dataUrl(jpegWithGps())]) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Profile incomplete");
  });

  describe("with only searchDistance", () => {
    test("5 to 200 in steps of 5 is saved without the edit rules", async () => {
      const user = await userWithProfile();
      for (const km of [5, 35, 200]) {
        const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { searchDistance: km } });
        expect(response.status).toBe(200);
        expect((await response.json()).searchDistance).toBe(km);
      }
    });

    test("values off the slider are refused and the distance stays", async () => {
      const user = await userWithProfile();
      for (const km of [0, 4, 7, 205, "far"]) {
        const response = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { searchDistance: km } });
        expect(response.status).toBe(400);
        expect((await response.json()).message).toBe("Search distance must be between 5 and 200 km in steps of 5");
      }
      expect((await (await t.request("GET", "/api/profile", { cookie: user.cookie })).json()).searchDistance).toBe(50);
    });
  });
});

describe("unknown fields in profile bodies are dropped", () => {
  /** What a tampering client might add: account flags, a paid plan, someone else's ids, a made-up place. */
  const tampering = (victimId: string) => ({
    isAdmin: true,
    plan: "premium_plus",
    planExpiresAt: null,
    isPremium: true,
    isBanned: true,
    boostedUntil: "2100-01-01T00:00:00.000Z",
    email: "someone.else@example.com",
    id: victimId,
    cityLat: 1.5,
    cityLng: 2.5,
  });

  const accountOf = async (id: string) => {
    const [row] = await t.deps.db
      .select({ email: users.email, isAdmin: users.isAdmin, plan: users.plan, planExpiresAt: users.planExpiresAt, isBanned: users.isBanned, boostedUntil: users.boostedUntil })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };

  test("POST and PATCH of the profile, the distance slider and the profile picture with isAdmin, plan or another user's id change nothing of that kind", async () => {
    const victim = await userWithProfile();
    const user = await newUser();
    const victimAccountBefore = await accountOf(victim.id);
    const [victimProfileBefore] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, victim.id));
    const untouched = { email: user.email.toLowerCase(), isAdmin: false, plan: "free" as const, planExpiresAt: null, isBanned: false, boostedUntil: null };

    const created = await t.request("POST", "/api/profile", { cookie: user.cookie, body: { ...validCreate([dataUrl(jpegWithGps())]), ...tampering(victim.id) } });
    expect(created.status).toBe(201);
    const profile = await created.json();
    expect(profile.userId).toBe(user.id);
    expect(await accountOf(user.id)).toEqual(untouched);

    const edited = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { ...validEdit(profile.photos), ...tampering(victim.id), bio: "An edited bio, long enough" } });
    expect(edited.status).toBe(200);
    expect((await edited.json()).bio).toBe("An edited bio, long enough");
    expect(await accountOf(user.id)).toEqual(untouched);

    // The slider with extra fields is no slider save: nothing is stored either way.
    const slider = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: { searchDistance: 100, ...tampering(victim.id) } });
    expect([200, 400]).toContain(slider.status);
    const picture = await t.request("PATCH", "/api/auth/profile-picture", { cookie: user.cookie, body: { profileImageUrl: "", ...tampering(victim.id) } });
    expect(picture.status).toBe(200);
    expect(await accountOf(user.id)).toEqual(untouched);

    const [own] = await t.deps.db.select({ cityLat: profiles.cityLat, cityLng: profiles.cityLng }).from(profiles).where(eq(profiles.userId, user.id));
    expect(own).toEqual({ cityLat: null, cityLng: null });
    // The other person's account and profile are as they were.
    expect(await accountOf(victim.id)).toEqual(victimAccountBefore);
    expect((await t.deps.db.select().from(profiles).where(eq(profiles.userId, victim.id)))[0]).toEqual(victimProfileBefore!);
    const me = await (await t.request("GET", "/api/auth/user", { cookie: user.cookie })).json();
    expect(me).toMatchObject({ isAdmin: false, isPremium: false });
  });

  test("a PATCH with userId naming someone else is refused and their profile is untouched", async () => {
    const owner = await userWithProfile();
    const intruder = await userWithProfile();
    const [before] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    const response = await t.request("PATCH", "/api/profile", { cookie: intruder.cookie, body: { ...validEdit(intruder.profile.photos), userId: owner.id, bio: "Overwritten bio by someone else" } });
    expect(response.status).toBe(403);
    const slider = await t.request("PATCH", "/api/profile", { cookie: intruder.cookie, body: { userId: owner.id, searchDistance: 200 } });
    expect(slider.status).toBe(403);
    expect((await t.deps.db.select().from(profiles).where(eq(profiles.userId, owner.id)))[0]).toEqual(before!);
  });
});

describe("POST /api/profile/photos", () => {
  test("a file of 5 MB + 1 byte is refused with 413 before its body is read", async () => {
    const user = await newUser();
    const total = MAX_PHOTO_BYTES + 1;
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        const size = Math.min(chunk.length, total - pulled);
        pulled += size;
        controller.enqueue(chunk.subarray(0, size));
      },
    });
    const response = await t.app.request("/api/profile/photos", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: user.cookie, "Content-Type": "image/jpeg", "Content-Length": String(total) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe("File too large: Please select images smaller than 5MB");
    expect(pulled).toBeLessThan(total);
  });

  test("a streamed body without a length is cut off once it passes the limit", async () => {
    const user = await newUser();
    const total = 3 * MAX_PHOTO_BYTES;
    let pulled = 0;
    const chunk = new Uint8Array(256 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await t.app.request("/api/profile/photos", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: user.cookie, "Content-Type": "image/jpeg", "Transfer-Encoding": "chunked" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(total);
  });

  test("a multipart photo of 5 MB + 1 byte is refused with 413", async () => {
    const user = await newUser();
    const response = await upload(user.cookie, hollowJpeg(640, 480, MAX_PHOTO_BYTES + 1));
    expect(response.status).toBe(413);
    expect(await t.deps.db.select().from(photos).where(eq(photos.userId, user.id))).toEqual([]);
  });

  test("the hole: files that only look like images (a JPEG without a scan, a WebP without image data, a PNG without IDAT) are refused with 415 and nothing is stored", async () => {
    const user = await newUser();
    const before = uploadsOnDisk().length;
    for (const [bytes, name, type] of [
      [hollowJpeg(), "a.jpg", "image/jpeg"],
      [hollowWebp(), "b.webp", "image/webp"],
      [pngWithoutIdat(), "c.png", "image/png"],
    ] as const) {
      const response = await upload(user.cookie, bytes, name, type);
      expect({ name, status: response.status, body: await response.json() }).toEqual({ name, status: 415, body: { message: "Error processing image" } });
    }
    expect(uploadsOnDisk().length).toBe(before);
    expect(await t.deps.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(0);
  });

  test("a text file named .jpg is refused with 415 whatever its declared type", async () => {
    const user = await newUser();
    const before = uploadsOnDisk().length;
    const response = await upload(user.cookie, new TextEncoder().encode("I am not a picture at all"), "holiday.jpg", "image/jpeg");
    expect(response.status).toBe(415);
    expect((await response.json()).message).toBe("Invalid file type: Please select only image files");
    expect(uploadsOnDisk().length).toBe(before);
  });

  test("a seventh photo is refused with 'Maximum photos reached'", async () => {
    const user = await newUser();
    for (let i = 0; i < 6; i++) expect((await upload(user.cookie, jpegWithGps())).status).toBe(201);
    const response = await upload(user.cookie, jpegWithGps());
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Maximum photos reached: You can only upload 6 photos");
    expect(await t.deps.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(6);
  });

  test("six uploads at the same moment after five photos still make six, never seven", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) await upload(user.cookie, jpegWithGps());
    await Promise.all(new Array(6).fill(0).map(() => upload(user.cookie, jpegWithGps())));
    expect(await t.deps.db.select().from(photos).where(eq(photos.userId, user.id))).toHaveLength(6);
  });

  test("a JPEG with GPS EXIF is stored without any EXIF, XMP or comment", async () => {
    const user = await newUser();
    const response = await upload(user.cookie, jpegWithGps(800, 600));
    expect(response.status).toBe(201);
    const { photo } = await response.json();
    expect(photo.width).toBe(800);
    const stored = new Uint8Array(readFileSync(join(t.dataDir, "uploads", photo.url.split("/").pop())));
    expect(Buffer.from(stored.subarray(8, 12)).toString()).toBe("WEBP");
    expect(containsText(stored, "Exif")).toBe(false);
    expect(containsText(stored, GPS_SECRET)).toBe(false);
    expect(Buffer.from(stored).includes(Buffer.from([0xff, 0xe1]))).toBe(false);
  });

  test("a PNG's text chunks and a WebP's EXIF are stripped before storing", async () => {
    const user = await newUser();
    for (const [bytes, name, type] of [
      [pngWithText(), "a.png", "image/png"],
      [webpWithExif(), "a.webp", "image/webp"],
    ] as const) {
      const { photo } = await (await upload(user.cookie, bytes, name, type)).json();
      const stored = new Uint8Array(readFileSync(join(t.dataDir, "uploads", photo.url.split("/").pop())));
      expect(containsText(stored, GPS_SECRET)).toBe(false);
      expect(containsText(stored, "tEXt")).toBe(false);
      expect(containsText(stored, "EXIF")).toBe(false);
    }
  });

  test("an image larger than 8000 pixels on a side is refused", async () => {
    const user = await newUser();
    const response = await upload(user.cookie, hollowJpeg(9000, 100));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Image dimensions too large: Please use a smaller image");
  });
});

describe("GET /uploads/:file", () => {
  test("a stored photo is served with its real type, nosniff and a long immutable cache", async () => {
    const user = await userWithProfile();
    const response = await t.request("GET", user.profile.photos[0], { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(8, 12)).toString()).toBe("WEBP");
    const png = await (await upload(user.cookie, pngWithText(), "x.png", "image/png")).json();
    expect((await t.request("GET", png.photo.url, { cookie: user.cookie })).headers.get("Content-Type")).toBe("image/webp");
  });

  test("?size=thumb serves the list-sized WebP, much smaller than the photo", async () => {
    const user = await newUser();
    const uploaded = await (await upload(user.cookie, jpegWithGps(1600, 1200))).json();
    expect(uploaded.photo).toMatchObject({ width: 1280, height: 960 });
    const full = new Uint8Array(await (await t.request("GET", uploaded.photo.url, { cookie: user.cookie })).arrayBuffer());
    const thumbResponse = await t.request("GET", `${uploaded.photo.url}?size=thumb`, { cookie: user.cookie });
    expect(thumbResponse.status).toBe(200);
    expect(thumbResponse.headers.get("Content-Type")).toBe("image/webp");
    const thumb = new Uint8Array(await thumbResponse.arrayBuffer());
    expect(thumb.length).toBeLessThan(full.length / 3);
    const { Transformer } = await import("@napi-rs/image");
    expect(await new Transformer(thumb).metadata()).toMatchObject({ width: 360, height: 270 });
    // A photo stored before thumbnails existed (no thumbnail file) is served whole.
    rmSync(join(t.dataDir, "uploads", uploaded.photo.url.split("/").pop().replace(".webp", ".thumb.webp")));
    expect((await t.request("GET", `${uploaded.photo.url}?size=thumb`, { cookie: user.cookie })).status).toBe(200);
  });

  test("a photo larger than the card is stored scaled to fit 1280×1600, never enlarged", async () => {
    const user = await newUser();
    const big = await (await upload(user.cookie, jpegWithGps(2400, 1800))).json();
    expect(big.photo).toMatchObject({ width: 1280, height: 960 });
    const small = await (await upload(user.cookie, jpegWithGps(300, 200))).json();
    expect(small.photo).toMatchObject({ width: 300, height: 200 });
  });

  test("signed out, unknown names and paths outside the folder are not served", async () => {
    const user = await userWithProfile();
    expect((await t.request("GET", user.profile.photos[0])).status).toBe(401);
    expect((await t.request("GET", "/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaa.jpg", { cookie: user.cookie })).status).toBe(404);
    expect((await t.request("GET", "/uploads/..%2Fkasih.db", { cookie: user.cookie })).status).toBe(404);
    expect((await t.request("GET", "/uploads/kasih.db", { cookie: user.cookie })).status).toBe(404);
  });
});

describe("reordering and deleting photos", () => {
  test("PUT /api/profile/photos puts the photos in the given order", async () => {
    const user = await userWithProfile();
    const second = await (await upload(user.cookie, pngWithText(), "b.png", "image/png")).json();
    const firstId = user.profile.photoIds[0];
    const response = await t.request("PUT", "/api/profile/photos", { cookie: user.cookie, body: { photos: [second.photo.id, firstId] } });
    expect(response.status).toBe(200);
    expect((await response.json()).photos.map((photo: { id: string }) => photo.id)).toEqual([second.photo.id, firstId]);
  });

  test("DELETE removes the photo and its file; the last photo of a profile stays", async () => {
    const user = await userWithProfile();
    const second = await (await upload(user.cookie, pngWithText(), "b.png", "image/png")).json();
    const file = second.photo.url.split("/").pop();
    const response = await t.request("DELETE", `/api/profile/photos/${second.photo.id}`, { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(existsSync(join(t.dataDir, "uploads", file))).toBe(false);
    const last = await t.request("DELETE", `/api/profile/photos/${user.profile.photoIds[0]}`, { cookie: user.cookie });
    expect(last.status).toBe(400);
    expect((await last.json()).message).toBe("Photos required: Please add at least one photo to your profile");
  });

  test("one user cannot reorder, delete or claim another user's photos", async () => {
    const owner = await userWithProfile();
    const intruder = await userWithProfile();
    const ownerPhotoId = owner.profile.photoIds[0];
    const ownerFile = owner.profile.photos[0].split("/").pop();
    expect((await t.request("DELETE", `/api/profile/photos/${ownerPhotoId}`, { cookie: intruder.cookie })).status).toBe(404);
    expect((await t.request("PUT", "/api/profile/photos", { cookie: intruder.cookie, body: { photos: [ownerPhotoId] } })).status).toBe(404);
    const claim = await t.request("PATCH", "/api/profile", { cookie: intruder.cookie, body: validEdit([owner.profile.photos[0]]) });
    expect(claim.status).toBe(404);
    expect(existsSync(join(t.dataDir, "uploads", ownerFile))).toBe(true);
    const [row] = await t.deps.db.select().from(photos).where(eq(photos.id, ownerPhotoId));
    expect(row!.userId).toBe(owner.id);
  });
});

describe("PATCH /api/auth/profile-picture", () => {
  test("a data URL becomes a stored, stripped file URL; an empty string removes it and its file", async () => {
    const user = await userWithProfile();
    const response = await t.request("PATCH", "/api/auth/profile-picture", { cookie: user.cookie, body: { profileImageUrl: dataUrl(jpegWithGps(400, 400)) } });
    expect(response.status).toBe(200);
    const { profileImageUrl } = await response.json();
    expect(profileImageUrl).toMatch(/^\/uploads\/[a-z2-7]{26}\.webp$/);
    const file = join(t.dataDir, "uploads", profileImageUrl.split("/").pop());
    expect(containsText(new Uint8Array(readFileSync(file)), "Exif")).toBe(false);
    expect((await t.request("GET", profileImageUrl, { cookie: user.cookie })).status).toBe(200);
    expect((await (await t.request("GET", "/api/auth/user", { cookie: user.cookie })).json()).profileImageUrl).toBe(profileImageUrl);

    const removed = await t.request("PATCH", "/api/auth/profile-picture", { cookie: user.cookie, body: { profileImageUrl: "" } });
    expect(await removed.json()).toEqual({ profileImageUrl: null });
    expect(existsSync(file)).toBe(false);
  });

  test("a data URL that is not an image is refused with 415", async () => {
    const user = await newUser();
    const response = await t.request("PATCH", "/api/auth/profile-picture", { cookie: user.cookie, body: { profileImageUrl: `data:image/jpeg;base64,${Buffer.from("hello").toString("base64")}` } });
    expect(response.status).toBe(415);
  });
});

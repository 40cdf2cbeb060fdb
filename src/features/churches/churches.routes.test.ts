import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { dataUrl, jpegWithGps } from "../profile/photos/test-images";
import { searchChurches } from "./church-directory";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newUser() {
  t.clock.advance(61 * 60_000);
  return t.registerUser();
}

const createBody = (extra: Record<string, unknown> = {}) => ({
  photos: [dataUrl(jpegWithGps())],
  birthDate: "1996-03-02",
  gender: "male",
  denomination: "pentecostal",
  churchName: "GBI Rayon 3 Surabaya",
  faithTestimony: "I came to know Christ at a youth camp and he has carried me through everything since.",
  faithDuration: "5-10 years",
  bio: "Engineer, drummer in the worship team, likes long walks.",
  acceptTerms: true,
  confirmAdult: true,
  ...extra,
});

const editBody = (extra: Record<string, unknown> = {}) => ({
  ...createBody(),
  faithDuration: "6-10 years",
  jesusChristMeaning: "He is my saviour, my friend and the reason I hope.",
  relationshipGoals: "marriage",
  ...extra,
});

describe("GET /api/churches", () => {
  test("finds churches by abbreviation and name, case and accents ignored, the abbreviation itself first, at most 20", async () => {
    const gbi = await (await t.request("GET", "/api/churches?q=gbi")).json();
    expect(gbi.churches[0]).toEqual({ id: "gbi", name: "Gereja Bethel Indonesia", abbreviation: "GBI", family: "pentecostal" });
    expect(gbi.churches.map((church: { id: string }) => church.id)).toContain("gbis");
    const accented = await (await t.request("GET", `/api/churches?q=${encodeURIComponent("HURÍA kristen BATAK")}`)).json();
    expect(accented.churches.map((church: { id: string }) => church.id)).toEqual(["hkbp"]);
    const dioceses = await (await t.request("GET", "/api/churches?q=keuskupan")).json();
    expect(dioceses.churches).toHaveLength(20);
    expect(dioceses.churches.every((church: { family: string }) => church.family === "catholic")).toBe(true);
    expect((await (await t.request("GET", "/api/churches?q=zzzz")).json()).churches).toEqual([]);
    expect((await t.request("GET", `/api/churches?q=${"a".repeat(101)}`)).status).toBe(400);
  });

  test("every church network MATCHING.md names is in the directory, and the ten Catholic archdioceses", () => {
    for (const name of ["HKBP", "GKI", "GKJ", "GPIB", "GMIM", "GMIT", "GPM", "GBKP", "GKPS", "GKE", "Gereja Toraja", "GPdI", "GSJA", "GBI", "Bethany", "JKI", "Tiberias", "GMS", "GKII", "GRII", "GMAHK", "GMI"]) {
      expect(searchChurches(name).length).toBeGreaterThan(0);
    }
    expect(searchChurches("keuskupan agung").length).toBe(10);
  });
});

describe("GET /api/interests", () => {
  test("the list in the request's language", async () => {
    const en = await (await t.request("GET", "/api/interests")).json();
    expect(en.interests.length).toBeGreaterThanOrEqual(55);
    expect(en.interests).toContainEqual({ key: "worship-team", name: "Worship team" });
    const id = await (await t.request("GET", "/api/interests", { headers: { "Accept-Language": "id-ID,id;q=0.9" } })).json();
    expect(id.interests).toContainEqual({ key: "choir", name: "Paduan suara" });
    const chosen = await (await t.request("GET", "/api/interests", { headers: { Cookie: "app-language=id", "Accept-Language": "en" } })).json();
    expect(chosen.interests).toContainEqual({ key: "youth-ministry", name: "Pelayanan pemuda" });
  });
});

describe("the profile's denomination, church and interests", () => {
  test("an old English denomination and interest names are taken as keys; the answer has the family's name in the request's language and the directory church", async () => {
    const user = await newUser();
    const response = await t.request("POST", "/api/profile", {
      cookie: `${user.cookie}; app-language=id`,
      body: createBody({ denomination: "Lutheran", churchId: "hkbp", churchName: "Kernolong Jakarta", interests: ["Choir", "paduan suara", "MASAK", "youth-ministry"] }),
    });
    expect(response.status).toBe(201);
    const profile = await response.json();
    expect(profile).toMatchObject({
      denomination: "protestant",
      denominationName: "Protestan (arus utama)",
      churchId: "hkbp",
      church: { id: "hkbp", name: "Huria Kristen Batak Protestan", family: "protestant" },
      churchName: "Kernolong Jakarta",
      interests: ["choir", "cooking", "youth-ministry"],
      interestNames: ["Paduan suara", "Masak", "Pelayanan pemuda"],
    });
    const english = await (await t.request("GET", "/api/profile", { cookie: user.cookie })).json();
    expect(english.denominationName).toBe("Protestant (mainline)");
  });

  test("a churchId alone is enough; an unknown churchId, an unknown interest or more than 10 are 400 and change nothing", async () => {
    const user = await newUser();
    const created = await t.request("POST", "/api/profile", { cookie: user.cookie, body: createBody({ churchId: "gbi", churchName: undefined }) });
    expect(created.status).toBe(201);
    expect((await created.json()).churchName).toBe("");

    const unknownChurch = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ churchId: "gereja-atlantis" }) });
    expect(unknownChurch.status).toBe(400);
    expect((await unknownChurch.json()).errors.churchId).toBe("Please choose a church from the list");
    const noChurch = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ churchId: null, churchName: " " }) });
    expect(noChurch.status).toBe(400);
    expect((await noChurch.json()).errors.churchName).toBe("Church name is required");
    const unknownInterest = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ interests: ["music", "Underwater basket weaving"] }) });
    expect(unknownInterest.status).toBe(400);
    expect((await unknownInterest.json()).errors.interests).toBe("Please choose interests from the list");
    const eleven = ["music", "choir", "sports", "cooking", "travel", "youth-ministry", "missions", "reading", "movies", "hiking", "beach"];
    const tooMany = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ interests: eleven }) });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errors.interests).toBe("You can list up to 10 interests");
    const badDenomination = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ denomination: "Jedi" }) });
    expect(badDenomination.status).toBe(400);

    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({ churchId: "gbi", denomination: "pentecostal", interests: [] });
    // Ten is fine.
    expect((await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ interests: eleven.slice(0, 10) }) })).status).toBe(200);
  });

  test("an older client's edit (English denomination, no churchId, interests as one text) keeps the chosen church", async () => {
    const user = await newUser();
    expect((await t.request("POST", "/api/profile", { cookie: user.cookie, body: createBody({ churchId: "gms", churchName: "Mawar Sharon Surabaya" }) })).status).toBe(201);
    const edited = await t.request("PATCH", "/api/profile", { cookie: user.cookie, body: editBody({ denomination: "Pentecostal", churchName: "GMS Surabaya", interests: "Music, Travelling, music" }) });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ denomination: "pentecostal", churchId: "gms", churchName: "GMS Surabaya", interests: ["music", "travel"] });
  });
});

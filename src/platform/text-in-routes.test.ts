/**
 * The hole: zero-width-only texts, control characters and bidi overrides were stored verbatim.
 * Through the routes that take people's words: chat messages, names at registration, profiles.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { messages, profiles, users } from "../../db/schema";
import { createMember } from "../features/discovery/discovery.test-support";
import { createTestApp, type TestApp } from "../testing/test-app";
import { matchUsers, setPlan } from "../testing/match-fixtures";

setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ZERO_WIDTH = "\u200B\u200C\u200D\u2060\uFEFF";

describe("chat messages", () => {
  it("refuses a message of only zero-width characters and stores others cleaned", async () => {
    const [a, b] = [await createMember(app), await createMember(app, { gender: "male" })];
    await setPlan(app, a, "premium");
    const matchId = await matchUsers(app, a, b);
    const post = (content: string) => app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content } });
    const empty = await post(ZERO_WIDTH.repeat(3));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: "Message cannot be empty" });
    expect((await post("Sampai jumpa\u0007 di gere\u0301ja\u202E!\nTuhan memberkati")).status).toBe(201);
    const [stored] = await app.deps.db.select({ content: messages.content }).from(messages).where(eq(messages.matchId, matchId));
    expect(stored!.content).toBe("Sampai jumpa di geréja!\nTuhan memberkati");
  });
});

describe("names at registration", () => {
  it("refuses direction overrides and zero-width-only names, and stores names in NFC", async () => {
    const register = async (firstName: string) => {
      const response = await app.request("POST", "/api/auth/register", { body: { email: `n${crypto.randomUUID().slice(0, 8)}@example.com`, password: "a long enough password", firstName, lastName: "Santoso", captchaToken: await app.solveCaptcha() } });
      return { status: response.status, body: await response.json() };
    };
    expect(await register("Budi\u202Eoknaj")).toEqual({ status: 400, body: { message: "Names cannot contain direction control characters" } });
    expect(await register(ZERO_WIDTH)).toEqual({ status: 400, body: { message: "Please fill in all fields" } });
    const made = await register("Jose\u0301\u0000");
    expect(made.status).toBe(201);
    const [row] = await app.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, made.body.id));
    expect(row!.firstName).toBe("José");
  });
});

describe("profile texts", () => {
  it("does not count zero-width characters towards a minimum length, and stores texts cleaned", async () => {
    const member = await createMember(app, { profile: false, photo: false });
    const base = { birthDate: "1999-04-12", acceptTerms: true, confirmAdult: true, gender: "female", denomination: "Protestant", churchName: "GKI\u0000 Pondok Indah", faithTestimony: "I met Jesus at a youth camp and He changed how I see everything around me.", faithDuration: "10+ years", relationshipGoals: "marriage" };
    const save = (bio: string, photos: string[]) => app.request("POST", "/api/profile", { cookie: member.cookie, body: { ...base, bio, photos } });
    const { dataUrl, jpegWithGps } = await import("../features/profile/photos/test-images");
    const padded = await save(`Hi${ZERO_WIDTH.repeat(10)}`, [dataUrl(jpegWithGps())]);
    expect(padded.status).toBe(400);
    const saved = await save("I love worship\u202E music and hiking with friends.", [dataUrl(jpegWithGps())]);
    expect(saved.status).toBe(201);
    const [row] = await app.deps.db.select({ bio: profiles.bio, churchName: profiles.churchName }).from(profiles).where(eq(profiles.userId, member.id));
    expect(row).toEqual({ bio: "I love worship music and hiking with friends.", churchName: "GKI Pondok Indah" });
  });
});

import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { matches, photos, users } from "../../../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { jpegWithGps } from "../profile/photos/test-images";
import { FRESH_SIGN_IN_MINUTES } from "./delete-own-account";

// Registration hashes passwords (argon2).
setDefaultTimeout(30_000);

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

async function uploadPhoto(cookie: string) {
  const form = new FormData();
  form.append("photo", new File([Buffer.from(jpegWithGps())], "me.jpg", { type: "image/jpeg" }));
  const response = await app.app.request("/api/profile/photos", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: cookie }, body: form });
  expect(response.status).toBe(201);
}

describe("GET /api/account/export", () => {
  test("is a zip of the member's JSON and photo files, with no secrets and nobody else's data", async () => {
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const other = await createMember(app, { firstName: "Citra", gender: "female" });
    await uploadPhoto(maria.cookie);
    const matchId = await matchUsers(app, maria, budi);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: budi.cookie, body: { content: "Shalom Maria!" } });
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: maria.cookie, body: { content: "Shalom Budi" } });
    const otherMatch = await matchUsers(app, budi, other);
    await app.request("POST", `/api/matches/${otherMatch}/messages`, { cookie: budi.cookie, body: { content: "not Maria's business" } });
    await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { readReceipts: false } });

    const response = await app.request("GET", "/api/account/export", { cookie: maria.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kasih-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(Object.keys(files).sort()).toEqual(
      expect.arrayContaining(["README.txt", "account.json", "profile.json", "matches.json", "messages.json", "swipes.json", "blocks.json", "reports.json", "payments.json", "sign-in.json"]),
    );
    expect(read("account.json")).toMatchObject({ id: maria.id, firstName: "Maria", settings: { readReceipts: false } });
    expect(JSON.stringify(read("account.json"))).not.toContain("password");
    expect(read("profile.json")).toMatchObject({ userId: maria.id, gender: "female" });
    expect(read("matches.json")).toEqual([{ id: matchId, with: { id: budi.id, firstName: "Budi" }, createdAt: expect.any(String) }]);
    expect(read("messages.json").map((line: { content: string; fromMe: boolean }) => [line.content, line.fromMe])).toEqual([
      ["Shalom Maria!", false],
      ["Shalom Budi", true],
    ]);
    // The fixture's photo rows have no files; the uploaded one (last) does, and only files travel.
    const photo = (await app.deps.db.select().from(photos).where(eq(photos.userId, maria.id)).orderBy(photos.position)).at(-1)!;
    const photoFiles = Object.keys(files).filter((name) => name.startsWith("photos/"));
    expect(photoFiles).toEqual([`photos/${String(photo.position + 1).padStart(2, "0")}-${photo.fileName}`]);
    expect(strFromU8(files[photoFiles[0]!]!.subarray(8, 12))).toBe("WEBP");
  });

  test("needs a session", async () => {
    expect((await app.request("GET", "/api/account/export")).status).toBe(401);
  });
});

describe("DELETE /api/account", () => {
  test("with the right password: everything goes, the partner's chat closes, the email is free again", async () => {
    const maria = await app.registerUser({ firstName: "Maria" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    await app.request("POST", "/api/profile", { cookie: maria.cookie, body: {} });
    const matchId = await matchUsers(app, maria, budi);
    const removed: unknown[] = [];
    app.deps.events.on("match.removed", (event) => removed.push(event));

    const wrong = await app.request("DELETE", "/api/account", { cookie: maria.cookie, body: { password: "not it" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Incorrect password" });
    expect((await app.request("DELETE", "/api/account", { cookie: maria.cookie, body: {} })).status).toBe(400);
    expect(await app.deps.db.select().from(users).where(eq(users.id, maria.id))).toHaveLength(1);

    const response = await app.request("DELETE", "/api/account", { cookie: maria.cookie, body: { password: maria.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your account has been deleted" });
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect(await app.deps.db.select().from(users).where(eq(users.id, maria.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(matches).where(eq(matches.id, matchId))).toHaveLength(0);
    expect(removed).toEqual([{ matchId, userIds: expect.arrayContaining([maria.id, budi.id]) }]);
    expect((await app.request("GET", "/api/auth/user", { cookie: maria.cookie })).status).toBe(401);
    // The same address registers again as a new account.
    const again = await app.registerUser({ email: maria.email });
    expect(again.id).not.toBe(maria.id);
  });

  test("five wrong passwords lock the call for a while, so a stolen session cannot guess", async () => {
    const maria = await app.registerUser();
    for (let i = 0; i < 5; i++) expect((await app.request("DELETE", "/api/account", { cookie: maria.cookie, body: { password: `guess ${i}` } })).status).toBe(400);
    const locked = await app.request("DELETE", "/api/account", { cookie: maria.cookie, body: { password: maria.password } });
    expect(locked.status).toBe(429);
    expect(await app.deps.db.select().from(users).where(eq(users.id, maria.id))).toHaveLength(1);
  });

  test("an account without a password confirms by a fresh sign-in", async () => {
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    await uploadPhoto(budi.cookie);
    const photo = (await app.deps.db.select().from(photos).where(eq(photos.userId, budi.id)).orderBy(photos.position)).at(-1);
    app.clock.advance((FRESH_SIGN_IN_MINUTES + 1) * 60_000);
    const stale = await app.request("DELETE", "/api/account", { cookie: budi.cookie, body: {} });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ message: "Please sign in again to delete your account", reauthenticate: true });
    expect(existsSync(join(app.dataDir, "uploads", photo!.fileName))).toBe(true);

    const fresh = await createMember(app, { firstName: "Citra" });
    const response = await app.request("DELETE", "/api/account", { cookie: fresh.cookie, body: {} });
    expect(response.status).toBe(200);
    expect(await app.deps.db.select().from(users).where(eq(users.id, fresh.id))).toHaveLength(0);
  });

  test("needs a session and refuses a cross-site call", async () => {
    expect((await app.request("DELETE", "/api/account", { body: { password: "x" } })).status).toBe(401);
    const maria = await createMember(app);
    const crossSite = await app.app.request("/api/account", { method: "DELETE", headers: { Origin: "https://evil.example", Cookie: maria.cookie, "Content-Type": "application/json" }, body: "{}" });
    expect(crossSite.status).toBe(403);
    expect(await app.deps.db.select().from(users).where(eq(users.id, maria.id))).toHaveLength(1);
  });
});

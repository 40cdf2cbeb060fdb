/**
 * Reports and their evidence outlive either member, and an address deleted while reported is held
 * for 90 days (ADMIN.md 'Reports that act', SECURITY.md 'Privacy and abuse', docs/decisions/0129).
 */
import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { blockedRegistrations, photos, profiles, reports } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { insertMessage } from "../admin/moderation/moderation.test-support";

setDefaultTimeout(30_000);

const DAY = 24 * 60 * 60_000;

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

/** A member whose photo file really exists under uploads/, with a bio and a prompt. */
async function reportedMember() {
  const member = await createMember(app, { firstName: "Yosef", gender: "male" });
  const [photo] = await app.deps.db.select().from(photos).where(eq(photos.userId, member.id));
  mkdirSync(join(app.dataDir, "uploads"), { recursive: true });
  writeFileSync(join(app.dataDir, "uploads", photo!.fileName), "the photo's bytes");
  await app.deps.db.update(profiles).set({ bio: "Send me money for the ticket", prompts: [{ id: "sundayLooksLike", answer: "Church, then crypto" }] }).where(eq(profiles.userId, member.id));
  return { ...member, email: `${member.id}@example.com`, photo: photo!.fileName };
}

async function fileReport(reporter: { cookie: string }, reported: { id: string }, reason = "scam") {
  const response = await app.request("POST", "/api/reports", { cookie: reporter.cookie, body: { reportedUserId: reported.id, reason, description: "Asked for money" } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function register(email: string) {
  return app.request("POST", "/api/auth/register", { body: { email, password: "correct horse battery", firstName: "Again", lastName: "Again", captchaToken: await app.solveCaptcha() } });
}

describe("a report keeps the reported profile", () => {
  test("the snapshot holds the name, age, bio, prompts and photos when filed; the photo is kept under evidence/ as a second name of the same file", async () => {
    const yosef = await reportedMember();
    const maria = await createMember(app, { firstName: "Maria" });
    const id = await fileReport(maria, yosef);
    const [row] = await app.deps.db.select({ snapshot: reports.reportedSnapshot }).from(reports).where(eq(reports.id, id));
    expect(row!.snapshot).toEqual({
      name: "Yosef",
      age: 28,
      gender: "male",
      city: "jakarta",
      bio: "Send me money for the ticket",
      prompts: [{ id: "sundayLooksLike", answer: "Church, then crypto" }],
      photos: [yosef.photo],
      takenAt: app.clock.now().getTime(),
    });
    const kept = join(app.dataDir, "evidence", yosef.photo);
    expect(existsSync(kept)).toBe(true);
    expect(statSync(kept).ino).toBe(statSync(join(app.dataDir, "uploads", yosef.photo)).ino);
  });
});

describe("reports outlive the deletion of either member", () => {
  test("the reported member deletes: the report, its messages, its snapshot and its photo stay for the admin", async () => {
    const yosef = await reportedMember();
    const maria = await createMember(app, { firstName: "Maria" });
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const matchId = await matchUsers(app, maria, yosef);
    await insertMessage(app, matchId, yosef, "Can you send 2 juta for my ticket?", app.clock.now());
    const id = await fileReport(maria, yosef);
    expect((await app.request("DELETE", `/api/admin/users/${yosef.id}`, { cookie: admin.cookie })).status).toBe(200);

    const list = (await (await app.request("GET", "/api/admin/reports", { cookie: admin.cookie })).json()) as { reports: { id: string; reportedUser: { id: string | null; firstName: string }; reporter: { id: string | null } }[] };
    const entry = list.reports.find((report) => report.id === id);
    expect(entry?.reportedUser).toMatchObject({ id: null, firstName: "Yosef" });
    expect(entry?.reporter.id).toBe(maria.id);
    const messages = (await (await app.request("GET", `/api/admin/reports/${id}/messages`, { cookie: admin.cookie })).json()) as { messages: { content: string }[] };
    expect(messages.messages.map((line) => line.content)).toEqual(["Can you send 2 juta for my ticket?"]);
    // The upload went with the account; the evidence copy did not.
    expect(existsSync(join(app.dataDir, "uploads", yosef.photo))).toBe(false);
    const photo = await app.request("GET", `/admin/moderation/reports/${id}/photos/${yosef.photo}`, { cookie: admin.cookie });
    expect(photo.status).toBe(200);
    expect(await photo.text()).toBe("the photo's bytes");
    // The page shows the snapshot, marked as such.
    const page = await (await app.request("GET", `/admin/moderation/reports/${id}`, { cookie: admin.cookie })).text();
    expect(page).toContain("Send me money for the ticket");
    expect(page).toContain("Account deleted");
    expect(page).toContain(`/admin/moderation/reports/${id}/photos/${yosef.photo}`);
  });

  test("the reporter deletes: the report stays in the queue, its reporter shown as deleted", async () => {
    const yosef = await reportedMember();
    const maria = await createMember(app, { firstName: "Maria" });
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const id = await fileReport(maria, yosef);
    expect((await app.request("DELETE", `/api/admin/users/${maria.id}`, { cookie: admin.cookie })).status).toBe(200);
    const list = (await (await app.request("GET", "/api/admin/reports?status=pending", { cookie: admin.cookie })).json()) as { reports: { id: string; reporter: { id: string | null }; reportedUser: { id: string | null } }[] };
    expect(list.reports).toEqual([expect.objectContaining({ id, reporter: expect.objectContaining({ id: null }), reportedUser: expect.objectContaining({ id: yosef.id }) })]);
    // A photo the snapshot does not name is not served, whatever its name.
    expect((await app.request("GET", `/admin/moderation/reports/${id}/photos/aaaaaaaaaaaaaaaaaaaaaaaaaa.jpg`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("an address deleted while reports against it were open (SECURITY.md 'Privacy and abuse')", () => {
  test("cannot register again for 90 days: 409 with the message of an address in use; only a keyed hash is kept", async () => {
    const yosef = await reportedMember();
    const maria = await createMember(app, { firstName: "Maria" });
    await fileReport(maria, yosef);
    const taken = await register(maria.id + "@example.com");
    const takenBody = await taken.json();
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    expect((await app.request("DELETE", `/api/admin/users/${yosef.id}`, { cookie: admin.cookie })).status).toBe(200);

    const held = await register(yosef.email.toUpperCase());
    expect(held.status).toBe(409);
    expect(await held.json()).toEqual(takenBody);
    expect(takenBody).toEqual({ message: "An account with this email already exists" });

    const rows = await app.deps.db.select().from(blockedRegistrations);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(yosef.id);
    expect(rows[0]!.until.getTime()).toBe(app.clock.now().getTime() + 90 * DAY);

    app.clock.advance(89 * DAY);
    expect((await register(yosef.email)).status).toBe(409);
    app.clock.advance(1 * DAY + 1);
    expect((await register(yosef.email)).status).toBe(201);
  });

  test("an address deleted with no open report (none, or all decided) registers again at once", async () => {
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const yosef = await reportedMember();
    const maria = await createMember(app, { firstName: "Maria" });
    const id = await fileReport(maria, yosef, "other");
    expect((await app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body: { status: "dismissed" } })).status).toBe(200);
    expect((await app.request("DELETE", `/api/admin/users/${yosef.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await register(yosef.email)).status).toBe(201);
    expect(await app.deps.db.select().from(blockedRegistrations)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, matches, memberWarnings, payments, photos, photoVerifications, reports, sessions, users } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { newId } from "../../../platform/ids";
import { createMember } from "../../discovery/discovery.test-support";
import { adminOf, HX, moderatorOf, person, triggerOf } from "./admin-test-support";

// Registering hashes a password (argon2id at the test cost, but a busy machine).
setDefaultTimeout(60_000);

const SUPER = "boss@kasih.test";
const DAY = 24 * 60 * 60_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let events: string[];

beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER } });
  admin = await adminOf(t);
  events = [];
  for (const name of ["user.suspended", "user.banned"] as const) t.deps.events.on(name, ({ userId }) => events.push(`${name}:${userId}`));
});
afterEach(() => t.close());

const post = (path: string, body?: unknown, cookie = admin.cookie, headers: Record<string, string> = {}) => t.request("POST", path, { cookie, body, headers });
const logOf = async (userId: string) => (await t.deps.db.select().from(adminActions).where(eq(adminActions.targetUserId, userId))).map((row) => ({ action: row.action, reason: row.reason, adminId: row.adminId }));
const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const signIn = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });

describe("GET /api/admin/users/{id}", () => {
  it("answers the member's page: profile, photos, proven email apart from the badge, plan, payments, matches, reports with the repeat count, and the log about them", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", plan: "premium", planExpiresAt: new Date(t.clock.now().getTime() + 10 * DAY) });
    const now = t.clock.now();
    await t.deps.db.update(users).set({ emailVerifiedAt: now, signupIp: "203.0.113.9", signupCountry: "ID", photoVerifiedAt: null }).where(eq(users.id, maria.id));
    const one = await person(t, { firstName: "Rut" });
    const two = await person(t, { firstName: "Yosua" });
    await t.deps.db.insert(reports).values([
      { id: newId(), reporterId: one.id, reportedUserId: maria.id, reason: "scam", description: "Asked for money", createdAt: now },
      { id: newId(), reporterId: two.id, reportedUserId: maria.id, reason: "harassment", createdAt: now },
      { id: newId(), reporterId: one.id, reportedUserId: maria.id, reason: "other", status: "dismissed", createdAt: now },
      { id: newId(), reporterId: maria.id, reportedUserId: two.id, reason: "fake_profile", createdAt: now },
    ]);
    const [a, b] = [maria.id, two.id].sort();
    await t.deps.db.insert(matches).values({ id: newId(), user1Id: a!, user2Id: b!, createdAt: now });
    const paymentId = newId();
    await t.deps.db.insert(payments).values({ id: paymentId, userId: maria.id, plan: "premium", amount: 49_000, method: "qris", gateway: "sandbox", gatewayOrderId: `order-${paymentId}`, status: "paid", createdAt: now });
    expect((await post(`/api/admin/users/${maria.id}/warn`, { message: "Please keep it kind." })).status).toBe(200);

    const response = await t.request("GET", `/api/admin/users/${maria.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: maria.id,
      firstName: "Maria",
      lastName: "Wijaya",
      emailVerified: true,
      phoneVerified: false,
      plan: "premium",
      isPremium: true,
      signupIp: "203.0.113.9",
      signupCountry: "ID",
      matchesCount: 1,
      paymentsTotal: 1,
      payments: [{ id: paymentId, amount: 49_000, status: "paid", href: `/admin/payments/${paymentId}` }],
      reportsAgainst: { total: 3, reporters: 2, pending: 2 },
      reportsBy: { total: 1 },
      verification: { verifiedAt: null, latest: null },
      suspension: null,
      hidden: null,
    });
    expect(body.profile).toMatchObject({ age: 28, gender: "female", churchName: "GKI Pondok Indah" });
    expect(body.photos).toHaveLength(1);
    expect(body.photos[0].url).toStartWith("/uploads/");
    expect(body.reportsAgainst.items.map((item: { reason: string }) => item.reason).sort()).toEqual(["harassment", "other", "scam"]);
    expect(body.reportsBy.items[0]).toMatchObject({ reason: "fake_profile", other: { id: two.id } });
    expect(body.warnings).toMatchObject([{ message: "Please keep it kind.", seenAt: null }]);
    expect(body.actions).toMatchObject([{ action: "warn", reason: "Please keep it kind." }]);
    const text = JSON.stringify(body);
    for (const secret of ["passwordHash", "password_hash", "totpSecret", "session"]) expect(text).not.toContain(secret);
  });

  it("is 404 for an unknown member and for an id that cannot be one", async () => {
    expect((await t.request("GET", "/api/admin/users/nobodyhere", { cookie: admin.cookie })).status).toBe(404);
    expect((await t.request("GET", "/api/admin/users/..%2Fetc", { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("warn", () => {
  it("is shown to the member on their next page, once, and logged once", async () => {
    const maria = await person(t);
    const response = await post(`/api/admin/users/${maria.id}/warn`, { message: "  No money requests in chats, please.  " }, admin.cookie, HX);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Warning sent" });
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { title: "Warning sent" }, "kasih:refresh-member": true });
    expect(await logOf(maria.id)).toEqual([{ action: "warn", reason: "No money requests in chats, please.", adminId: admin.id }]);

    const first = await (await t.request("GET", "/profile", { cookie: maria.cookie })).text();
    expect(first).toContain("No money requests in chats, please.");
    expect(first).toContain('id="member-warning-title"');
    const [row] = await t.deps.db.select().from(memberWarnings).where(eq(memberWarnings.userId, maria.id));
    expect(row!.seenAt).not.toBeNull();
    const second = await (await t.request("GET", "/profile", { cookie: maria.cookie })).text();
    expect(second).not.toContain("No money requests in chats, please.");
    // Another member's pages never carry it.
    const other = await person(t);
    expect(await (await t.request("GET", "/profile", { cookie: other.cookie })).text()).not.toContain("member-warning");
  });

  it("is shown in Indonesian around the admin's own words", async () => {
    const maria = await person(t);
    await post(`/api/admin/users/${maria.id}/warn`, { message: "Tolong sopan." });
    const page = await (await t.request("GET", "/profile", { cookie: `${maria.cookie}; app-language=id` })).text();
    expect(page).toContain("Pesan dari tim Kasih");
    expect(page).toContain("Tolong sopan.");
  });

  it("refuses a blank or too long message, writing nothing", async () => {
    const maria = await person(t);
    for (const body of [{ message: "   " }, {}, { message: "x".repeat(501) }]) {
      const response = await post(`/api/admin/users/${maria.id}/warn`, body);
      expect(response.status).toBe(400);
    }
    expect(await t.deps.db.select().from(memberWarnings)).toEqual([]);
    expect(await logOf(maria.id)).toEqual([]);
    expect((await post("/api/admin/users/nobodyhere/warn", { message: "hi" })).status).toBe(404);
  });
});

describe("hide and unhide", () => {
  it("takes the member off every deck until unhidden, each logged once", async () => {
    const viewer = await createMember(t, { gender: "male" });
    const maria = await person(t);
    const deck = async () => ((await (await t.request("GET", "/api/discovery", { cookie: viewer.cookie })).json()) as { id: string }[]).map((card) => card.id);
    expect(await deck()).toContain(maria.id);

    expect((await post(`/api/admin/users/${maria.id}/hide`)).status).toBe(200);
    expect((await userRow(maria.id)).hiddenBy).toBe("admin");
    // The kept deck is checked again on the next call: she is gone from it too.
    expect(await deck()).not.toContain(maria.id);
    t.clock.advance(60 * 60_000);
    expect(await deck()).not.toContain(maria.id);
    // An admin's session idles out after 30 minutes (SECURITY.md): a fresh one.
    admin = await adminOf(t);
    const again = await post(`/api/admin/users/${maria.id}/hide`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "User is already hidden" });

    expect((await post(`/api/admin/users/${maria.id}/unhide`)).status).toBe(200);
    t.clock.advance(60 * 60_000);
    expect(await deck()).toContain(maria.id);
    admin = await adminOf(t);
    expect((await post(`/api/admin/users/${maria.id}/unhide`)).status).toBe(409);
    expect((await logOf(maria.id)).map((row) => row.action)).toEqual(["hide", "unhide"]);
  });
});

describe("suspend", () => {
  async function registered() {
    const account = await t.registerUser({ firstName: "Sinta", lastName: "Dewi" });
    return account;
  }

  it("ends the sessions at once, answers sign-in 403 with the reason and the end, and lifts itself at the end", async () => {
    const sinta = await registered();
    const response = await post(`/api/admin/users/${sinta.id}/suspend`, { days: 7, reason: "Asked a match for money" }, admin.cookie, HX);
    expect(response.status).toBe(200);
    const end = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(await response.json()).toEqual({ message: "User suspended", suspendedUntil: end });
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { title: "Member suspended" } });
    expect(events).toEqual([`user.suspended:${sinta.id}`]);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, sinta.id))).toEqual([]);
    expect((await t.request("GET", "/api/auth/user", { cookie: sinta.cookie })).status).toBe(401);
    // The log says the end in Jakarta time, as the panel's times are read.
    const endWib = `${new Date(Date.parse(end) + 7 * 60 * 60_000).toISOString().slice(0, 16).replace("T", " ")} WIB`;
    expect(await logOf(sinta.id)).toEqual([{ action: "suspend", reason: `7 days, until ${endWib}: Asked a match for money`, adminId: admin.id }]);

    const refused = await signIn(sinta.email, sinta.password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: `Your account is suspended until ${end}: Asked a match for money`, reason: "Asked a match for money", suspendedUntil: end });
    // The detail page and the users list see it as running.
    expect((await (await t.request("GET", `/api/admin/users/${sinta.id}`, { cookie: admin.cookie })).json()).suspension).toEqual({ until: end, reason: "Asked a match for money" });

    // One second before the end it still holds; at the end it has lifted itself (no job ran).
    t.clock.advance(7 * DAY - 1000);
    expect((await signIn(sinta.email, sinta.password)).status).toBe(403);
    t.clock.advance(1000);
    expect((await signIn(sinta.email, sinta.password)).status).toBe(200);
    admin = await adminOf(t);
    expect((await (await t.request("GET", `/api/admin/users/${sinta.id}`, { cookie: admin.cookie })).json()).suspension).toBeNull();
  });

  it("keeps a suspended member off every deck while it runs", async () => {
    const viewer = await createMember(t, { gender: "male" });
    const maria = await person(t);
    const deck = async () => ((await (await t.request("GET", "/api/discovery", { cookie: viewer.cookie })).json()) as { id: string }[]).map((card) => card.id);
    expect(await deck()).toContain(maria.id);
    expect((await post(`/api/admin/users/${maria.id}/suspend`, { days: 1, reason: "Cooling off" })).status).toBe(200);
    expect(await deck()).not.toContain(maria.id);
    t.clock.advance(DAY + 60_000);
    expect(await deck()).toContain(maria.id);
  });

  it("takes a form's days as text; refuses other days, a blank reason, oneself and the super admin, writing nothing", async () => {
    const maria = await person(t);
    expect((await post(`/api/admin/users/${maria.id}/suspend`, { days: "30", reason: "Spam" })).status).toBe(200);
    const other = await person(t);
    for (const body of [{ days: 2, reason: "x" }, { days: "7d", reason: "x" }, { days: 7, reason: "  " }, { days: 7 }]) expect((await post(`/api/admin/users/${other.id}/suspend`, body)).status).toBe(400);
    const self = await post(`/api/admin/users/${admin.id}/suspend`, { days: 1, reason: "x" });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot suspend your own account" });
    expect(await logOf(other.id)).toEqual([]);
    expect((await userRow(other.id)).suspendedUntil).toBeNull();
  });

  it("does not shorten a permanent ban, and unban lifts a running suspension", async () => {
    const banned = await person(t);
    expect((await post(`/api/admin/users/${banned.id}/ban`, { reason: "Fake" })).status).toBe(200);
    const refused = await post(`/api/admin/users/${banned.id}/suspend`, { days: 1, reason: "x" });
    expect(refused.status).toBe(409);
    expect((await userRow(banned.id)).isBanned).toBe(true);

    const sinta = await registered();
    await post(`/api/admin/users/${sinta.id}/suspend`, { days: 30, reason: "Spam" });
    expect((await post(`/api/admin/users/${sinta.id}/unban`)).status).toBe(200);
    expect((await userRow(sinta.id)).suspendedUntil).toBeNull();
    expect((await signIn(sinta.email, sinta.password)).status).toBe(200);
    expect((await logOf(sinta.id)).map((row) => row.action)).toEqual(["suspend", "unban"]);
  });
});

describe("reverify", () => {
  it("withdraws the badge until a new selfie is approved, and says so to the member", async () => {
    const maria = await person(t);
    const now = t.clock.now();
    await t.deps.db.update(users).set({ photoVerifiedAt: now }).where(eq(users.id, maria.id));
    await t.deps.db.update(photos).set({ verifiedAt: now }).where(eq(photos.userId, maria.id));
    expect((await (await t.request("GET", "/api/verification", { cookie: maria.cookie })).json()).status).toBe("approved");

    expect((await post(`/api/admin/users/${maria.id}/reverify`)).status).toBe(200);
    const row = await userRow(maria.id);
    expect(row.photoVerifiedAt).toBeNull();
    expect(row.reverifyRequestedAt).toEqual(now);
    expect((await t.deps.db.select().from(photos).where(eq(photos.userId, maria.id))).map((photo) => photo.verifiedAt)).toEqual([null]);
    // The member can start a new selfie at once.
    expect((await (await t.request("GET", "/api/verification", { cookie: maria.cookie })).json()).status).toBe("none");
    expect((await t.request("POST", "/api/verification/start", { cookie: maria.cookie })).status).toBe(201);

    const again = await post(`/api/admin/users/${maria.id}/reverify`);
    expect(again.status).toBe(409);
    expect((await logOf(maria.id)).map((row) => row.action)).toEqual(["reverify"]);

    // Until a new selfie is approved: then the badge is back and the request is done.
    const attempt = newId();
    await t.deps.db.insert(photoVerifications).values({ id: attempt, userId: maria.id, pose: "thumbs_up", status: "pending", createdAt: now, submittedAt: now });
    expect((await post(`/api/admin/verifications/${attempt}`, { decision: "approve" })).status).toBe(200);
    const approved = await userRow(maria.id);
    expect(approved.photoVerifiedAt).not.toBeNull();
    expect(approved.reverifyRequestedAt).toBeNull();
    expect((await (await t.request("GET", "/api/verification", { cookie: maria.cookie })).json()).status).toBe("approved");
  });
});

describe("every action is logged once, in the same transaction as its change", () => {
  it("a change that fails inside its batch leaves no log row", async () => {
    const maria = await person(t);
    await t.deps.dbClient.execute("CREATE TRIGGER refuse_hide BEFORE UPDATE OF hidden_at ON users BEGIN SELECT RAISE(ABORT, 'refused'); END");
    await t.deps.dbClient.execute("CREATE TRIGGER refuse_warn BEFORE INSERT ON member_warnings BEGIN SELECT RAISE(ABORT, 'refused'); END");
    await t.deps.dbClient.execute("CREATE TRIGGER refuse_suspend BEFORE UPDATE OF suspended_until ON users BEGIN SELECT RAISE(ABORT, 'refused'); END");
    expect((await post(`/api/admin/users/${maria.id}/hide`)).status).toBe(500);
    expect((await post(`/api/admin/users/${maria.id}/warn`, { message: "hi" })).status).toBe(500);
    expect((await post(`/api/admin/users/${maria.id}/suspend`, { days: 1, reason: "x" })).status).toBe(500);
    expect(await logOf(maria.id)).toEqual([]);
    // The sessions were not ended either: the suspension's batch was undone whole.
    expect((await t.request("GET", "/api/auth/user", { cookie: maria.cookie })).status).toBe(200);
  });
});

describe("who may act (ADMIN.md 'Who')", () => {
  it("a moderator warns, hides, suspends and bans, but is refused delete and plans", async () => {
    const moderator = await moderatorOf(t);
    const maria = await person(t);
    expect((await t.request("GET", `/api/admin/users/${maria.id}`, { cookie: moderator.cookie })).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/warn`, { message: "Be kind" }, moderator.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/hide`, undefined, moderator.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/unhide`, undefined, moderator.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/suspend`, { days: 1, reason: "x" }, moderator.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/unban`, undefined, moderator.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${maria.id}/ban`, { reason: "Spam" }, moderator.cookie)).status).toBe(200);

    const deleted = await t.request("DELETE", `/api/admin/users/${maria.id}`, { cookie: moderator.cookie });
    expect(deleted.status).toBe(403);
    const plan = await post(`/api/admin/users/${maria.id}/plan`, { plan: "premium", until: "2030-01-01", reason: "Gift" }, moderator.cookie);
    expect(plan.status).toBe(403);
    expect((await userRow(maria.id)).plan).toBe("free");
    expect((await logOf(maria.id)).map((row) => row.action)).toEqual(["warn", "hide", "unhide", "suspend", "unban", "ban"]);
  });

  it("a member is refused every action", async () => {
    const member = await person(t);
    const maria = await person(t);
    expect((await t.request("GET", `/api/admin/users/${maria.id}`, { cookie: member.cookie })).status).toBe(403);
    for (const action of ["warn", "hide", "suspend", "reverify"]) expect((await post(`/api/admin/users/${maria.id}/${action}`, { message: "x", days: 1, reason: "x" }, member.cookie)).status).toBe(403);
    expect(await logOf(maria.id)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, matches, sessions, users } from "../../../../db/schema";
import type { AppEvents } from "../../../platform/events";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { grantAdmin } from "../operator-commands";
import { adminOf, HX, person, triggerOf } from "./admin-test-support";
import { enrolAndProve } from "../second-factor/second-factor.test-support";

// Registering hashes a password (argon2id, slow on a busy machine).
setDefaultTimeout(60_000);

const SUPER = "boss@kasih.test";
const day = 24 * 60 * 60_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let events: { name: keyof AppEvents; payload: unknown }[];

beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER } });
  admin = await adminOf(t);
  events = [];
  for (const name of ["user.banned", "sessions.revoked", "user.deleted", "match.removed"] as const) t.deps.events.on(name, (payload) => events.push({ name, payload }));
});
afterEach(() => t.close());

const get = (path: string, cookie = admin.cookie) => t.request("GET", path, { cookie });
const list = async (query = "") => (await get(`/api/admin/users${query}`)).json();
const ids = (body: { users: { id: string }[] }) => body.users.map((user) => user.id);
const logRows = () => t.deps.db.select().from(adminActions);
const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0];

describe("GET /api/admin/users", () => {
  it("lists members newest first as spec point 3's entries, never with a password hash", async () => {
    const now = t.clock.now().getTime();
    const older = await person(t, { firstName: "Rut", lastName: "Simanjuntak", createdAt: new Date(now - 2 * day) });
    const newer = await person(t, { firstName: "Yosua", lastName: "Lumban", profile: false, createdAt: new Date(now - day) });
    const response = await get("/api/admin/users");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(ids(body)).toEqual([admin.id, newer.id, older.id]);
    expect(Object.keys(body.users[2]).sort()).toEqual(["banReason", "createdAt", "email", "firstName", "id", "isAdmin", "role", "emailVerified", "isBanned", "isPremium", "isVerified", "lastActiveAt", "lastName", "phone", "plan", "profile"].sort());
    expect(body.users[2]).toMatchObject({ firstName: "Rut", lastName: "Simanjuntak", email: older.email, isAdmin: false, isBanned: false, banReason: null, profile: { age: 28, gender: "female", denomination: "protestant", city: "jakarta" } });
    expect(body.users[1].profile).toBeNull();
    expect(body.users[2].createdAt).toBe(new Date(now - 2 * day).toISOString());
    expect(JSON.stringify(body)).not.toContain("passwordHash");
  });

  it("reports Premium only while the paid plan is in force", async () => {
    const now = t.clock.now().getTime();
    const paying = await person(t, { plan: "premium_plus", planExpiresAt: new Date(now + day) });
    const lapsed = await person(t, { plan: "premium", planExpiresAt: new Date(now - 1000) });
    const granted = await person(t, { plan: "premium", planExpiresAt: null });
    const byId = new Map((await list()).users.map((user: { id: string }) => [user.id, user]));
    expect(byId.get(paying.id)).toMatchObject({ isPremium: true, plan: "premium_plus" });
    expect(byId.get(lapsed.id)).toMatchObject({ isPremium: false, plan: "free" });
    expect(byId.get(granted.id)).toMatchObject({ isPremium: true, plan: "premium" });
    expect(ids(await list("?filter=premium")).sort()).toEqual([paying.id, granted.id].sort());
  });

  it("searches first name, last name, the full name and email, whatever the case", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", email: "maria.w@mail.test" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono", email: "budi@mail.test" });
    expect(ids(await list("?search=MARIA"))).toEqual([maria.id]);
    expect(ids(await list("?search=hartono"))).toEqual([budi.id]);
    expect(ids(await list(`?search=${encodeURIComponent("Budi Hart")}`))).toEqual([budi.id]);
    expect(ids(await list("?search=budi%40MAIL"))).toEqual([budi.id]);
    expect((await list("?search=nobody")).total).toBe(0);
  });

  it("takes % and _ in a search literally", async () => {
    const underscore = await person(t, { firstName: "Ana", email: "a_b@mail.test" });
    await person(t, { firstName: "Ani", email: "axb@mail.test" });
    expect(ids(await list("?search=a_b"))).toEqual([underscore.id]);
    expect((await list("?search=%25")).total).toBe(0);
  });

  it("filters verified, banned and premium members", async () => {
    const verified = await person(t, { photoVerified: true });
    const banned = await person(t);
    await t.deps.db.update(users).set({ isBanned: true, banReason: "Spam" }).where(eq(users.id, banned.id));
    expect(ids(await list("?filter=verified"))).toEqual([verified.id]);
    expect(await list("?filter=banned")).toMatchObject({ total: 1, users: [{ id: banned.id, isBanned: true, banReason: "Spam" }] });
    expect((await list("?filter=all")).total).toBe(3);
    expect((await list("?filter=premium")).total).toBe(0);
  });

  it("pages by 10 unless told otherwise", async () => {
    for (let i = 0; i < 11; i++) await person(t, { createdAt: new Date(t.clock.now().getTime() - (i + 1) * 60_000) });
    const first = await list();
    expect(first).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.users.length).toBe(10);
    const second = await list("?page=2");
    expect(second.users.length).toBe(2);
    expect((await list("?page=2&limit=5")).users.length).toBe(5);
  });

  it("refuses a bad page, limit or filter with 400", async () => {
    for (const query of ["?page=-1", "?page=0", "?page=abc", "?limit=101", "?limit=0", "?page=1.5"]) {
      const response = await get(`/api/admin/users${query}`);
      expect({ query, status: response.status, body: await response.json() }).toEqual({ query, status: 400, body: { message: "Invalid page or limit" } });
    }
    const response = await get("/api/admin/users?filter=admins");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid filter" });
  });

  it("is for admins only", async () => {
    const member = await person(t);
    expect((await get("/api/admin/users", member.cookie)).status).toBe(403);
    expect((await t.request("GET", "/api/admin/users")).status).toBe(401);
  });
});

describe("POST /api/admin/users/{id}/ban", () => {
  const ban = (id: string, body: unknown, headers: Record<string, string> = {}) => t.request("POST", `/api/admin/users/${id}/ban`, { cookie: admin.cookie, body, headers });

  it("suspends the account with the trimmed reason, ends its sessions and logs it", async () => {
    const member = await person(t, { firstName: "Yudi", lastName: "Hartono" });
    const response = await ban(member.id, { reason: "  Asked members for money  " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "User banned successfully" });
    expect(await userRow(member.id)).toMatchObject({ isBanned: true, banReason: "Asked members for money" });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await t.request("GET", "/api/auth/user", { cookie: member.cookie })).status).toBe(401);
    expect(await logRows()).toMatchObject([{ adminId: admin.id, adminName: "Ada Admin", targetUserId: member.id, targetName: "Yudi Hartono", action: "ban", reason: "Asked members for money" }]);
    expect(events).toEqual([
      { name: "user.banned", payload: { userId: member.id } },
      { name: "sessions.revoked", payload: { userId: member.id, sessionIds: null } },
    ]);
    // The JSON call without htmx: no toast header.
    expect(response.headers.get("HX-Trigger")).toBeNull();
  });

  it("shows the reason when the banned member tries to sign in", async () => {
    const member = await t.registerUser();
    expect((await ban(member.id, { reason: "Fake profile" })).status).toBe(200);
    const refused = await t.request("POST", "/api/auth/login", { body: { email: member.email, password: member.password } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Your account has been suspended: Fake profile" });
  });

  it("writes the ban, the session ends and the log row together or not at all", async () => {
    const member = await person(t);
    // The last step (ending the sessions) fails: the log row and the flag written before it must go too.
    await t.deps.dbClient.execute("CREATE TRIGGER sessions_stuck BEFORE DELETE ON sessions BEGIN SELECT RAISE(ABORT, 'sessions unavailable'); END");
    const response = await ban(member.id, { reason: "Spam" });
    expect(response.status).toBe(500);
    expect(await userRow(member.id)).toMatchObject({ isBanned: false, banReason: null });
    expect(await logRows()).toEqual([]);
    expect((await t.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).length).toBe(1);
    expect(events).toEqual([]);
  });

  it("refuses a missing, blank or too long reason with 400 and stores nothing", async () => {
    const member = await person(t);
    for (const [body, message] of [
      [{}, "Ban reason is required"],
      [{ reason: "" }, "Ban reason is required"],
      [{ reason: "   \n " }, "Ban reason is required"],
      [{ reason: 42 }, "Ban reason is required"],
      [{ reason: "x".repeat(501) }, "Ban reason must be at most 500 characters"],
    ] as const) {
      const response = await ban(member.id, body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({ body, status: 400, answer: { message } });
    }
    // Not JSON at all (a plain form post): refused too.
    expect((await ban(member.id, "reason=Spam")).status).toBe(400);
    expect((await userRow(member.id))?.isBanned).toBe(false);
    expect(await logRows()).toEqual([]);
    expect((await ban(member.id, { reason: ` ${"x".repeat(500)} ` })).status).toBe(200);
    expect((await userRow(member.id))?.banReason).toBe("x".repeat(500));
    expect((await logRows()).length).toBe(1);
  });

  it("refuses to ban yourself or the super admin (400) and an unknown id (404)", async () => {
    const boss = await person(t, { email: SUPER, isAdmin: true });
    const self = await ban(admin.id, { reason: "Test" });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot ban your own account" });
    const superAdmin = await ban(boss.id, { reason: "Test" });
    expect(superAdmin.status).toBe(400);
    expect(await superAdmin.json()).toEqual({ message: "The super admin account cannot be banned" });
    const unknown = await ban("nosuchuser", { reason: "Test" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "User not found" });
    expect((await ban("../etc", { reason: "Test" })).status).toBe(404);
    expect(await logRows()).toEqual([]);
    expect((await userRow(admin.id))?.isBanned).toBe(false);
  });

  it("may ban someone who registered the super-admin address without proving it (not an admin)", async () => {
    const squatter = await person(t, { email: SUPER, isAdmin: false });
    expect((await ban(squatter.id, { reason: "Not the owner of this address" })).status).toBe(200);
    expect((await userRow(squatter.id))?.isBanned).toBe(true);
  });

  it("answers the panel (htmx) with the spec's toast in the admin's language and the lists to reload", async () => {
    const member = await person(t);
    const response = await ban(member.id, { reason: "Spam" }, HX);
    expect(triggerOf(response)).toEqual({ "kasih:toast": { variant: "success", title: "User banned successfully" }, "kasih:refresh-users": true, "kasih:refresh-actions": true });
    const other = await person(t);
    const inIndonesian = await t.request("POST", `/api/admin/users/${other.id}/ban`, { cookie: `${admin.cookie}; app-language=id`, body: { reason: "Spam" }, headers: HX });
    expect((triggerOf(inIndonesian)?.["kasih:toast"] as { title: string }).title).toBe("Pengguna berhasil ditangguhkan");
  });

  it("works for an admin made with `kasih admin grant` who signs in again", async () => {
    const registered = await t.registerUser({ email: "new-admin@example.com" });
    await grantAdmin(t.deps.db, registered.email);
    const login = await t.request("POST", "/api/auth/login", { body: { email: registered.email, password: registered.password } });
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith("kasih_session="))!.split(";")[0]!;
    const member = await person(t);
    // The panel opens after the second factor (ADMIN.md 'Who'): enrolled at this first visit.
    expect(await (await t.request("POST", `/api/admin/users/${member.id}/ban`, { cookie, body: { reason: "Spam" } })).json()).toEqual({ message: "Second factor required" });
    await enrolAndProve(t, cookie);
    expect((await t.request("POST", `/api/admin/users/${member.id}/ban`, { cookie, body: { reason: "Spam" } })).status).toBe(200);
  });
});

describe("POST /api/admin/users/{id}/unban", () => {
  const post = (id: string, path: "ban" | "unban", body?: unknown) => t.request("POST", `/api/admin/users/${id}/${path}`, { cookie: admin.cookie, body });

  it("lifts the suspension, clears the reason and logs it", async () => {
    const member = await t.registerUser();
    await post(member.id, "ban", { reason: "Spam" });
    const response = await post(member.id, "unban");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "User unbanned successfully" });
    expect(await userRow(member.id)).toMatchObject({ isBanned: false, banReason: null });
    expect((await logRows()).map((row) => row.action).sort()).toEqual(["ban", "unban"]);
    expect((await t.request("POST", "/api/auth/login", { body: { email: member.email, password: member.password } })).status).toBe(200);
  });

  it("says 409 for an account that is not banned and 404 for an unknown one, logging nothing", async () => {
    const member = await person(t);
    const response = await post(member.id, "unban");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "User is not banned" });
    expect((await post("nosuchuser", "unban")).status).toBe(404);
    expect(await logRows()).toEqual([]);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  const remove = (id: string, headers: Record<string, string> = {}) => t.request("DELETE", `/api/admin/users/${id}`, { cookie: admin.cookie, headers });

  it("deletes the account while it is in a chat: the partner's match ends and the log keeps the name", async () => {
    const member = await person(t, { firstName: "Yudi", lastName: "Hartono" });
    const partner = await person(t, { firstName: "Rut" });
    const matchId = await matchUsers(t, member, partner);
    const response = await remove(member.id, HX);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "User deleted successfully" });
    expect((triggerOf(response)?.["kasih:toast"] as { title: string }).title).toBe("User deleted successfully");
    expect(await userRow(member.id)).toBeUndefined();
    expect(await t.deps.db.select().from(matches).where(eq(matches.id, matchId))).toEqual([]);
    expect(await userRow(partner.id)).toBeDefined();
    expect((await t.request("GET", "/api/auth/user", { cookie: member.cookie })).status).toBe(401);
    expect(await logRows()).toMatchObject([{ adminId: admin.id, targetUserId: null, targetName: "Yudi Hartono", action: "delete_user" }]);
    const [userIds] = [[member.id, partner.id].sort()];
    expect(events).toEqual([
      { name: "match.removed", payload: { matchId, userIds } },
      { name: "sessions.revoked", payload: { userId: member.id, sessionIds: null } },
      { name: "user.deleted", payload: { userId: member.id } },
    ]);
    const check = await t.deps.dbClient.execute("PRAGMA foreign_key_check");
    expect(check.rows).toEqual([]);
  });

  it("refuses to delete yourself or the super admin (400) and an unknown id (404)", async () => {
    const boss = await person(t, { email: SUPER, isAdmin: true });
    const self = await remove(admin.id);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot delete your own account" });
    const superAdmin = await remove(boss.id);
    expect(superAdmin.status).toBe(400);
    expect(await superAdmin.json()).toEqual({ message: "The super admin account cannot be deleted" });
    expect((await remove("nosuchuser")).status).toBe(404);
    expect(await userRow(boss.id)).toBeDefined();
    expect(await logRows()).toEqual([]);
    expect(events).toEqual([]);
  });
});

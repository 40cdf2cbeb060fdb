import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, profiles, users } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person, triggerOf } from "../users/admin-test-support";

const SUPER = "boss@kasih.test";
const day = 24 * 60 * 60_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER } });
  admin = await adminOf(t, { profile: false, createdAt: new Date(t.clock.now().getTime() - 30 * day) });
});
afterEach(() => t.close());

const ago = (days: number, minutes = 0) => new Date(t.clock.now().getTime() - days * day - minutes * 60_000);
const list = async (query = "") => (await t.request("GET", `/api/admin/temp-users${query}`, { cookie: admin.cookie })).json();
const remove = (id: string, headers: Record<string, string> = {}) => t.request("DELETE", `/api/admin/temp-users/${id}`, { cookie: admin.cookie, headers });

describe("GET /api/admin/temp-users", () => {
  it("lists accounts older than 7 days without a profile, newest first", async () => {
    const tenDays = await person(t, { firstName: "Lama", profile: false, createdAt: ago(10) });
    const eightDays = await person(t, { firstName: "Baru", profile: false, createdAt: ago(8) });
    await person(t, { firstName: "Minggu ini", profile: false, createdAt: ago(6, 23 * 60) });
    await person(t, { firstName: "Aktif", profile: true, createdAt: ago(30) });
    await person(t, { firstName: "Admin lain", profile: false, isAdmin: true, createdAt: ago(30) });
    await person(t, { firstName: "Moderator", profile: false, role: "moderator", createdAt: ago(30) });
    await person(t, { firstName: "Boss", email: SUPER, profile: false, createdAt: ago(30) });
    const body = await list();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(body.users.map((user: { id: string }) => user.id)).toEqual([eightDays.id, tenDays.id]);
    expect(body.users[0]).toMatchObject({ firstName: "Baru", profile: null, createdAt: ago(8).toISOString() });
    expect(JSON.stringify(body)).not.toContain("passwordHash");
  });

  it("counts an account as temp once it is more than 7 days old", async () => {
    const almost = await person(t, { profile: false, createdAt: ago(7, -1) });
    expect((await list()).total).toBe(0);
    t.clock.advance(2 * 60_000);
    // The admin's own session would idle out after 30 minutes; two minutes are fine.
    expect((await list()).users.map((user: { id: string }) => user.id)).toEqual([almost.id]);
  });

  it("refuses a bad page or limit with 400", async () => {
    for (const query of ["?page=-1", "?limit=1000", "?page=x"]) {
      const response = await t.request("GET", `/api/admin/temp-users${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid page or limit" });
    }
  });
});

describe("DELETE /api/admin/temp-users/{id}", () => {
  it("removes a temp user and logs delete_temp_user with the name", async () => {
    const temp = await person(t, { firstName: "Setengah", lastName: "Jalan", profile: false, createdAt: ago(9) });
    const response = await remove(temp.id, HX);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Temp user removed" });
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { title: "Temp user removed" }, "kasih:refresh-temp-users": true });
    expect(await t.deps.db.select().from(users).where(eq(users.id, temp.id))).toEqual([]);
    expect(await t.deps.db.select().from(adminActions)).toMatchObject([{ adminId: admin.id, action: "delete_temp_user", targetName: "Setengah Jalan", targetUserId: null }]);
    expect((await list()).total).toBe(0);
  });

  it("answers 404 for an account that is not a temp user, and removes nothing", async () => {
    const active = await person(t, { profile: true, createdAt: ago(9) });
    const recent = await person(t, { profile: false, createdAt: ago(2) });
    const otherAdmin = await person(t, { profile: false, isAdmin: true, createdAt: ago(9) });
    for (const id of [active.id, recent.id, otherAdmin.id, admin.id, "nosuchuser"]) {
      const response = await remove(id);
      expect({ id, status: response.status, body: await response.json() }).toEqual({ id, status: 404, body: { message: "Temp user not found" } });
    }
    expect((await t.deps.db.select({ id: users.id }).from(users)).length).toBe(4);
    expect(await t.deps.db.select().from(adminActions)).toEqual([]);
  });

  it("answers 404 once the account has saved a profile, and keeps it", async () => {
    const temp = await person(t, { profile: false, createdAt: ago(9) });
    expect((await list()).total).toBe(1);
    await t.deps.db.insert(profiles).values({ userId: temp.id, age: 30, gender: "male", denomination: "Catholic", churchName: "St. Yosef", faithTestimony: "x".repeat(60), faithDuration: "1-5 years", bio: "y".repeat(30), createdAt: t.clock.now(), updatedAt: t.clock.now() });
    expect((await remove(temp.id)).status).toBe(404);
    expect((await t.deps.db.select().from(users).where(eq(users.id, temp.id))).length).toBe(1);
  });
});

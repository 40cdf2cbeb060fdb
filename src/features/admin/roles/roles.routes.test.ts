/**
 * Roles over HTTP (ADMIN.md 'Who'): POST /api/admin/users/{id}/role and who may ban, suspend,
 * delete or demote whom. The super admin is SUPER_ADMIN_EMAIL's admin account.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, reports, users } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, moderatorOf, person } from "../users/admin-test-support";

let app: TestApp;
let boss: Awaited<ReturnType<typeof adminOf>>;
let admin: Awaited<ReturnType<typeof adminOf>>;
let moderator: Awaited<ReturnType<typeof moderatorOf>>;
beforeEach(async () => {
  app = await createTestApp({ env: { SUPER_ADMIN_EMAIL: "boss@example.com" } });
  boss = await adminOf(app, { firstName: "Bea", email: "boss@example.com" });
  admin = await adminOf(app, { firstName: "Ada" });
  moderator = await moderatorOf(app, { firstName: "Mona" });
});
afterEach(() => app.close());

const setRole = (cookie: string, id: string, role: unknown) => app.request("POST", `/api/admin/users/${id}/role`, { cookie, body: { role } });
const roleOf = async (id: string) => (await app.deps.db.select({ role: users.role, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)))[0];
const roleLog = async () => (await app.deps.db.select({ admin: adminActions.adminName, target: adminActions.targetName, reason: adminActions.reason }).from(adminActions).where(eq(adminActions.action, "role_change")));

describe("POST /api/admin/users/{id}/role", () => {
  test("an admin makes a member a moderator, then an admin: logged, isAdmin for admins only, and the new moderator's panel asks for the second factor", async () => {
    const member = await person(app, { firstName: "Budi", lastName: "Hartono" });
    const response = await setRole(admin.cookie, member.id, "moderator");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Role changed", id: member.id, role: "moderator", changed: true });
    expect(await roleOf(member.id)).toEqual({ role: "moderator", isAdmin: false });
    expect(await (await app.request("GET", "/api/auth/user", { cookie: member.cookie })).json()).toMatchObject({ role: "moderator", isAdmin: false });
    expect(await (await app.request("GET", "/api/admin/stats", { cookie: member.cookie })).json()).toEqual({ message: "Second factor required" });
    expect(await roleLog()).toEqual([{ admin: "Ada Admin", target: "Budi Hartono", reason: "member → moderator" }]);

    // The same role again changes nothing and logs nothing.
    expect(await (await setRole(admin.cookie, member.id, "moderator")).json()).toEqual({ message: "Role changed", id: member.id, role: "moderator", changed: false });
    expect(await roleLog()).toHaveLength(1);
  });

  test("an admin promotes a member to admin: isAdmin follows", async () => {
    const member = await person(app);
    expect((await setRole(admin.cookie, member.id, "admin")).status).toBe(200);
    expect(await roleOf(member.id)).toEqual({ role: "admin", isAdmin: true });
  });

  test("another admin's or moderator's role is the super admin's alone (403); the super admin does it", async () => {
    expect(await (await setRole(admin.cookie, moderator.id, "member")).json()).toEqual({ message: "Only the super admin may do this to an admin or moderator" });
    expect((await setRole(admin.cookie, moderator.id, "admin")).status).toBe(403);
    const other = await adminOf(app, { firstName: "Otto" });
    expect((await setRole(admin.cookie, other.id, "moderator")).status).toBe(403);
    expect(await roleOf(other.id)).toEqual({ role: "admin", isAdmin: true });
    expect(await roleLog()).toEqual([]);

    expect((await setRole(boss.cookie, other.id, "moderator")).status).toBe(200);
    expect(await roleOf(other.id)).toEqual({ role: "moderator", isAdmin: false });
    expect((await setRole(boss.cookie, moderator.id, "member")).status).toBe(200);
    expect(await roleOf(moderator.id)).toEqual({ role: "member", isAdmin: false });
  });

  test("the super admin cannot be demoted (400 for everyone), and nobody changes their own role", async () => {
    expect(await (await setRole(admin.cookie, boss.id, "member")).json()).toEqual({ message: "The super admin account cannot be demoted" });
    expect((await setRole(admin.cookie, boss.id, "moderator")).status).toBe(400);
    expect(await (await setRole(boss.cookie, boss.id, "member")).json()).toEqual({ message: "You cannot change your own role" });
    expect((await setRole(admin.cookie, admin.id, "member")).status).toBe(400);
    expect(await roleOf(boss.id)).toEqual({ role: "admin", isAdmin: true });
  });

  test("a bad role is 400, an unknown member 404, and a moderator may not change roles at all", async () => {
    const member = await person(app);
    for (const role of ["chaperone", "root", "", 1, null]) expect(await (await setRole(admin.cookie, member.id, role)).json()).toEqual({ message: "Role must be admin, moderator or member" });
    expect((await setRole(admin.cookie, "nosuchid", "moderator")).status).toBe(404);
    expect(await (await setRole(moderator.cookie, member.id, "moderator")).json()).toEqual({ message: "Forbidden" });
    expect(await roleOf(member.id)).toEqual({ role: "member", isAdmin: false });
  });
});

describe("banning, suspending and deleting staff (ADMIN.md 'Who')", () => {
  const ban = (cookie: string, id: string) => app.request("POST", `/api/admin/users/${id}/ban`, { cookie, body: { reason: "Abuse of the panel" } });
  const suspend = (cookie: string, id: string) => app.request("POST", `/api/admin/users/${id}/suspend`, { cookie, body: { days: 7, reason: "Cooling off" } });
  const remove = (cookie: string, id: string) => app.request("DELETE", `/api/admin/users/${id}`, { cookie });
  const bannedOf = async (id: string) => (await app.deps.db.select({ isBanned: users.isBanned, suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, id)))[0];

  test("an admin or moderator other than the super admin is refused 403 on another admin or moderator, and nothing changes", async () => {
    const other = await adminOf(app, { firstName: "Otto" });
    const otherModerator = await moderatorOf(app, { firstName: "Miko" });
    for (const [caller, target] of [
      [admin, other],
      [admin, moderator],
      [moderator, admin],
      [moderator, otherModerator],
    ] as const) {
      for (const call of [ban, suspend, remove]) {
        const response = await call(caller.cookie, target.id);
        expect({ status: response.status, body: await response.json() }).toEqual({ status: 403, body: { message: call === remove && caller === moderator ? "Forbidden" : "Only the super admin may do this to an admin or moderator" } });
      }
      expect(await bannedOf(target.id)).toEqual({ isBanned: false, suspendedUntil: null });
    }
  });

  test("the super admin may; a moderator bans and suspends members", async () => {
    expect((await ban(boss.cookie, moderator.id)).status).toBe(200);
    expect((await bannedOf(moderator.id))!.isBanned).toBe(true);
    expect((await suspend(boss.cookie, admin.id)).status).toBe(200);
    const member = await person(app);
    const mod = await moderatorOf(app, { firstName: "Miko" });
    expect((await suspend(mod.cookie, member.id)).status).toBe(200);
    expect((await ban(mod.cookie, member.id)).status).toBe(200);
  });

  test("the super admin cannot be banned, suspended or deleted: 400 for everyone, the super admin included", async () => {
    for (const caller of [admin, boss]) {
      for (const call of [ban, suspend, remove]) expect((await call(caller.cookie, boss.id)).status).toBe(400);
    }
    const mod = await moderatorOf(app, { firstName: "Miko" });
    expect((await ban(mod.cookie, boss.id)).status).toBe(400);
    expect(await bannedOf(boss.id)).toEqual({ isBanned: false, suspendedUntil: null });
  });

  test("a report decided with a ban or a suspension against a moderator is refused the same way", async () => {
    const reporter = await person(app);
    const id = newId();
    await app.deps.db.insert(reports).values({ id, reporterId: reporter.id, reportedUserId: moderator.id, reason: "harassment", createdAt: app.clock.now() });
    for (const decision of [{ status: "resolved", action: "ban", reason: "Abuse" }, { status: "resolved", action: "suspend", days: 7, reason: "Abuse" }]) {
      const response = await app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body: decision });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 403, body: { message: "Only the super admin may do this to an admin or moderator" } });
    }
    expect(await bannedOf(moderator.id)).toEqual({ isBanned: false, suspendedUntil: null });
    expect((await app.deps.db.select({ status: reports.status }).from(reports).where(eq(reports.id, id)))[0]!.status).toBe("pending");
  });
});

describe("the role control in the panel", () => {
  const HX = { "HX-Request": "true" };
  const dialog = (cookie: string, id: string) => app.request("GET", `/admin/users/${id}/role`, { cookie, headers: HX });

  test("an admin opens a member's role dialog: three choices posting to the role call, the current one chosen", async () => {
    const member = await person(app, { firstName: "Budi", lastName: "Hartono" });
    const response = await dialog(admin.cookie, member.id);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Role of Budi Hartono");
    expect(html).toContain(`hx-post="/api/admin/users/${member.id}/role"`);
    expect(html.match(/type="radio" name="role"/g)).toHaveLength(3);
    expect(html).toMatch(/checked="" value="member"/);
    // In Indonesian too.
    const id = await (await app.request("GET", `/admin/users/${member.id}/role`, { headers: { ...HX, Cookie: `${admin.cookie}; app-language=id` } })).text();
    expect(id).toContain("Peran Budi Hartono");
  });

  test("the dialog says why there is no choice: the super admin, oneself, another admin for anyone but the super admin", async () => {
    expect(await (await dialog(admin.cookie, boss.id)).text()).toContain("The super admin&#x27;s role cannot be changed.");
    expect(await (await dialog(admin.cookie, admin.id)).text()).toContain("You cannot change your own role.");
    const staffNote = await (await dialog(admin.cookie, moderator.id)).text();
    expect(staffNote).toContain("Only the super admin can change the role of an admin or moderator.");
    expect(staffNote).not.toContain("hx-post");
    expect(await (await dialog(boss.cookie, moderator.id)).text()).toContain(`hx-post="/api/admin/users/${moderator.id}/role"`);
  });

  test("a moderator gets no role dialog, and the Users list offers them no plan, delete or role", async () => {
    const member = await person(app);
    expect((await dialog(moderator.cookie, member.id)).status).toBe(403);
    const asModerator = await (await app.request("GET", "/admin/users", { cookie: moderator.cookie })).text();
    expect(asModerator).not.toContain(`/admin/users/${member.id}/role`);
    expect(asModerator).not.toContain(`/admin/users/${member.id}/plan`);
    expect(asModerator).not.toContain(`/admin/users/${member.id}/delete`);
    expect(asModerator).toContain(`/admin/users/${member.id}/ban`);
    const asAdmin = await (await app.request("GET", "/admin/users", { cookie: admin.cookie })).text();
    expect(asAdmin).toContain(`hx-get="/admin/users/${member.id}/role"`);
    const memberPage = await (await app.request("GET", `/admin/users/${member.id}`, { cookie: admin.cookie })).text();
    expect(memberPage).toContain(`hx-get="/admin/users/${member.id}/role"`);
    expect(await (await app.request("GET", `/admin/users/${member.id}`, { cookie: moderator.cookie })).text()).not.toContain(`/admin/users/${member.id}/role`);
  });
});

test("a moderator's profile links to the panel, a member's does not", async () => {
  const member = await person(app);
  expect(await (await app.request("GET", "/profile", { cookie: moderator.cookie })).text()).toContain('href="/admin"');
  expect(await (await app.request("GET", "/profile", { cookie: member.cookie })).text()).not.toContain('href="/admin"');
});

test("a moderator's session has an admin's limits: it idles out after 30 minutes (SECURITY.md 'Sessions')", async () => {
  const member = await person(app);
  app.clock.advance(31 * 60_000);
  expect((await app.request("GET", "/api/auth/user", { cookie: moderator.cookie })).status).toBe(401);
  expect((await app.request("GET", "/api/auth/user", { cookie: member.cookie })).status).toBe(200);
});

test("the Users list marks moderators and offers no ban or delete on staff but to the super admin", async () => {
  const rowOf = (html: string, id: string) => html.slice(html.indexOf(`/admin/users/${id}"`), html.indexOf("</tr>", html.indexOf(`/admin/users/${id}"`)));
  const asAdmin = await (await app.request("GET", "/admin/users?search=Mona", { cookie: admin.cookie })).text();
  const row = rowOf(asAdmin, moderator.id);
  expect(row).toContain(">Moderator<");
  expect(row).toContain("Only the super admin can act on this account");
  expect(row).not.toContain(`/admin/users/${moderator.id}/ban`);
  expect(row).not.toContain(`/admin/users/${moderator.id}/delete`);
  const asBoss = rowOf(await (await app.request("GET", "/admin/users?search=Mona", { cookie: boss.cookie })).text(), moderator.id);
  expect(asBoss).toContain(`/admin/users/${moderator.id}/ban`);
  expect(asBoss).toContain(`/admin/users/${moderator.id}/role`);
  expect(await (await app.request("GET", `/api/admin/users?search=Mona`, { cookie: admin.cookie })).json()).toMatchObject({ users: [{ id: moderator.id, role: "moderator", isAdmin: false }] });
});

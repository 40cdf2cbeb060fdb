/**
 * Every admin route × every role (PocketBase-style table, STYLE.md): the list of routes comes from
 * the app itself, so a route added later is covered without anyone remembering this file. The
 * roles of ADMIN.md 'Who': visitor, member, admin and moderator before the second factor, and
 * after it; what a moderator may not do is written out here from ADMIN.md, apart from the
 * permission table it checks (staff-permissions.ts).
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { enrolAndProve } from "./second-factor/second-factor.test-support";

setDefaultTimeout(30_000);

let app: TestApp;
let member: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let unprovenAdmin: { id: string; cookie: string };
let moderator: { id: string; cookie: string };
let unprovenModerator: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  member = await app.registerUser();
  admin = await app.registerUser();
  unprovenAdmin = await app.registerUser();
  moderator = await app.registerUser();
  unprovenModerator = await app.registerUser();
  // isAdmin alone, as the older writers set it: role admin follows (migration 0019).
  for (const person of [admin, unprovenAdmin]) await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, person.id));
  for (const person of [moderator, unprovenModerator]) await app.deps.db.update(users).set({ role: "moderator" }).where(eq(users.id, person.id));
  await enrolAndProve(app, admin.cookie);
  await enrolAndProve(app, moderator.cookie);
});
afterAll(() => app.close());

/** Routes registered with a method (use() middleware is "ALL"), with their parameters filled in. */
function routesUnder(prefix: string) {
  const seen = new Set<string>();
  return app.app.routes
    .filter((route) => route.method !== "ALL" && (route.path === prefix || route.path.startsWith(`${prefix}/`)))
    .map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "nosuchid") }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const apiRoutes = () => routesUnder("/api/admin");
const pageRoutes = () => routesUnder("/admin").filter((route) => route.method === "GET");

describe("/api/admin/*", () => {
  it("has the calls of spec point 7 and ADMIN.md mounted (the table below is not empty)", () => {
    const names = apiRoutes().map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      "GET /api/admin/stats",
      "GET /api/admin/users",
      "POST /api/admin/users/nosuchid/ban",
      "POST /api/admin/users/nosuchid/unban",
      "DELETE /api/admin/users/nosuchid",
      "GET /api/admin/reports",
      "PATCH /api/admin/reports/nosuchid",
      "GET /api/admin/actions",
      "GET /api/admin/matches",
      "DELETE /api/admin/matches/nosuchid",
      "GET /api/admin/payments",
      "GET /api/admin/temp-users",
      "GET /api/admin/settings/nosuchid",
      "POST /api/admin/settings/nosuchid",
      "POST /api/admin/payment-config",
      "GET /api/admin/payment-config",
      "POST /api/admin/payment-config/nosuchid/test",
      "GET /api/admin/ad-placements",
      "POST /api/admin/ad-placements",
      "PUT /api/admin/ad-placements/nosuchid",
      "GET /api/admin/ad-configs",
      "POST /api/admin/ad-configs",
      "GET /api/admin/ad-revenue-summary",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it("answers 401 {message: Unauthorized} to every call without a session", async () => {
    for (const route of apiRoutes()) {
      const response = await app.request(route.method, route.path, { body: route.method === "GET" ? undefined : {} });
      expect({ route, status: response.status, body: await response.json() }).toEqual({ route, status: 401, body: { message: "Unauthorized" } });
    }
  });

  it("answers 403 {message: Forbidden} to every call from a signed-in member", async () => {
    for (const route of apiRoutes()) {
      const response = await app.request(route.method, route.path, { cookie: member.cookie, body: route.method === "GET" ? undefined : {} });
      expect({ route, status: response.status, body: await response.json() }).toEqual({ route, status: 403, body: { message: "Forbidden" } });
    }
  });

  it("answers 403 {message: Second factor required} to admins and moderators before a code, except the second factor's own calls", async () => {
    for (const route of apiRoutes()) {
      for (const person of [unprovenAdmin, unprovenModerator]) {
        const response = await app.request(route.method, route.path, { cookie: person.cookie, body: route.method === "GET" ? undefined : {} });
        if (route.path.startsWith("/api/admin/2fa/")) expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
        else expect({ route, status: response.status, body: await response.json() }).toEqual({ route, status: 403, body: { message: "Second factor required" } });
      }
    }
    expect((await app.request("GET", "/api/admin/no-such-call", { cookie: unprovenAdmin.cookie })).status).toBe(403);
  });

  it("opens every call to an admin with a proven code", async () => {
    for (const route of apiRoutes()) {
      if (route.path.startsWith("/api/admin/2fa/")) continue;
      const response = await app.request(route.method, route.path, { cookie: admin.cookie, body: route.method === "GET" ? undefined : {} });
      expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
    }
  });

  it("refuses a moderator (403 Forbidden) exactly settings, gateway keys, ads, payments, refunds, grants, roles, deleting accounts and matches, and the unfinished accounts", async () => {
    // ADMIN.md 'Who': everything but the overview, users, a member's page, matches, the admin log,
    // reports, verifications, and warning, hiding, suspending and banning members.
    const adminOnly = [
      /^\/api\/admin\/settings(\/|$)/,
      /^\/api\/admin\/payment-config(\/|$)/,
      /^\/api\/admin\/ad-/,
      /^\/api\/admin\/payments(\/|$)/,
      /^\/api\/admin\/users\/[^/]+\/(plan|role)$/,
      /^\/api\/admin\/temp-users(\/|$)/,
    ];
    const moderatorMayNot = (route: { method: string; path: string }) =>
      adminOnly.some((pattern) => pattern.test(route.path)) || (route.method === "DELETE" && /^\/api\/admin\/(users|matches)\/[^/]+$/.test(route.path));
    const refused: string[] = [];
    for (const route of apiRoutes()) {
      if (route.path.startsWith("/api/admin/2fa/")) continue;
      const response = await app.request(route.method, route.path, { cookie: moderator.cookie, body: route.method === "GET" ? undefined : {} });
      if (moderatorMayNot(route)) expect({ route, status: response.status, body: await response.json() }).toEqual({ route, status: 403, body: { message: "Forbidden" } });
      else expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
      if (response.status === 403) refused.push(`${route.method} ${route.path}`);
    }
    // The "Done means": settings, gateway keys, ads, money and roles among them.
    for (const expected of ["POST /api/admin/settings/nosuchid", "POST /api/admin/payment-config", "POST /api/admin/ad-placements", "GET /api/admin/payments", "POST /api/admin/users/nosuchid/plan", "POST /api/admin/users/nosuchid/role", "DELETE /api/admin/users/nosuchid"]) {
      expect(refused).toContain(expected);
    }
    // And what a moderator does: reports, bans, a member's page.
    for (const allowed of ["GET /api/admin/reports", "POST /api/admin/users/nosuchid/ban", "GET /api/admin/stats", "GET /api/admin/actions"]) expect(refused).not.toContain(allowed);
  });

  it("guards paths that do not exist too, so probing tells a member nothing", async () => {
    expect((await app.request("GET", "/api/admin/no-such-call")).status).toBe(401);
    expect((await app.request("GET", "/api/admin/no-such-call", { cookie: member.cookie })).status).toBe(403);
    expect((await app.request("GET", "/api/admin/no-such-call", { cookie: admin.cookie })).status).toBe(404);
  });

  it("refuses a change from a foreign origin even for an admin (CSRF)", async () => {
    const response = await app.request("POST", "/api/admin/settings/payment_qris", { cookie: admin.cookie, body: { value: false }, headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });
});

describe("/admin pages", () => {
  it("sends visitors to /auth and members to /profile from every admin page", async () => {
    const pages = pageRoutes();
    expect(pages.map((route) => route.path)).toContain("/admin");
    for (const route of pages) {
      const anonymous = await app.request("GET", route.path);
      expect({ path: route.path, status: anonymous.status, location: anonymous.headers.get("Location") }).toEqual({ path: route.path, status: 302, location: "/auth" });
      const asMember = await app.request("GET", route.path, { cookie: member.cookie });
      expect({ path: route.path, status: asMember.status, location: asMember.headers.get("Location") }).toEqual({ path: route.path, status: 302, location: "/profile" });
    }
  });

  it("sends admins and moderators without a proven code to /admin/2fa from every page, which brings them back", async () => {
    for (const route of pageRoutes()) {
      if (route.path.startsWith("/admin/2fa")) continue;
      for (const person of [unprovenAdmin, unprovenModerator]) {
        const response = await app.request("GET", route.path, { cookie: person.cookie });
        expect({ path: route.path, status: response.status, location: response.headers.get("Location") }).toEqual({ path: route.path, status: 302, location: `/admin/2fa?next=${encodeURIComponent(route.path)}` });
      }
    }
    const page = await app.request("GET", "/admin/2fa?next=%2Fadmin%2Fusers", { cookie: unprovenModerator.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set up two-step verification");
  });

  it("shows a moderator the pages of their role and answers 403 on the others, with tabs for what they may open", async () => {
    for (const path of ["/admin", "/admin/users", "/admin/moderation", "/admin/matches"]) expect({ path, status: (await app.request("GET", path, { cookie: moderator.cookie })).status }).toEqual({ path, status: 200 });
    for (const path of ["/admin/settings", "/admin/ads", "/admin/payments", "/admin/temp-users"]) {
      const response = await app.request("GET", path, { cookie: moderator.cookie });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.text()).toContain("This part of the panel is for admins");
    }
    const overview = await (await app.request("GET", "/admin", { cookie: moderator.cookie })).text();
    expect(overview).toContain('href="/admin/moderation"');
    expect(overview).not.toContain('href="/admin/settings"');
    expect(overview).not.toContain('href="/admin/payments"');
  });

  it("renders the panel for an admin with no loading screen: the server knows the user", async () => {
    const response = await app.request("GET", "/admin", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("Loading Admin Panel");
    expect(html).toContain('href="/admin/users"');
    expect(html).toContain('href="/profile"');
  });
});

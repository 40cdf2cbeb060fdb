/**
 * Every admin route × every role (PocketBase-style table, STYLE.md): the list of routes comes from
 * the app itself, so a route added later is covered without anyone remembering this file.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";

setDefaultTimeout(30_000);

let app: TestApp;
let member: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  member = await app.registerUser();
  admin = await app.registerUser();
  await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
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

  it("renders the panel for an admin with no loading screen: the server knows the user", async () => {
    const response = await app.request("GET", "/admin", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("Loading Admin Panel");
    expect(html).toContain('href="/admin/users"');
    expect(html).toContain('href="/profile"');
  });
});

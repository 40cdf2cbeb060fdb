import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { createTestApp, sessionCookieFrom, type TestApp } from "../testing/test-app";
import { requireAdmin, requireStaffApi } from "./guards";
import { markSecondFactorProven } from "../features/admin/second-factor/second-factor.test-support";
import { sessionLoader } from "./session";

// Registration hashes passwords (argon2): slow on a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * No admin API exists yet, so the guard is checked on a tiny app with the real session loader
 * (the same validateSessionToken as the app) in front of it.
 */
function adminApp() {
  const load = sessionLoader(t.deps);
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await load(c, c.req.header("Cookie") ?? null);
      return next();
    })
    .get("/admin/ping", requireAdmin, (c) => c.json({ ok: true }));
}

const ping = (cookie?: string) => adminApp().request("/admin/ping", { headers: cookie ? { Cookie: cookie } : {} });

describe("requireAdmin", () => {
  test("signed out (or with a made-up cookie) is 401 Unauthorized", async () => {
    for (const cookie of [undefined, "kasih_session=made-up-token"]) {
      const response = await ping(cookie);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  test("a member is 403 Forbidden; an admin passes; taking admin away is seen at the next request", async () => {
    const member = await t.registerUser();
    const refused = await ping(member.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Forbidden" });

    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, member.id));
    const signIn = await t.request("POST", "/api/auth/login", { body: { email: member.email, password: member.password } });
    const adminCookie = sessionCookieFrom(signIn);
    const allowed = await ping(adminCookie);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ ok: true });

    // Checked on the server from the database, not from anything the session or client holds.
    await t.deps.db.update(users).set({ isAdmin: false }).where(eq(users.id, member.id));
    expect((await ping(adminCookie)).status).toBe(403);
  });
});

describe("requireStaffApi: the permission of the call, from staff-permissions.ts", () => {
  function staffApp() {
    const load = sessionLoader(t.deps);
    return new Hono<AppEnv>()
      .use(async (c, next) => {
        await load(c, c.req.header("Cookie") ?? null);
        return next();
      })
      .use("/api/admin/*", requireStaffApi)
      .get("/api/admin/reports", (c) => c.json({ ok: true }))
      .get("/api/admin/settings/payment_qris", (c) => c.json({ ok: true }));
  }
  const paths: Record<string, string> = { "/reports": "/api/admin/reports", "/settings": "/api/admin/settings/payment_qris" };
  const call = async (path: string, cookie?: string) => {
    const response = await staffApp().request(paths[path]!, { headers: cookie ? { Cookie: cookie } : {} });
    return { status: response.status, body: await response.json() };
  };

  test("401 signed out, 403 for a member, 403 'Second factor required' before the code, then the role's permission", async () => {
    expect(await call("/reports")).toEqual({ status: 401, body: { message: "Unauthorized" } });
    const member = await t.registerUser();
    expect(await call("/reports", member.cookie)).toEqual({ status: 403, body: { message: "Forbidden" } });
    await t.deps.db.update(users).set({ role: "moderator" }).where(eq(users.id, member.id));
    expect(await call("/reports", member.cookie)).toEqual({ status: 403, body: { message: "Second factor required" } });
    await markSecondFactorProven(t, member.cookie);
    expect(await call("/reports", member.cookie)).toEqual({ status: 200, body: { ok: true } });
    expect(await call("/settings", member.cookie)).toEqual({ status: 403, body: { message: "Forbidden" } });
    await t.deps.db.update(users).set({ role: "admin" }).where(eq(users.id, member.id));
    expect(await call("/settings", member.cookie)).toEqual({ status: 200, body: { ok: true } });
  });
});

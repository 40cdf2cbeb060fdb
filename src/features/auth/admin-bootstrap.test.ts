import { afterEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { settings, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { adminBootstrapState } from "./admin-bootstrap";

const secret = "a-long-operator-secret-1234";
let t: TestApp;
afterEach(() => t.close());

const isAdmin = async (id: string) => (await t.deps.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)))[0]!.isAdmin;

describe("POST /api/auth/admin-login", () => {
  it("is refused with 403 when no bootstrap secret is configured, even with a guess", async () => {
    t = await createTestApp();
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/auth/admin-login", { cookie: user.cookie, body: { secret } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Temporary admin access is disabled on this server" });
    expect(await isAdmin(user.id)).toBe(false);
    expect(await adminBootstrapState(t.deps)).toBe("disabled");
  });

  it("is refused for an anonymous caller even with the right secret", async () => {
    t = await createTestApp({ env: { ADMIN_BOOTSTRAP_SECRET: secret } });
    const response = await t.request("POST", "/api/auth/admin-login", { body: { secret } });
    expect(response.status).toBe(401);
    expect(await t.deps.db.select().from(settings)).toEqual([]);
  });

  it("is refused without the secret and with a wrong one", async () => {
    t = await createTestApp({ env: { ADMIN_BOOTSTRAP_SECRET: secret } });
    const user = await t.registerUser();
    const missing = await t.request("POST", "/api/auth/admin-login", { cookie: user.cookie, body: {} });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ message: "Invalid bootstrap secret" });
    const wrong = await t.request("POST", "/api/auth/admin-login", { cookie: user.cookie, body: { secret: `${secret}x` } });
    expect(wrong.status).toBe(403);
    expect(await isAdmin(user.id)).toBe(false);
    expect(await adminBootstrapState(t.deps)).toBe("available");
  });

  it("makes the signed-in caller an admin once, with a fresh session, and refuses a second use", async () => {
    t = await createTestApp({ env: { ADMIN_BOOTSTRAP_SECRET: secret } });
    const first = await t.registerUser();
    const second = await t.registerUser();
    const response = await t.request("POST", "/api/auth/admin-login", { cookie: first.cookie, body: { secret } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Admin access granted" });
    expect(await isAdmin(first.id)).toBe(true);
    // The old session token ended; the new cookie works and is an admin's.
    expect((await t.request("GET", "/api/auth/user", { cookie: first.cookie })).status).toBe(401);
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) });
    expect((await me.json()).isAdmin).toBe(true);
    expect(await adminBootstrapState(t.deps)).toBe("used");

    const again = await t.request("POST", "/api/auth/admin-login", { cookie: second.cookie, body: { secret } });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ message: "Temporary admin access has already been used" });
    expect(await isAdmin(second.id)).toBe(false);
  });
});

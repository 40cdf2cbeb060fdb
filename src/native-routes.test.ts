import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import type { Server } from "bun";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { nativeRoutes, signedInReads } from "./native-routes";
import { createTestApp, type TestApp } from "./testing/test-app";

setDefaultTimeout(60_000);

let t: TestApp;
let server: Server<undefined>;
let member: Awaited<ReturnType<TestApp["registerUser"]>>;

beforeAll(async () => {
  t = await createTestApp();
  // As src/server.ts serves: Bun's router first, the Hono app for everything else.
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: nativeRoutes(t.deps), fetch: t.app.fetch });
  member = await t.registerUser();
});
afterAll(() => {
  server.stop(true);
  t.close();
});

/** The same request through Bun's router (over HTTP) and through the Hono app (app.request). */
async function both(path: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const native = await fetch(new URL(path, server.url), { headers });
  const hono = await t.request("GET", path, { cookie });
  return { native, hono, nativeBody: await native.text(), honoBody: await hono.text() };
}

const comparedHeaders = ["content-type", "cache-control", "x-content-type-options", "referrer-policy"];

describe("the native routes answer exactly like the Hono app", () => {
  for (const path of Object.keys(signedInReads)) {
    it(`GET ${path} signed in: the same 200 body and headers`, async () => {
      const { native, hono, nativeBody, honoBody } = await both(path, member.cookie);
      expect(native.status).toBe(200);
      expect(hono.status).toBe(200);
      expect(JSON.parse(nativeBody)).toEqual(JSON.parse(honoBody));
      expect(JSON.parse(nativeBody).email).toBe(member.email.toLowerCase());
      for (const name of comparedHeaders) expect([name, native.headers.get(name)]).toEqual([name, hono.headers.get(name)]);
      expect(native.headers.get("x-content-type-options")).toBe("nosniff");
      expect(native.headers.get("cache-control")).toBe("no-store");
    });

    it(`GET ${path} signed out: the same 401 'Unauthorized'`, async () => {
      const { native, hono, nativeBody, honoBody } = await both(path);
      expect(native.status).toBe(401);
      expect(hono.status).toBe(401);
      expect(JSON.parse(nativeBody)).toEqual({ message: "Unauthorized" });
      expect(nativeBody).toBe(honoBody);
      expect(native.headers.get("set-cookie")).toBeNull();
      expect(native.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it(`GET ${path} with a cookie that opens no session: 401 and the cookie cleared, as Hono does`, async () => {
      const { native, hono } = await both(path, "kasih_session=not-a-real-token");
      expect(native.status).toBe(401);
      expect(hono.status).toBe(401);
      for (const response of [native, hono]) {
        const cleared = response.headers.get("set-cookie") ?? "";
        expect(cleared).toStartWith("kasih_session=;");
        expect(cleared).toContain("Max-Age=0");
        expect(cleared).toContain("Path=/");
      }
    });
  }

  it("refuses a banned member's session on the native route too", async () => {
    const banned = await t.registerUser();
    await t.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
    const { native, hono } = await both("/api/auth/user", banned.cookie);
    expect(native.status).toBe(401);
    expect(hono.status).toBe(401);
  });

  it("sees a change of the profile at once (the cache never outlives a write)", async () => {
    await t.deps.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, member.id));
    const { nativeBody } = await both("/api/auth/user", member.cookie);
    expect(JSON.parse(nativeBody).firstName).toBe("Renamed");
  });

  it("leaves every other method and path to the Hono app", async () => {
    const post = await fetch(new URL("/api/auth/user", server.url), { method: "POST", headers: { Origin: "http://evil.example" } });
    expect(post.status).toBe(403); // Hono's CSRF check answered, not the native GET handler
    const health = await fetch(new URL("/healthz", server.url));
    expect(await health.json()).toEqual({ status: "ok" });
  });
});

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { validateSessionToken } from "../features/auth/session";
import { createTestApp, type TestApp } from "../testing/test-app";
import { requestKind, sessionLoader } from "./session";
import { pageCacheKey } from "./page-cache-key";

// Registration hashes passwords (argon2): slow on a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("requestKind", () => {
  test("the method and the path's first two segments", () => {
    expect(requestKind("POST", "/api/swipe")).toBe("POST/api/swipe");
    expect(requestKind("POST", "/api/matches/m1/messages")).toBe("POST/api/matches");
    expect(requestKind("GET", "/chat/m1")).toBe("GET/chat/m1");
    expect(requestKind("GET", "/swipe")).toBe("GET/swipe");
    expect(requestKind("GET", "/")).toBe("GET/");
  });
});

describe("session lookups of one turn", () => {
  /** The real loader in front of two routes of different kinds that answer with the signed-in id. */
  function whoAmIApp(lookUp?: Parameters<typeof sessionLoader>[1]) {
    const load = sessionLoader(t.deps, lookUp);
    return new Hono<AppEnv>()
      .use(async (c, next) => {
        await load(c, c.req.header("Cookie") ?? null);
        return next();
      })
      .get("/one/kind", (c) => c.json({ id: c.get("user")?.id ?? null }))
      .get("/other/kind", (c) => c.json({ id: c.get("user")?.id ?? null }));
  }

  test("requests arriving together, of different kinds and members, each get their own account", async () => {
    const members = [await t.registerUser({ firstName: "Ana" }), await t.registerUser({ firstName: "Budi" }), await t.registerUser({ firstName: "Citra" })];
    const asked: string[] = [];
    const app = whoAmIApp((token, kind) => {
      asked.push(kind);
      return validateSessionToken(t.deps.db, t.deps.clock, token);
    });
    const ask = async (path: string, cookie: string) => (await (await app.request(path, { headers: { Cookie: cookie } })).json()) as { id: string | null };
    // Interleaved kinds, so the lookups run in another order than the requests came in.
    const answers = await Promise.all(
      members.flatMap((member) => [
        ask("/other/kind", member.cookie).then((body) => ({ expected: member.id, body })),
        ask("/one/kind", member.cookie).then((body) => ({ expected: member.id, body })),
        ask("/one/kind", "kasih_session=not-a-session").then((body) => ({ expected: null, body })),
      ]),
    );
    for (const { expected, body } of answers) expect(body.id).toBe(expected);
    expect(asked.sort()).toEqual([...Array(6).fill("GET/one/kind"), ...Array(3).fill("GET/other/kind")]);
  });

  test("through the app, each member's GET /api/auth/user answers with their own account", async () => {
    const members = [await t.registerUser({ firstName: "Dewi" }), await t.registerUser({ firstName: "Eko" })];
    const answers = await Promise.all(members.map(async (member) => ({ member, response: await t.request("GET", "/api/auth/user", { cookie: member.cookie }) })));
    for (const { member, response } of answers) expect(await response.json()).toMatchObject({ id: member.id, firstName: member.firstName });
  });
});

describe("the page-cache key cookie (public/sw.js, docs/decisions/0140)", () => {
  /** The last Set-Cookie of the key: the one the browser keeps. */
  const keyFrom = (response: Response) => response.headers.getSetCookie().findLast((value) => value.startsWith("kasih_cache="));

  test("a signed-in request without the key gets this session's key, readable by script, and not the token", async () => {
    const member = await t.registerUser({ firstName: "Fajar" });
    const token = member.cookie.split("=")[1]!;
    const setKey = keyFrom(await t.request("GET", "/api/auth/user", { cookie: member.cookie }));
    expect(setKey).toContain(`kasih_cache=${pageCacheKey(token)};`);
    expect(setKey).not.toContain("HttpOnly");
    expect(setKey).not.toContain(token);
    // Sent back, it is not set again; another member's key is replaced by this session's.
    expect(keyFrom(await t.request("GET", "/api/auth/user", { cookie: `${member.cookie}; kasih_cache=${pageCacheKey(token)}` }))).toBeUndefined();
    expect(keyFrom(await t.request("GET", "/api/auth/user", { cookie: `${member.cookie}; kasih_cache=${pageCacheKey("another-token")}` }))).toContain(`kasih_cache=${pageCacheKey(token)};`);
  });

  test("two sessions have two keys; signing out and a dead session clear it", async () => {
    const one = await t.registerUser({ firstName: "Gita" });
    const two = await t.registerUser({ firstName: "Hana" });
    expect(pageCacheKey(one.cookie.split("=")[1]!)).not.toBe(pageCacheKey(two.cookie.split("=")[1]!));
    expect(keyFrom(await t.request("GET", "/api/logout", { cookie: one.cookie }))).toMatch(/^kasih_cache=;.*Max-Age=0/);
    expect(keyFrom(await t.request("GET", "/api/auth/user", { cookie: `${one.cookie}; kasih_cache=${pageCacheKey(one.cookie.split("=")[1]!)}` }))).toMatch(/^kasih_cache=;.*Max-Age=0/);
  });
});

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { requestKind } from "./session";

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
  test("requests arriving together, of different kinds and members, each get their own account", async () => {
    const members = [await t.registerUser({ firstName: "Ana" }), await t.registerUser({ firstName: "Budi" }), await t.registerUser({ firstName: "Citra" })];
    // Interleaved kinds, so the lookups run in another order than the requests came in.
    const ask = (path: string, cookie: string) => Promise.resolve(t.request("GET", path, { cookie }));
    const calls = members.flatMap((member) => [
      ask("/api/auth/user", member.cookie).then(async (response) => ({ member, status: response.status, body: await response.json() })),
      ask("/api/settings", member.cookie).then(async (response) => ({ member, status: response.status, body: null })),
      ask("/api/auth/user", "kasih_session=not-a-session").then(async (response) => ({ member: null, status: response.status, body: null })),
    ]);
    for (const { member, status, body } of await Promise.all(calls)) {
      if (member === null) {
        expect(status).toBe(401);
        continue;
      }
      expect(status).toBe(200);
      if (body !== null) expect(body).toMatchObject({ id: member.id, firstName: member.firstName });
    }
  });
});

/**
 * Reading never needs a write (docs/decisions/0116): with the database refusing every write, the
 * pages a signed-in member opens and every GET under /api answer, and so do the socket's
 * handshake and join. The writes reads make on the side (the session's touch, "last active",
 * the Matches tab's dot, expiring stale payments) are skipped, logged once per kind, and done
 * again once writes return.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payments, users } from "../../db/schema";
import { createSession } from "../features/auth/session";
import { createMember } from "../features/discovery/discovery.test-support";
import { newId } from "../platform/ids";
import { logLinesOf } from "../platform/log";
import { realtimeFor } from "../realtime/realtime";
import { matchUsers } from "../testing/match-fixtures";
import { fillDatabase, freeSpace, makeReadOnly } from "../testing/storage-faults";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { markSecondFactorProven } from "../features/admin/second-factor/second-factor.test-support";

setDefaultTimeout(120_000);

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
let admin: Awaited<ReturnType<typeof createMember>>;
let matchId: string;
let paymentId: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { firstName: "Ana" });
  const other = await createMember(t, { firstName: "Budi", gender: "male" });
  admin = await createMember(t, { firstName: "Admin", isAdmin: true });
  matchId = await matchUsers(t, member, other);
  expect((await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: other.cookie, body: { content: "Shalom!" } })).status).toBe(201);
  // A pending payment past its expiry: reading payments expires it on the side.
  paymentId = newId();
  const now = t.clock.now();
  await t.deps.db.insert(payments).values({ id: paymentId, userId: member.id, plan: "premium", amount: 49_000, currency: "IDR", method: "qris", gateway: "sandbox", gatewayOrderId: paymentId, status: "pending", createdAt: now, expiresAt: new Date(now.getTime() + 60_000) });
});
afterAll(() => t.close());

/** The main pages a signed-in member opens (spec point 2): each must answer 200. */
const MAIN_PAGES = ["/swipe", "/likes", "/matches", "/matches?view=chats", "/chat/:matchId", "/profile", "/settings", "/edit-profile", "/verify"];
/** GETs left out: signing out is a write (it deletes the session); /healthz reports the fault, 503 "degraded" by design. */
const NOT_READS = new Set(["/api/logout", "/healthz"]);

function concrete(path: string): string {
  return path.replace(":matchId", matchId).replace(":paymentId", paymentId).replace(/:userId|:id/, member.id).replace(/:[A-Za-z]+/g, "x");
}

/** Every GET route of the app with no wildcard, as concrete paths. */
function everyGet(): string[] {
  const paths = t.app.routes.filter((route) => route.method === "GET" && !route.path.includes("*") && !NOT_READS.has(route.path)).map((route) => route.path);
  return [...new Set(paths)];
}

/**
 * With `makeFault` in place, the pages and GET calls answer. The member's hourly session touch,
 * "last active" and the admin's touch (every minute; the admin's session ends after 30 idle
 * minutes, so it is made anew first) are all due.
 */
async function expectReadsAnswered(fault: string, makeFault: () => Promise<void>) {
  t.clock.advance(2 * 60 * 60_000);
  const { token } = await createSession(t.deps.db, t.clock, admin.id, true);
  const adminCookie = `kasih_session=${token}`;
  // Proven before the fault: the proof is a write, like the sign-in itself.
  await markSecondFactorProven(t, adminCookie);
  t.clock.advance(2 * 60_000);
  await makeFault();
  const failures: string[] = [];
  const lines = await logLinesOf(async () => {
    const landing = await t.request("GET", "/", { cookie: member.cookie });
    if (landing.status !== 302 || landing.headers.get("Location") !== "/swipe") failures.push(`/: ${landing.status}`);
    for (const path of MAIN_PAGES) {
      const response = await t.request("GET", concrete(path), { cookie: member.cookie });
      if (response.status !== 200) failures.push(`${path}: ${response.status}`);
    }
    for (const path of ["/admin", "/admin/users", "/admin/payments", "/admin/settings"]) {
      const response = await t.request("GET", path, { cookie: adminCookie });
      if (response.status !== 200) failures.push(`admin ${path}: ${response.status}`);
    }
    // Twice: the second round shows a skipped side write is not logged per request.
    for (let round = 0; round < 2; round++) {
      for (const path of everyGet()) {
        const cookie = path.startsWith("/admin") || path.startsWith("/api/admin") ? adminCookie : member.cookie;
        const response = await t.request("GET", concrete(path), { cookie });
        if (response.status >= 500) failures.push(`${path}: ${response.status} ${await response.text()}`);
      }
    }
  }, "warn");
  expect({ fault, failures }).toEqual({ fault, failures: [] });
  // Each kind of skipped side write is logged once, not once per request.
  const skipped = lines.filter((line) => line.msg === "database: a write made while reading was skipped (storage fault); reads keep being answered").map((line) => line.kind as string);
  // (On a full disk an update in place may still fit, so only read-only is sure to skip some.)
  if (fault === "read-only") expect(skipped.length).toBeGreaterThan(0);
  expect(skipped).toEqual([...new Set(skipped)]);
}

describe("with the database refusing writes, every read answers", () => {
  test("a read-only database (every write refused): pages, GET APIs, the admin panel", async () => {
    try {
      await expectReadsAnswered("read-only", () => makeReadOnly(t.deps.dbClient));
      // The stale payment still reads as expired, though it could not be written so.
      const [listed] = await (await t.request("GET", "/api/payments", { cookie: member.cookie })).json();
      expect(listed).toMatchObject({ paymentId, status: "expired" });
    } finally {
      await makeReadOnly(t.deps.dbClient, false);
    }
    // Once writes return, the side writes are made again.
    const before = (await t.deps.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, member.id)))[0]!.at;
    t.clock.advance(2 * 60 * 60_000);
    expect((await t.request("GET", "/swipe", { cookie: member.cookie })).status).toBe(200);
    const after = (await t.deps.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, member.id)))[0]!.at;
    expect(after!.getTime()).toBeGreaterThan(before!.getTime());
    expect((await t.request("GET", "/api/payments", { cookie: member.cookie })).status).toBe(200);
    expect((await t.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe("expired");
  });

  test("a full disk: pages, GET APIs, the admin panel", async () => {
    try {
      await expectReadsAnswered("full", () => fillDatabase(t.deps.dbClient));
    } finally {
      await freeSpace(t.deps.dbClient);
    }
  });

  test("the socket's handshake and join answer on a read-only database", async () => {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: t.app.fetch, websocket: realtimeFor(t.deps).websocket });
    await makeReadOnly(t.deps.dbClient);
    try {
      t.clock.advance(2 * 60 * 60_000);
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Origin: TEST_ORIGIN, Cookie: member.cookie } } as unknown as string[]);
      const frames: { type: string }[] = [];
      ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)));
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      ws.send(JSON.stringify({ type: "join_match", matchId }));
      for (const end = Date.now() + 5_000; Date.now() < end && !frames.some((frame) => frame.type === "joined"); ) await Bun.sleep(10);
      expect(frames.map((frame) => frame.type)).toEqual(["ready", "joined"]);
      ws.close();
    } finally {
      await makeReadOnly(t.deps.dbClient, false);
      await server.stop(true);
    }
  });
});

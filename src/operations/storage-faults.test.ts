/**
 * A full disk or a read-only database (docs/decisions/0100-operations.md): writes answer 503 with
 * a clear message and change nothing, reads keep working (the session's hourly touch waits), and
 * the database stays sound. SQLite's own limits make the faults real: max_page_count makes it
 * answer SQLITE_FULL exactly as a full disk does; query_only makes it refuse writes as a
 * read-only file does (SQLITE_READONLY).
 */
import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { STORAGE_UNAVAILABLE } from "../../db/storage-faults";
import { createTestApp, type TestApp } from "../testing/test-app";
import { fillDatabase, freeSpace, makeReadOnly } from "../testing/storage-faults";
import { lifecycle } from "./lifecycle";
import { PROBE_WHILE_FAULTED_MS, PROBE_WHILE_HEALTHY_MS } from "./storage-health";

setDefaultTimeout(60_000);

let t: TestApp;
let cookie: string;
beforeEach(async () => {
  t = await createTestApp();
  cookie = (await t.registerUser()).cookie;
  expect((await t.request("PUT", "/api/profile/draft", { cookie, body: { step: 1, values: { bio: "before the fault" } } })).status).toBe(200);
});
afterEach(() => t.close());

const pragma = async (sql: string) => (await t.deps.dbClient.execute(sql)).rows[0]?.[0];

async function expectWritesRefusedReadsServed() {
  // 12 KB: more than any free space left in the draft's page, so the write needs new pages.
  const long = (letter: string) => letter.repeat(2000);
  const write = await t.request("PUT", "/api/profile/draft", { cookie, body: { step: 2, values: { bio: long("x"), faithTestimony: long("y"), interests: long("z"), jesusChristMeaning: long("w"), ministryInvolvement: long("v"), occupation: long("u") } } });
  expect(write.status).toBe(503);
  expect(write.headers.get("Retry-After")).toBe("60");
  expect(await write.json()).toEqual({ message: STORAGE_UNAVAILABLE });
  // An hour later the session's touch is due: the read still answers.
  t.clock.advance(2 * 60 * 60_000);
  expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
  expect(await (await t.request("GET", "/api/profile/draft", { cookie })).json()).toMatchObject({ step: 1, values: { bio: "before the fault" } });
  // The refused write turned /healthz degraded (docs/decisions/0116).
  const health = await t.request("GET", "/healthz");
  expect(health.status).toBe(503);
  expect((await health.json()).status).toBe("degraded");
}

describe("storage faults", () => {
  it("a full disk: writes 503, nothing changed, reads work, integrity_check ok, and writes resume when space returns", async () => {
    await pragma("CREATE TABLE filler (x BLOB)");
    await pragma(`PRAGMA max_page_count = ${Number(await pragma("PRAGMA page_count"))}`);
    // Whatever free pages the file still has are used up, as on a disk that just filled.
    for (;;) {
      try {
        await pragma("INSERT INTO filler VALUES (randomblob(3000))");
      } catch {
        break;
      }
    }
    await expectWritesRefusedReadsServed();
    expect(await pragma("PRAGMA integrity_check")).toBe("ok");
    await pragma("PRAGMA max_page_count = 1073741823");
    expect((await t.request("PUT", "/api/profile/draft", { cookie, body: { step: 2, values: { bio: "after" } } })).status).toBe(200);
    t.clock.advance(PROBE_WHILE_FAULTED_MS);
    expect(await (await t.request("GET", "/healthz")).json()).toEqual({ status: "ok" });
  });

  it("a read-only database: writes 503, reads work, integrity_check ok", async () => {
    await pragma("PRAGMA query_only = 1");
    await expectWritesRefusedReadsServed();
    await pragma("PRAGMA query_only = 0");
    expect(await pragma("PRAGMA integrity_check")).toBe("ok");
  });
});

describe("/healthz and the storage (docs/decisions/0116)", () => {
  const health = async () => {
    const response = await t.request("GET", "/healthz");
    return { status: response.status, body: await response.json() };
  };

  for (const [name, fault, recover, reason] of [
    ["a full disk", () => fillDatabase(t.deps.dbClient), () => freeSpace(t.deps.dbClient), /disk is full \(SQLITE_FULL/],
    ["a read-only database", () => makeReadOnly(t.deps.dbClient), () => makeReadOnly(t.deps.dbClient, false), /read-only \(SQLITE_READONLY/],
  ] as const) {
    it(`${name}: 503 degraded with the reason while writes are refused, 200 ok again once they succeed, without a restart`, async () => {
      expect(await health()).toEqual({ status: 200, body: { status: "ok" } });
      await fault();
      // No write has failed yet: the next probe (due within PROBE_WHILE_HEALTHY_MS) finds it.
      t.clock.advance(PROBE_WHILE_HEALTHY_MS);
      const degraded = await health();
      expect(degraded.status).toBe(503);
      expect(degraded.body.status).toBe("degraded");
      expect(degraded.body.reason).toMatch(reason);
      await recover();
      // Probes while degraded are rate-limited: until the next one is due, still degraded.
      expect((await health()).status).toBe(503);
      t.clock.advance(PROBE_WHILE_FAULTED_MS);
      expect(await health()).toEqual({ status: 200, body: { status: "ok" } });
    });
  }

  it("a healthy /healthz writes at most once per PROBE_WHILE_HEALTHY_MS", async () => {
    const changes = async () => Number((await t.deps.dbClient.execute("select total_changes()")).rows[0]![0]);
    await health();
    const before = await changes();
    for (let i = 0; i < 20; i++) expect((await health()).status).toBe(200);
    expect(await changes()).toBe(before);
    t.clock.advance(PROBE_WHILE_HEALTHY_MS);
    await health();
    expect(await changes()).toBeGreaterThan(before);
  });

  it("a stopping server still answers 503 stopping, whatever the storage", async () => {
    await makeReadOnly(t.deps.dbClient);
    lifecycle.stopping = true;
    try {
      expect(await health()).toEqual({ status: 503, body: { status: "stopping" } });
    } finally {
      lifecycle.stopping = false;
      await makeReadOnly(t.deps.dbClient, false);
    }
  });
});

describe("other writes refused by the storage are said as such", () => {
  it("a verification mail resend on a read-only database is 503 'cannot save changes', not 'mail failed', and does not count", async () => {
    await makeReadOnly(t.deps.dbClient);
    const refused = await t.request("POST", "/api/auth/verify-email/resend", { cookie });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: STORAGE_UNAVAILABLE });
    await makeReadOnly(t.deps.dbClient, false);
    for (let i = 0; i < 3; i++) expect((await t.request("POST", "/api/auth/verify-email/resend", { cookie })).status).toBe(200);
  });
});

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
  expect((await t.request("GET", "/healthz")).status).toBe(200);
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
  });

  it("a read-only database: writes 503, reads work, integrity_check ok", async () => {
    await pragma("PRAGMA query_only = 1");
    await expectWritesRefusedReadsServed();
    await pragma("PRAGMA query_only = 0");
    expect(await pragma("PRAGMA integrity_check")).toBe("ok");
  });
});

import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DatabaseHandle } from "./client";
import { cachedUntilWrite } from "./read-cache";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function fileDatabase(): Promise<{ handle: DatabaseHandle; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), "kasih-read-cache-"));
  const url = `file:${join(dir, "test.db")}`;
  const handle = await openDatabase(url);
  await handle.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  await handle.client.execute("INSERT INTO t (id, v) VALUES (1, 'first')");
  cleanups.push(() => {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { handle, url };
}

/** Reads the row through the cache and counts how often the database was really asked. */
function counter(handle: DatabaseHandle) {
  let loads = 0;
  return {
    read: () =>
      cachedUntilWrite(handle.db, "row-1", async () => {
        loads++;
        return String((await handle.client.execute("SELECT v FROM t WHERE id = 1")).rows[0]![0]);
      }),
    loads: () => loads,
  };
}

describe("cachedUntilWrite", () => {
  test("answers repeated reads from memory while nothing is written", async () => {
    const { handle } = await fileDatabase();
    const row = counter(handle);
    expect(await row.read()).toBe("first");
    expect(await row.read()).toBe("first");
    expect(await row.read()).toBe("first");
    expect(row.loads()).toBe(1);
  });

  test("reads again after a write on the same connection", async () => {
    const { handle } = await fileDatabase();
    const row = counter(handle);
    expect(await row.read()).toBe("first");
    await handle.client.execute("UPDATE t SET v = 'second' WHERE id = 1");
    expect(await row.read()).toBe("second");
    expect(row.loads()).toBe(2);
  });

  test("reads again after a write to an unrelated table", async () => {
    const { handle } = await fileDatabase();
    const row = counter(handle);
    await row.read();
    await handle.client.execute("CREATE TABLE other (id INTEGER PRIMARY KEY)");
    await row.read();
    expect(row.loads()).toBe(2);
  });

  test("reads again after another connection (a CLI command, a second process) wrote to the file", async () => {
    const { handle, url } = await fileDatabase();
    const row = counter(handle);
    expect(await row.read()).toBe("first");
    const other = await openDatabase(url);
    await other.client.execute("UPDATE t SET v = 'from the CLI' WHERE id = 1");
    other.close();
    expect(await row.read()).toBe("from the CLI");
  });

  test("never caches a database it cannot watch (in memory)", async () => {
    const handle = await openDatabase("file::memory:");
    cleanups.push(() => handle.close());
    await handle.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    await handle.client.execute("INSERT INTO t (id, v) VALUES (1, 'first')");
    const row = counter(handle);
    await row.read();
    await row.read();
    expect(row.loads()).toBe(2);
  });
});

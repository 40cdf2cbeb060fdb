import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localPathOf, openDatabase, syncToDisk, type DatabaseHandle } from "./client";

let dir: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kasih-client-"));
  handle = await openDatabase(`file:${join(dir, "kasih.db")}`);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pragma(name: string) {
  const result = await handle.client.execute(`PRAGMA ${name}`);
  return Object.values(result.rows[0] ?? {})[0];
}

describe("openDatabase (a file database)", () => {
  test("runs in WAL mode", async () => {
    expect(String(await pragma("journal_mode")).toLowerCase()).toBe("wal");
  });

  test("waits for a busy write lock instead of failing at once", async () => {
    expect(Number(await pragma("busy_timeout"))).toBeGreaterThanOrEqual(1000);
  });

  test("commits into the WAL, synced at checkpoints (synchronous=NORMAL), and syncToDisk syncs on demand", async () => {
    expect(Number(await pragma("synchronous"))).toBe(1); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    await handle.client.execute("create table if not exists durable (x integer)");
    await handle.client.execute("insert into durable values (1)");
    await syncToDisk(handle.client);
    // Every frame of the WAL is checkpointed into the database file (and both synced).
    const row = (await handle.client.execute("PRAGMA wal_checkpoint(PASSIVE)")).rows[0]!;
    const [busy, logFrames, checkpointed] = [0, 1, 2].map((column) => Number(row[column]));
    expect(busy).toBe(0);
    expect(checkpointed).toBe(logFrames);
  });

  test("syncToDisk tries again while another checkpoint runs (it answers busy and syncs nothing), and says when it stayed busy", async () => {
    const answers = [1, 1, 0];
    const calls: string[] = [];
    const busyThenFree = {
      execute: async (sql: string) => {
        calls.push(sql);
        return { rows: [[answers.shift() ?? 0, 10, 10]] };
      },
    } as unknown as Client;
    expect(await syncToDisk(busyThenFree)).toBe(true);
    expect(calls).toEqual(Array(3).fill("PRAGMA wal_checkpoint(PASSIVE)"));
    const alwaysBusy = { execute: async () => ({ rows: [[1, -1, -1]] }) } as unknown as Client;
    expect(await syncToDisk(alwaysBusy)).toBe(false);
  });

  test("keeps 64 MiB of pages in memory (SQLite's default of 2 MiB made most lookups a read from the kernel)", async () => {
    expect(Number(await pragma("cache_size"))).toBe(-65536);
  });

  test("enforces foreign keys", async () => {
    expect(Number(await pragma("foreign_keys"))).toBe(1);
  });

  test("keeps these settings for a statement run after others (one connection, pragmas per connection)", async () => {
    await handle.client.execute("create table if not exists t (x integer)");
    await handle.client.batch(["insert into t values (1)", "insert into t values (2)"], "write");
    expect(Number(await pragma("synchronous"))).toBe(1);
    expect(Number(await pragma("busy_timeout"))).toBeGreaterThanOrEqual(1000);
  });
});

describe("openDatabase (a libSQL server)", () => {
  test("a server that accepts and never answers fails the open after the connect timeout, instead of hanging the start", async () => {
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const started = performance.now();
      await expect(openDatabase(`http://127.0.0.1:${silent.port}`, { connectTimeoutMs: 300 })).rejects.toThrow("no answer within 0.3 s");
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      silent.stop(true);
    }
  });
});

describe("localPathOf", () => {
  test("reads the file a file: URL names, in each form libSQL accepted", () => {
    expect(localPathOf("file:/data/kasih.db")).toBe("/data/kasih.db");
    expect(localPathOf("file:///data/kasih.db")).toBe("/data/kasih.db");
    expect(localPathOf("file:data/kasih.db")).toBe("data/kasih.db");
    expect(localPathOf("file:/data/my%20db.db?mode=rwc")).toBe("/data/my db.db");
    expect(localPathOf("file::memory:")).toBe(":memory:");
  });
});

import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { createClient } from "@libsql/client";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../src/testing/test-app";
import { backupDatabase, rotateBackups, takeScheduledBackup } from "./backup";
import { parseInterval } from "../src/operations/interval";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("kasih backup FILE", () => {
  it("writes a consistent copy that passes integrity_check and holds the data", async () => {
    const user = await t.registerUser({ email: "backup-me@example.com" });
    const file = join(t.dataDir, "backup.db");
    await backupDatabase(t.deps.dbClient, file);
    expect(existsSync(file)).toBe(true);
    const copy = createClient({ url: `file:${file}` });
    try {
      expect((await copy.execute("PRAGMA integrity_check")).rows[0]?.[0]).toBe("ok");
      const rows = await copy.execute({ sql: "select email from users where id = ?", args: [user.id] });
      expect(rows.rows[0]?.[0]).toBe("backup-me@example.com");
    } finally {
      copy.close();
    }
  });

  it("refuses to overwrite an existing file", async () => {
    const file = join(t.dataDir, "backup.db");
    await backupDatabase(t.deps.dbClient, file);
    await expect(backupDatabase(t.deps.dbClient, file)).rejects.toThrow("refusing to overwrite");
  });
});

describe("scheduled backups", () => {
  const hour = 3_600_000;

  it("writes one checked copy per interval slot, named for the slot, and keeps the newest BACKUP_KEEP", async () => {
    const dir = join(t.dataDir, "backups");
    const at = (iso: string) => new Date(iso);
    const first = await takeScheduledBackup(t.deps.dbClient, { dir, intervalMs: 6 * hour, keep: 2, now: at("2026-11-26T07:59:00Z") });
    expect(first).toBe(join(dir, "kasih-20261126T060000Z.db"));
    // Same slot (another instance, or the next minute's check): nothing new.
    expect(await takeScheduledBackup(t.deps.dbClient, { dir, intervalMs: 6 * hour, keep: 2, now: at("2026-11-26T11:00:00Z") })).toBeNull();
    await takeScheduledBackup(t.deps.dbClient, { dir, intervalMs: 6 * hour, keep: 2, now: at("2026-11-26T12:00:00Z") });
    await takeScheduledBackup(t.deps.dbClient, { dir, intervalMs: 6 * hour, keep: 2, now: at("2026-11-26T18:30:00Z") });
    writeFileSync(join(dir, "notes.txt"), "an operator's own file");
    expect(readdirSync(dir).sort()).toEqual(["kasih-20261126T120000Z.db", "kasih-20261126T180000Z.db", "notes.txt"]);
  });

  it("rotates only the files the schedule names", () => {
    const dir = join(t.dataDir, "rotate");
    mkdirSync(dir);
    for (const name of ["kasih-20261101T000000Z.db", "kasih-20261102T000000Z.db", "kasih-20261103T000000Z.db", "my-copy.db"]) writeFileSync(join(dir, name), "");
    expect(rotateBackups(dir, 1)).toEqual(["kasih-20261101T000000Z.db", "kasih-20261102T000000Z.db"]);
    expect(readdirSync(dir).sort()).toEqual(["kasih-20261103T000000Z.db", "my-copy.db"]);
  });

  it("reads BACKUP_INTERVAL as seconds, minutes, hours or days", () => {
    expect(parseInterval("30s")).toBe(30_000);
    expect(parseInterval("15m")).toBe(900_000);
    expect(parseInterval("6h")).toBe(6 * hour);
    expect(parseInterval("1d")).toBe(24 * hour);
    for (const bad of ["", "6", "h", "0h", "1.5h", "6 hours", "-1h"]) expect(parseInterval(bad)).toBeNull();
  });
});

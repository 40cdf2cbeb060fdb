import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { createClient } from "@libsql/client";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../src/testing/test-app";
import { backupDatabase } from "./backup";

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

/**
 * Files only the server may read (docs/decisions/0117): what the code creates is 0600 in 0700
 * folders by its own modes, even under a permissive umask (the command line sets 0077 as well:
 * e2e/binary.test.ts), and an old data directory is tightened at start, once.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { createMember } from "../features/discovery/discovery.test-support";
import { jpegWithGps } from "../features/profile/photos/test-images";
import { backupDatabase, restoreDatabase, restoredWithoutSecrets, takeScheduledBackup } from "../../db/backup";
import { openDatabase } from "../../db/client";
import { readOrCreateSecret } from "../platform/secrets";
import { tightenDataModes } from "./file-modes";

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

let umaskBefore: number;
beforeAll(() => {
  // What a test runner or a service manager may well have: group and others may read new files.
  umaskBefore = process.umask(0o022);
});
afterAll(() => void process.umask(umaskBefore));

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "kasih-modes-"));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe("files the server creates", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  test("the database, its WAL and shared memory are 0600 from the first write on", async () => {
    const file = join(scratch, "kasih.db");
    const handle = await openDatabase(`file:${file}`);
    await handle.client.execute("create table t (x)");
    await handle.client.execute("insert into t values (1)");
    expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual(["0600", "0600", "0600"]);
    handle.close();
  });

  test("a backup is 0600, and scheduled backups' folder 0700", async () => {
    const file = join(scratch, "manual.db");
    await backupDatabase(t.deps.dbClient, file);
    expect(modeOf(file)).toBe("0600");
    const dir = join(scratch, "scheduled");
    const written = await takeScheduledBackup(t.deps.dbClient, { dir, intervalMs: 3_600_000, keep: 3, now: new Date("2026-11-27T10:00:00Z") });
    expect([modeOf(dir), modeOf(written!)]).toEqual(["0700", "0600"]);
  });

  test("a secret is 0600 in a 0700 folder", () => {
    readOrCreateSecret(t.dataDir, "modes-test");
    expect([modeOf(join(t.dataDir, "secrets")), modeOf(join(t.dataDir, "secrets", "modes-test.key"))]).toEqual(["0700", "0600"]);
  });

  test("a selfie waiting for review is 0600 in a 0700 folder", async () => {
    const maria = await createMember(t, { firstName: "Maria" });
    expect((await t.request("POST", "/api/verification/start", { cookie: maria.cookie })).status).toBe(201);
    const sent = await t.app.request("/api/verification/selfie", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: maria.cookie, "Content-Type": "image/jpeg" }, body: Buffer.from(jpegWithGps(480, 640)) });
    expect(sent.status).toBe(201);
    const folder = join(t.dataDir, "selfies");
    const [file] = readdirSync(folder);
    expect([modeOf(folder), modeOf(join(folder, file!))]).toEqual(["0700", "0600"]);
  });

  test("a restore writes the database 0600 and its secrets 0600 in 0700, whatever the copies' modes", async () => {
    const backups = join(scratch, "backups");
    mkdirSync(join(backups, "secrets"), { recursive: true, mode: 0o755 });
    const file = join(backups, "kasih-20261127T100000Z.db");
    await backupDatabase(t.deps.dbClient, file);
    chmodSync(file, 0o644);
    writeFileSync(join(backups, "secrets", "settings-encryption.key"), "a2V5", { mode: 0o644 });
    const dataDir = join(scratch, "restored");
    expect(await restoreDatabase(file, dataDir, join(dataDir, "kasih.db"))).toEqual({ secrets: true });
    expect([modeOf(dataDir), modeOf(join(dataDir, "kasih.db")), modeOf(join(dataDir, "secrets")), modeOf(join(dataDir, "secrets", "settings-encryption.key"))]).toEqual(["0700", "0600", "0700", "0600"]);
  });
});

describe("restoring a backup with no secrets beside it", () => {
  test("the warning says what is lost, that members stay signed in, and what to copy where before starting", () => {
    const text = restoredWithoutSecrets("/backups/kasih.db", "/var/lib/kasih");
    expect(text).toStartWith("WARNING: no secrets folder beside /backups/kasih.db");
    expect(text).toContain("admin panel (payment gateways,");
    expect(text).toContain("Members stay signed in.");
    expect(text).toContain("copy the secrets folder of the old server's DATA_DIR to /var/lib/kasih/secrets");
    expect(text).toContain("before you start the server");
  });
});

describe("an existing data directory at start", () => {
  test("loses group and other permissions on what Kasih keeps, once; an operator's other files are left alone", () => {
    const dataDir = join(scratch, "data");
    const backupDir = join(scratch, "backups");
    for (const folder of [dataDir, join(dataDir, "secrets"), join(dataDir, "selfies"), join(dataDir, "uploads"), backupDir, join(backupDir, "secrets")]) mkdirSync(folder, { recursive: true, mode: 0o755 });
    const files = ["kasih.db", "kasih.db-wal", "kasih.db-shm", "secrets/captcha-hmac.key", "selfies/a.webp", "uploads/photo.webp", "notes.txt"].map((name) => join(dataDir, name));
    const backupFiles = ["kasih-20261127T060000Z.db", "secrets/settings-encryption.key", "my-own-copy.db"].map((name) => join(backupDir, name));
    for (const file of [...files, ...backupFiles]) writeFileSync(file, "x", { mode: 0o644 });

    const changes = tightenDataModes({ dataDir, databaseFile: join(dataDir, "kasih.db"), backupDir });
    expect(changes.find((change) => change.path === join(dataDir, "kasih.db"))).toEqual({ path: join(dataDir, "kasih.db"), from: "0644", to: "0600" });
    for (const folder of [dataDir, join(dataDir, "secrets"), join(dataDir, "selfies"), join(dataDir, "uploads"), backupDir, join(backupDir, "secrets")]) expect(modeOf(folder)).toBe("0700");
    for (const file of [...files.slice(0, 5), ...backupFiles.slice(0, 2)]) expect(modeOf(file)).toBe("0600");
    // Not walked (the photos are closed by their folder) or not Kasih's: as they were.
    expect([modeOf(files[5]!), modeOf(files[6]!), modeOf(backupFiles[2]!)]).toEqual(["0644", "0644", "0644"]);
    expect(changes).toHaveLength(13);
    expect(tightenDataModes({ dataDir, databaseFile: join(dataDir, "kasih.db"), backupDir })).toEqual([]);
  });

  test("a missing data directory or backup folder is nothing to tighten", () => {
    expect(tightenDataModes({ dataDir: join(scratch, "none"), backupDir: join(scratch, "none-either") })).toEqual([]);
    expect(existsSync(join(scratch, "none"))).toBe(false);
  });
});

/**
 * Data safety (docs/decisions/0100-operations.md): `kasih backup` and the scheduled backups
 * (BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP) while members keep writing. The server survives
 * every backup (a backup process used to kill it with SIGBUS: db/read-cache.ts), each backup
 * passes integrity_check, and `kasih restore` puts one into an empty data directory with every
 * write acknowledged before it began.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "./support/server";
import { waitUntil } from "./support/wait";
import { integrityOf, loadMembers, lostWrites, startWriteLoad, storedWrites, type WriteLoad } from "./support/write-load";

let server: RunningServer;
let load: WriteLoad;
let scratch: string;
let backupDir: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "kasih-backups-"));
  backupDir = join(scratch, "scheduled");
  server = await startServer({ env: { BACKUP_DIR: backupDir, BACKUP_INTERVAL: "2s", BACKUP_KEEP: "3", TRUST_PROXY: "1" } });
  load = startWriteLoad(() => server.origin, await loadMembers(server.origin, 8));
}, 60_000);

afterAll(async () => {
  await load?.stop();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("backups of a busy server", () => {
  const manual: { file: string; acknowledged: Map<string, number> }[] = [];

  test("the server survives ten `kasih backup` runs under write load, and each copy passes integrity_check", async () => {
    for (let run = 0; run < 10; run++) {
      const acknowledged = load.acknowledged();
      const file = join(scratch, `manual-${run}.db`);
      const output = await server.cli(["backup", file]);
      expect(output).toContain("integrity_check: ok");
      manual.push({ file, acknowledged });
      expect(server.process.signalCode).toBeNull();
      expect(server.process.exitCode).toBeNull();
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    }
    expect(load.count).toBeGreaterThan(100);
    // Writes went on through the backups: only 2xx answers.
    expect([...load.outcomes.keys()].filter((outcome) => outcome !== "200")).toEqual([]);
    for (const { file, acknowledged } of manual) {
      expect(await integrityOf(file)).toBe("ok");
      expect(lostWrites(acknowledged, await storedWrites(file))).toEqual([]);
    }
  }, 120_000);

  test("scheduled backups appear every interval, are rotated to BACKUP_KEEP, and carry the secrets beside them", async () => {
    // Four written (one at start, then every 2 s) means the oldest was rotated out at least once;
    // usually done already during the test above.
    const written = () => server.logs.filter((line) => (JSON.parse(line) as { msg: string }).msg === "backup: written and checked").length;
    await waitUntil(async () => written() >= 4, 20_000);
    const scheduled = readdirSync(backupDir).filter((name) => name.endsWith(".db"));
    expect(scheduled.length).toBe(3);
    for (const name of scheduled) {
      expect(name).toMatch(/^kasih-\d{8}T\d{6}Z\.db$/);
      expect(await integrityOf(join(backupDir, name))).toBe("ok");
    }
    expect(readdirSync(join(backupDir, "secrets"))).toContain("captcha-hmac.key");
    const lines = server.logs.map((line) => JSON.parse(line) as { msg: string; file?: string });
    expect(lines.filter((line) => line.msg === "backup: written and checked").length).toBeGreaterThanOrEqual(4);
  }, 30_000);

  test("`kasih restore` fills an empty data directory with every acknowledged write, and refuses a non-empty one", async () => {
    const { file, acknowledged } = manual.at(-1)!;
    const target = join(scratch, "restored");
    const restored = await restore(file, target);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("integrity_check: ok");
    expect(await integrityOf(join(target, "kasih.db"))).toBe("ok");
    expect(lostWrites(acknowledged, await storedWrites(join(target, "kasih.db")))).toEqual([]);

    // Again into the same (now full) directory: refused, nothing changed.
    const again = await restore(manual[0]!.file, target);
    expect(again.code).toBe(1);
    expect(again.err).toContain("is not empty");
    expect(lostWrites(acknowledged, await storedWrites(join(target, "kasih.db")))).toEqual([]);

    // Not a database: refused.
    const junk = join(scratch, "junk.db");
    writeFileSync(junk, "not a database");
    const empty = join(scratch, "empty");
    mkdirSync(empty);
    const bad = await restore(junk, empty);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("cannot be restored");
    expect(readdirSync(empty)).toEqual([]);

    // A scheduled backup restores with its secrets.
    const scheduledFile = join(backupDir, readdirSync(backupDir).filter((name) => name.endsWith(".db")).sort().at(-1)!);
    const withSecrets = join(scratch, "restored-scheduled");
    const fromSchedule = await restore(scheduledFile, withSecrets);
    expect(fromSchedule.code).toBe(0);
    expect(existsSync(join(withSecrets, "secrets", "captcha-hmac.key"))).toBe(true);
  }, 60_000);
});

async function restore(file: string, dataDir: string) {
  const run = Bun.spawn([process.execPath, join(import.meta.dir, "..", "src", "main.ts"), "restore", file], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
  return { code: await run.exited, out, err };
}

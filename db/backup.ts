import type { Client } from "@libsql/client";
import { chmodSync, closeSync, cpSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
// Backups, like the database, are the server's user's alone (docs/decisions/0117); so are their folders.
import { PRIVATE_FILE_MODE as BACKUP_FILE_MODE, PRIVATE_FOLDER_MODE as BACKUP_FOLDER_MODE } from "../src/operations/file-modes";
import { openLocalClient } from "./local-client";

/** `kasih backup FILE` onto a file that exists: nothing is written. */
export class BackupRefused extends Error {}

/**
 * A consistent online copy: VACUUM INTO reads one snapshot while the app keeps writing.
 * The copy is opened and checked before we call it a backup.
 *
 * The file is created empty first, mode 0600 and only if it does not exist (one step, so two
 * backups cannot take the same name): VACUUM INTO writes into an empty file and keeps its mode,
 * where a file it created itself would get SQLite's 0644.
 */
export async function backupDatabase(client: Client, file: string): Promise<void> {
  const target = resolve(file);
  try {
    closeSync(openSync(target, "wx", BACKUP_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new BackupRefused(`${target} exists; refusing to overwrite it (give the backup a new name)`);
    throw error;
  }
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [target] });
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
  try {
    await checkIntegrity(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

/** PRAGMA integrity_check on a database file; throws unless it answers "ok". */
export async function checkIntegrity(file: string): Promise<void> {
  const copy = openLocalClient(file);
  try {
    const result = await copy.execute("PRAGMA integrity_check");
    const verdict = String(result.rows[0]?.[0] ?? "");
    if (verdict !== "ok") throw new Error(`${file} failed integrity_check: ${verdict}`);
  } finally {
    copy.close();
  }
}

async function checkIsKasihDatabase(file: string): Promise<void> {
  const copy = openLocalClient(file);
  try {
    const tables = await copy.execute("select name from sqlite_master where type = 'table' and name in ('users', 'kasih_migrations')");
    if (tables.rows.length < 2) throw new Error("it is not a Kasih database");
  } finally {
    copy.close();
  }
}

/** The names scheduled backups get: sortable by time, one per interval slot. */
const SCHEDULED = /^kasih-\d{8}T\d{6}Z\.db$/;

export function scheduledBackupName(slotStart: Date): string {
  return `kasih-${slotStart.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}.db`;
}

/**
 * One scheduled backup into `dir` for the interval slot `now` falls in, then rotation to the
 * newest `keep`. Several instances on one data directory may all try the same slot: the copy is
 * written under a private name and linked to the slot's name, which only one link can take.
 * Returns the file written, or null when another instance already took this slot.
 */
export async function takeScheduledBackup(client: Client, options: { dir: string; intervalMs: number; keep: number; now: Date }): Promise<string | null> {
  mkdirSync(options.dir, { recursive: true, mode: BACKUP_FOLDER_MODE });
  const slot = new Date(Math.floor(options.now.getTime() / options.intervalMs) * options.intervalMs);
  const target = join(options.dir, scheduledBackupName(slot));
  if (existsSync(target)) return null;
  const partial = `${target}.partial-${process.pid}-${Date.now()}`;
  try {
    await backupDatabase(client, partial);
    try {
      linkSync(partial, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
      throw error;
    }
  } finally {
    rmSync(partial, { force: true });
  }
  rotateBackups(options.dir, options.keep);
  return target;
}

/** Keeps the newest `keep` scheduled backups in `dir` (only files named by the schedule). */
export function rotateBackups(dir: string, keep: number): string[] {
  const scheduled = readdirSync(dir)
    .filter((name) => SCHEDULED.test(name))
    .sort();
  const removed = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

export class RestoreRefused extends Error {}

/**
 * `kasih restore FILE`: puts a backup in place as the database of an empty data directory. It
 * refuses a directory holding anything (restoring over live data is never what anyone meant),
 * and a file that fails integrity_check. The secrets a backup's folder holds (`secrets/`, written
 * beside scheduled backups) come along: without `settings-encryption` the stored gateway keys
 * cannot be read (the caller warns when there are none: RESTORED_WITHOUT_SECRETS). What it
 * writes is the server's user's alone, whatever the modes of the copies it came from.
 */
export async function restoreDatabase(file: string, dataDir: string, databaseFile: string): Promise<{ secrets: boolean }> {
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new RestoreRefused(`${source} is not a file`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new RestoreRefused(`${dataDir} is not empty; restore only into an empty data directory`);
  try {
    await checkIntegrity(source);
    await checkIsKasihDatabase(source);
  } catch (error) {
    throw new RestoreRefused(`${source} cannot be restored: ${(error as Error).message}`);
  }
  mkdirSync(dataDir, { recursive: true, mode: BACKUP_FOLDER_MODE });
  mkdirSync(dirname(databaseFile), { recursive: true, mode: BACKUP_FOLDER_MODE });
  cpSync(source, databaseFile);
  chmodSync(databaseFile, BACKUP_FILE_MODE);
  const secrets = join(dirname(source), "secrets");
  const withSecrets = existsSync(secrets) && statSync(secrets).isDirectory();
  if (withSecrets) {
    const restored = join(dataDir, "secrets");
    cpSync(secrets, restored, { recursive: true });
    chmodSync(restored, BACKUP_FOLDER_MODE);
    for (const name of readdirSync(restored)) chmodSync(join(restored, name), BACKUP_FILE_MODE);
  }
  return { secrets: withSecrets };
}

/**
 * What `kasih restore` says on stderr when the backup had no secrets beside it (it still restores).
 * The server generates new ones at its first start; members stay signed in (sessions are in the
 * database), but what the old keys locked is lost.
 */
export function restoredWithoutSecrets(file: string, dataDir: string): string {
  return [
    `WARNING: no secrets folder beside ${file}; the database is restored without the keys it was written with.`,
    "  If the server starts like this it makes new ones, and then the keys saved in the admin panel (payment gateways,",
    "  sign-in providers, ads) can no longer be read and must be entered again, and push notifications stop reaching",
    "  members until they turn them off and on again in Settings. Members stay signed in.",
    `  To keep them: copy the secrets folder of the old server's DATA_DIR to ${join(dataDir, "secrets")} (mode 0700, files 0600)`,
    "  before you start the server.",
  ].join("\n");
}

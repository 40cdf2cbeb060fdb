/**
 * Scheduled online backups (BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP): every interval a
 * consistent copy of the database is written to BACKUP_DIR, checked with integrity_check, and
 * the oldest beyond BACKUP_KEEP are removed (db/backup.ts). The data directory's secrets are
 * mirrored beside them, so a backup can be restored with the keys that read it
 * (docs/decisions/0100-operations.md).
 */
import type { Client } from "@libsql/client";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { takeScheduledBackup } from "../../db/backup";
import { log } from "../platform/log";
import { PRIVATE_FOLDER_MODE } from "./file-modes";

export interface BackupSchedule {
  dir: string;
  intervalMs: number;
  keep: number;
}

export function startBackupSchedule(client: Client, dataDir: string, schedule: BackupSchedule, now: () => Date = () => new Date()): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const started = performance.now();
    try {
      const file = await takeScheduledBackup(client, { ...schedule, now: now() });
      mirrorSecrets(dataDir, schedule.dir);
      if (file !== null) log.info({ file, ms: Math.round(performance.now() - started) }, "backup: written and checked");
    } catch (error) {
      log.error({ err: error }, "backup: scheduled backup failed");
    } finally {
      running = false;
    }
  };
  // The first at start (a restart never leaves a long gap), then once per slot.
  void run();
  const timer = setInterval(() => void run(), Math.min(schedule.intervalMs, 60_000));
  return () => clearInterval(timer);
}

function mirrorSecrets(dataDir: string, backupDir: string): void {
  const secrets = join(dataDir, "secrets");
  if (!existsSync(secrets)) return;
  mkdirSync(join(backupDir, "secrets"), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  cpSync(secrets, join(backupDir, "secrets"), { recursive: true, force: false, errorOnExist: false });
}

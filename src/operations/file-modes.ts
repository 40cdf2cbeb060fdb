/**
 * Files only the server may read (SECURITY.md; docs/decisions/0117): the database and its WAL and
 * shared-memory files, backups, the secrets, selfies waiting for review, photos (and those kept
 * as a report's evidence), mail written to the outbox. Every command sets the process umask to PRIVATE_UMASK first (src/main.ts), so what
 * it creates is its owner's alone; the places that create these files give the modes explicitly
 * as well, for code that runs without the command line (tests, benchmarks). Data directories from
 * before are tightened at start (tightenDataModes), once: later starts find nothing to change.
 */
import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** The data directory's folders whose files are all private and few (keys, selfies in review, mail written to the outbox). */
const WALKED_FOLDERS = ["secrets", "selfies", "mail"];
/**
 * Its folders of photos, the members' and those kept with reports (docs/decisions/0129): the
 * folders are closed, the thousands of photos in them are not walked at every start.
 */
const CLOSED_FOLDERS = ["uploads", "evidence"];
/** The files SQLite keeps beside a database. */
const DATABASE_SIDE_FILES = ["-wal", "-shm", "-journal"];
/** Scheduled backups' names (db/backup.ts), and the partial copies a stopped process may leave. */
const BACKUP_FILE = /^kasih-\d{8}T\d{6}Z\.db(\.partial-.*)?$/;

/** A path whose mode gave the group or others anything, with what it was and is now. */
export interface ModeChange {
  path: string;
  from: string;
  to: string;
}

/**
 * Takes group and other permissions away from what Kasih keeps, by name: the data directory, the
 * database file and its side files, the folders above, and the backup folder with its scheduled
 * backups and secrets. Nothing else is touched (DATA_DIR or BACKUP_DIR may be a folder with other
 * things in it), nor symbolic links and paths owned by someone else. Returns what changed.
 */
export function tightenDataModes(paths: { dataDir: string; databaseFile?: string; backupDir?: string }): ModeChange[] {
  const changes: ModeChange[] = [];
  const tighten = (path: string, walk: boolean) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (stat.isSymbolicLink() || (typeof process.getuid === "function" && stat.uid !== process.getuid())) return;
    const isFolder = stat.isDirectory();
    const mode = stat.mode & 0o777;
    const wanted = mode & (isFolder ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE);
    if (mode !== wanted) {
      chmodSync(path, wanted);
      changes.push({ path, from: octal(mode), to: octal(wanted) });
    }
    if (isFolder && walk) for (const name of readdirSync(path)) tighten(join(path, name), true);
  };
  const { dataDir, databaseFile, backupDir } = paths;
  if (existsSync(dataDir)) {
    tighten(dataDir, false);
    for (const name of WALKED_FOLDERS) tighten(join(dataDir, name), true);
    for (const name of CLOSED_FOLDERS) tighten(join(dataDir, name), false);
  }
  if (databaseFile !== undefined) for (const suffix of ["", ...DATABASE_SIDE_FILES]) tighten(`${databaseFile}${suffix}`, false);
  if (backupDir !== undefined && existsSync(backupDir)) {
    tighten(backupDir, false);
    tighten(join(backupDir, "secrets"), true);
    for (const name of readdirSync(backupDir)) if (BACKUP_FILE.test(name)) tighten(join(backupDir, name), false);
  }
  return changes;
}

function octal(mode: number): string {
  return mode.toString(8).padStart(4, "0");
}

/**
 * What every command opens: the data directory (created, checked writable, its modes tightened),
 * the database, and the migrations not applied yet. Apart from src/server.ts so that a command at
 * the terminal loads this and the database layer, not the whole app (docs/decisions/0117).
 *
 * A data directory or database that cannot be used stops the start with a SettingError that names
 * DATA_DIR or DATABASE_URL and says what is wrong, in one line.
 */
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";
import { localPathOf, openDatabase, type DatabaseHandle, type QueryObserver } from "../db/client";
import { applyMigrations, readMigrationsFolder, type Migration } from "../db/migrate";
import { PRIVATE_FOLDER_MODE, tightenDataModes } from "./operations/file-modes";
import { displayUrl, errorCode, reasonOf, SettingError } from "./operations/startup-errors";
import { log } from "./platform/log";
import type { ClientManifest } from "./views/assets";

/** Set by the compiled binary's entry (scripts/build.ts): everything the binary carries inside. */
export interface EmbeddedFiles {
  manifest: ClientManifest;
  /** "client/assets/x.js" | "public/icons/y.png" → embedded file path. */
  files: Record<string, string>;
  migrations: Migration[];
}

declare global {
  var __kasihEmbedded: EmbeddedFiles | undefined;
}

export const projectRoot = join(import.meta.dir, "..");

export function loadMigrations(): Migration[] {
  return globalThis.__kasihEmbedded?.migrations ?? readMigrationsFolder(join(projectRoot, "db", "migrations"));
}

/** How many changed paths the start's log line lists (an old install may have many photos' folders, never many of these). */
const LOGGED_MODE_CHANGES = 20;

/**
 * Opens the data directory and database and applies migrations; what every command needs. A
 * serving process also checkpoints the WAL on a thread of its own (db/checkpointer.ts), and
 * times its statements (`observe`, the server's metrics).
 */
export async function openData(config: Config, options: { serving?: boolean; observe?: QueryObserver } = {}): Promise<DatabaseHandle> {
  const isFile = config.databaseUrl.startsWith("file:");
  const databaseFile = isFile ? localPathOf(config.databaseUrl) : undefined;
  prepareDataDir(config, databaseFile);
  // The default database lives in DATA_DIR: a fault there is DATA_DIR's; a file named by DATABASE_URL is that setting's.
  const fileSetting = config.databaseUrl === `file:${join(config.dataDir, "kasih.db")}` ? "DATA_DIR" : "DATABASE_URL";
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config.databaseUrl, {
      observe: options.observe,
      backgroundCheckpoints: options.serving ? { onError: (message) => log.warn({ error: message }, "database: a background checkpoint failed") } : undefined,
    });
  } catch (error) {
    if (databaseFile === undefined) throw new SettingError("DATABASE_URL", remoteProblem(displayUrl(config.databaseUrl), error));
    throw new SettingError(fileSetting, `cannot open the database ${databaseFile} (${reasonOf(error)})`);
  }
  try {
    await applyMigrations(handle.client, loadMigrations());
  } catch (error) {
    handle.close();
    // The first writes: a database file that cannot be written is a fault of where it is, not of the migrations.
    if (databaseFile !== undefined && /^SQLITE_(READONLY|CANTOPEN|FULL|IOERR|PERM)/.test(errorCode(error) ?? "")) {
      throw new SettingError(fileSetting, `cannot write the database ${databaseFile} (${reasonOf(error)})`);
    }
    throw error;
  }
  return handle;
}

/** DATA_DIR created 0700 when missing, refused when it cannot be written, and its files made the server's alone. */
function prepareDataDir(config: Config, databaseFile: string | undefined): void {
  const dir = config.dataDir;
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch (error) {
    throw new SettingError("DATA_DIR", errorCode(error) === "EEXIST" ? `${dir} is a file, not a folder` : `cannot create ${dir} (${reasonOf(error)})`);
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new SettingError("DATA_DIR", `${dir} is not writable (${reasonOf(error)})`);
  }
  try {
    const changes = tightenDataModes({ dataDir: dir, databaseFile, backupDir: config.backups?.dir });
    if (changes.length > 0) {
      log.info(
        { count: changes.length, changed: changes.slice(0, LOGGED_MODE_CHANGES).map((change) => `${change.path} ${change.from} -> ${change.to}`) },
        "file modes: the data directory's files are now the server's user's alone (0600 files, 0700 folders)",
      );
    }
  } catch (error) {
    log.warn({ error: reasonOf(error) }, "file modes: could not tighten the data directory's modes; check them by hand (0600 files, 0700 folders)");
  }
}

/** What went wrong with a libSQL server at `url`: not reached (refused, no answer, no such host), or an answer that is no libSQL server's. */
function remoteProblem(url: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = /HTTP status (\d{3})/.exec(message)?.[1];
  if (status === "401" || status === "403") return `${url} refused the credentials (HTTP ${status}): check the authToken`;
  if (status !== undefined) return `${url} answered HTTP ${status}: not a libSQL server, or not at this address`;
  return `cannot reach ${url} (${reasonOf(error)})`;
}

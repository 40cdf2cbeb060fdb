import { openSync, readSync } from "node:fs";
import type { Database } from "./client";

/**
 * Results of read queries kept in memory until the database changes in ANY way, by this
 * process or another one (a CLI command, a second instance on the same file).
 *
 * How a change is seen: in WAL mode SQLite keeps a shared index, the "-shm" file, whose first
 * 48 bytes (the wal-index header) change on every committed write transaction of every
 * connection (its change counter, frame count and checksums). We read them with one pread per
 * look (~1–2 µs). When they differ from the last look, everything cached is dropped. So a cached
 * value is only ever served while the database is byte-for-byte the one it was read from, which
 * makes the cache invisible to behaviour: it saves the work of repeated identical reads between
 * writes (docs/decisions/0012-signed-in-read-cache.md).
 *
 * Why the descriptor is opened once and never closed: SQLite holds POSIX advisory locks on the
 * -shm file, and closing ANY descriptor of a file drops all of the process's locks on it. The
 * header used to be read through `Bun.mmap`, which opens and closes the file: that silently
 * released SQLite's "dead man switch" lock, so the next process to open the database (`kasih
 * backup`, any CLI command) believed it was alone, truncated the -shm file, and the server died
 * of SIGBUS touching its mapping (db/read-cache.test.ts reproduces it). A descriptor held for
 * the process's lifetime is never closed, so it never drops a lock.
 *
 * Databases that are not local WAL files (libsql:// servers, :memory:) are never cached.
 */
const headerBytes = 48;
const maxEntries = 10_000;

interface CacheState {
  /** Reads the wal-index header into `current`; null: this database cannot be watched, never cache. */
  readHeader: (() => Buffer) | null;
  /** The header as it was when the entries were read. */
  seen: Buffer;
  entries: Map<string, unknown>;
}

const pending = new WeakMap<Database, Promise<CacheState>>();
/** States already open, so the hot path does not wait on a settled promise. */
const ready = new WeakMap<Database, CacheState>();

async function openState(db: Database): Promise<CacheState> {
  const state: CacheState = { readHeader: null, seen: Buffer.alloc(headerBytes), entries: new Map() };
  try {
    const [mode] = await db.$client.execute("PRAGMA journal_mode").then((result) => result.rows.map((row) => String(row[0])));
    const [file] = await db.$client
      .execute("SELECT file FROM pragma_database_list WHERE name = 'main'")
      .then((result) => result.rows.map((row) => String(row[0] ?? "")));
    if (mode !== "wal" || !file) return state;
    // Read-only, and never closed (see above).
    const descriptor = openSync(`${file}-shm`, "r");
    const current = Buffer.alloc(headerBytes);
    state.readHeader = () => {
      if (readSync(descriptor, current, 0, headerBytes, 0) < headerBytes) current.fill(0);
      return current;
    };
  } catch {
    state.readHeader = null;
  }
  ready.set(db, state);
  return state;
}

function stateFor(db: Database): CacheState | Promise<CacheState> {
  const state = ready.get(db);
  if (state !== undefined) return state;
  let opening = pending.get(db);
  if (opening === undefined) {
    opening = openState(db);
    pending.set(db, opening);
  }
  return opening;
}

/**
 * `load()`'s result for `key`, from memory when no write happened since it was loaded.
 * The value is shared between callers: treat it as read-only.
 */
export async function cachedUntilWrite<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const found = stateFor(db);
  const state = found instanceof Promise ? await found : found;
  if (state.readHeader === null) return load();
  const live = state.readHeader();
  if (!state.seen.equals(live)) {
    state.entries.clear();
    state.seen.set(live);
  } else {
    const hit = state.entries.get(key);
    if (hit !== undefined || state.entries.has(key)) return hit as T;
  }
  const value = await load();
  // Kept only if no write committed while it was being read.
  if (state.seen.equals(state.readHeader())) {
    if (state.entries.size >= maxEntries) state.entries.clear();
    state.entries.set(key, value);
  }
  return value;
}

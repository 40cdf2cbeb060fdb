import { closeSync, openSync, readSync } from "node:fs";
import type { Database } from "./client";

/**
 * Results of read queries kept in memory until the database changes in ANY way, by this
 * process or another one (a CLI command, a second instance on the same file).
 *
 * How a change is seen: in WAL mode SQLite keeps a shared index, the "-shm" file, whose first
 * 48 bytes (the wal-index header) change on every committed write transaction of every
 * connection (its change counter, frame count and checksums). Reading those bytes costs about
 * a microsecond; when they differ from the last read, everything cached is dropped. So a cached
 * value is only ever served while the database is byte-for-byte the one it was read from,
 * which makes the cache invisible to behaviour: it saves the work of repeated identical reads
 * between writes (docs/decisions/0012-signed-in-read-cache.md).
 *
 * Databases that are not local WAL files (libsql:// servers, :memory:) are never cached.
 */
const headerBytes = 48;
const maxEntries = 10_000;

interface CacheState {
  /** null: this database cannot be watched, never cache. */
  fd: number | null;
  header: Buffer;
  scratch: Buffer;
  entries: Map<string, unknown>;
}

const states = new WeakMap<Database, Promise<CacheState>>();
const closeFd = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

async function openState(db: Database): Promise<CacheState> {
  const state: CacheState = { fd: null, header: Buffer.alloc(headerBytes), scratch: Buffer.alloc(headerBytes), entries: new Map() };
  try {
    const [mode] = await db.$client.execute("PRAGMA journal_mode").then((result) => result.rows.map((row) => String(row[0])));
    const [file] = await db.$client
      .execute("SELECT file FROM pragma_database_list WHERE name = 'main'")
      .then((result) => result.rows.map((row) => String(row[0] ?? "")));
    if (mode !== "wal" || !file) return state;
    state.fd = openSync(`${file}-shm`, "r");
    closeFd.register(db, state.fd);
  } catch {
    state.fd = null;
  }
  return state;
}

function stateFor(db: Database): Promise<CacheState> {
  let state = states.get(db);
  if (state === undefined) {
    state = openState(db);
    states.set(db, state);
  }
  return state;
}

/** Reads the wal-index header; false when it cannot be read (then nothing is cached). */
function readHeader(state: CacheState, into: Buffer): boolean {
  if (state.fd === null) return false;
  try {
    return readSync(state.fd, into, 0, headerBytes, 0) === headerBytes;
  } catch {
    return false;
  }
}

/**
 * `load()`'s result for `key`, from memory when no write happened since it was loaded.
 * The value is shared between callers: treat it as read-only.
 */
export async function cachedUntilWrite<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const state = await stateFor(db);
  if (!readHeader(state, state.scratch)) return load();
  if (!state.scratch.equals(state.header)) {
    state.entries.clear();
    state.scratch.copy(state.header);
  } else if (state.entries.has(key)) {
    return state.entries.get(key) as T;
  }
  const value = await load();
  // Kept only if no write committed while it was being read.
  if (readHeader(state, state.scratch) && state.scratch.equals(state.header)) {
    if (state.entries.size >= maxEntries) state.entries.clear();
    state.entries.set(key, value);
  }
  return value;
}

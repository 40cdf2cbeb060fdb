import type { Database } from "./client";

/**
 * Results of read queries kept in memory until the database changes in ANY way, by this
 * process or another one (a CLI command, a second instance on the same file).
 *
 * How a change is seen: in WAL mode SQLite keeps a shared index, the "-shm" file, whose first
 * 48 bytes (the wal-index header) change on every committed write transaction of every
 * connection (its change counter, frame count and checksums). SQLite itself reads that index
 * through a shared memory map; so do we: comparing 48 mapped bytes costs no system call, where a
 * pread cost ~2 µs twice per signed-in request (bench/README.md). When they differ from the last
 * look, everything cached is dropped. So a cached value is only ever served while the database is
 * byte-for-byte the one it was read from, which makes the cache invisible to behaviour: it saves
 * the work of repeated identical reads between writes (docs/decisions/0012-signed-in-read-cache.md).
 *
 * Why the map is safe: SQLite truncates the -shm file only when a connection opens the database
 * and finds no other connection attached; while our own connection is open (the process's
 * lifetime) that cannot happen, and a file unlinked at close stays mapped until collected.
 *
 * Databases that are not local WAL files (libsql:// servers, :memory:) are never cached.
 */
const headerBytes = 48;
const maxEntries = 10_000;

interface CacheState {
  /** The live wal-index header; null: this database cannot be watched, never cache. */
  live: Uint8Array | null;
  /** The header as it was when the entries were read. */
  seen: Buffer;
  entries: Map<string, unknown>;
}

const pending = new WeakMap<Database, Promise<CacheState>>();
/** States already open, so the hot path does not wait on a settled promise. */
const ready = new WeakMap<Database, CacheState>();

async function openState(db: Database): Promise<CacheState> {
  const state: CacheState = { live: null, seen: Buffer.alloc(headerBytes), entries: new Map() };
  try {
    const [mode] = await db.$client.execute("PRAGMA journal_mode").then((result) => result.rows.map((row) => String(row[0])));
    const [file] = await db.$client
      .execute("SELECT file FROM pragma_database_list WHERE name = 'main'")
      .then((result) => result.rows.map((row) => String(row[0] ?? "")));
    if (mode !== "wal" || !file) return state;
    const live = Bun.mmap(`${file}-shm`, { shared: true, size: headerBytes });
    if (live.byteLength >= headerBytes) state.live = live.subarray(0, headerBytes);
  } catch {
    state.live = null;
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
  const live = state.live;
  if (live === null) return load();
  if (!state.seen.equals(live)) {
    state.entries.clear();
    state.seen.set(live);
  } else {
    const hit = state.entries.get(key);
    if (hit !== undefined || state.entries.has(key)) return hit as T;
  }
  const value = await load();
  // Kept only if no write committed while it was being read.
  if (state.seen.equals(live)) {
    if (state.entries.size >= maxEntries) state.entries.clear();
    state.entries.set(key, value);
  }
  return value;
}

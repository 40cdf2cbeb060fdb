import type { Client } from "@libsql/client";
import { closeSync, existsSync, openSync } from "node:fs";
// The web client: a libSQL server is reached over HTTP or WebSockets, with no native addon.
import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { startCheckpointer } from "./checkpointer";
import { openLocalClient } from "./local-client";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  client: Client;
  close(): void;
}

/**
 * SQLite's page cache for the server's connection, in KiB. SQLite's default is 2 MiB: with a
 * database of a few hundred MB nearly every lookup missed it and went to the kernel, which made a
 * session lookup take 0.17 ms under bench:load against 0.05 ms alone (docs/decisions/0102).
 */
const PAGE_CACHE_KIB = 64 * 1024;

/** How long a connection waits for another process's write lock (CLI commands, backups). */
const busyTimeoutMs = 5000;

/** How long the first statement to a libSQL server may take before the server counts as not answering. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Only the server's user may read the database (docs/decisions/0117): the file is created 0600
 * before SQLite opens it, and SQLite gives its -wal and -shm files the database file's mode.
 */
const DATABASE_FILE_MODE = 0o600;

/**
 * Opens the database. For file databases: WAL, a busy timeout, foreign keys, and
 * synchronous=NORMAL: a commit is in the WAL before it is answered, so a crashed or killed
 * process loses nothing, and the database is never corrupted; only a power cut or a kernel crash
 * may lose the last moments of commits. FULL put an fsync on the event loop in every write
 * (~0.7 ms here): under bench:load that alone kept 300 members from being served under 100 ms.
 * Money is the exception: a confirmed payment is synced to disk before the gateway hears 200
 * (syncToDisk). docs/decisions/0100-operations.md.
 *
 * The local driver is synchronous underneath. An interactive transaction that
 * awaits while holding the write lock would make any other write busy-wait on the
 * event loop it needs to finish, so the app uses single statements and db.batch()
 * for atomic writes (docs/decisions/0002-atomic-writes-without-interactive-transactions.md).
 * With no interactive transactions, one connection serves everything; the pool is kept at
 * one so the per-connection pragmas below always apply.
 *
 * A local file is opened through Bun's SQLite behind the same client interface (local-client.ts,
 * docs/decisions/0101-local-database-through-bun-sqlite.md); a libSQL server through
 * @libsql/client's web client.
 */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const isFile = url.startsWith("file:");
  const path = isFile ? localPathOf(url) : "";
  if (isFile && path !== ":memory:" && !existsSync(path)) closeSync(openSync(path, "a", DATABASE_FILE_MODE));
  const local = isFile ? openLocalClient(path) : undefined;
  const client: Client = local ?? createClient({ url, concurrency: 1, timeout: busyTimeoutMs } as Parameters<typeof createClient>[0]);
  // A libSQL server is first reached here, so that one that does not answer stops the start at once (src/open-data.ts names DATABASE_URL).
  if (local === undefined) await firstContact(client, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
  if (options.observe !== undefined) observeQueries(client, options.observe);
  if (isFile) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await client.execute("PRAGMA synchronous = NORMAL");
    await client.execute("PRAGMA foreign_keys = ON");
    await client.execute(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
  }
  const checkpointer = local !== undefined && options.backgroundCheckpoints !== undefined && path !== ":memory:"
    ? startCheckpointer(path, options.backgroundCheckpoints.onError, local)
    : undefined;
  const db = drizzle(client, { schema });
  return {
    db,
    client,
    close: () => {
      checkpointer?.stop();
      client.close();
    },
  };
}

interface OpenOptions {
  observe?: QueryObserver;
  /**
   * A long-running server copies the WAL into the database on a thread of its own
   * (db/checkpointer.ts, docs/decisions/0104); `onError` hears failures other than busy.
   */
  backgroundCheckpoints?: { onError(message: string): void };
  /** A libSQL server's first answer is awaited this long (CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/** One statement to a libSQL server; its error, or no answer in time, closes the client. */
async function firstContact(client: Client, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([client.execute("SELECT 1"), timeout]);
  } catch (error) {
    client.close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The file a `file:` URL names: `file:/abs/path`, `file:///abs/path`, `file:relative/path`, `file::memory:`. */
export function localPathOf(url: string): string {
  const rest = url.slice("file:".length);
  const path = rest.startsWith("//") ? rest.slice(2) : rest;
  return decodeURIComponent(path.split("?")[0]!);
}

/** Told how long each database call took (the server's metrics): one statement, or one batch. */
export type QueryObserver = (kind: "statement" | "batch", seconds: number) => void;

/** Times every call drizzle makes (it goes through execute and batch). */
function observeQueries(client: Client, observe: QueryObserver): void {
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const batch = client.batch.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const timed = (kind: "statement" | "batch", run: () => Promise<unknown>) => {
    const started = performance.now();
    return run().finally(() => observe(kind, (performance.now() - started) / 1000));
  };
  client.execute = ((...args: unknown[]) => timed("statement", () => execute(...args))) as Client["execute"];
  client.batch = ((...args: unknown[]) => timed("batch", () => batch(...args))) as Client["batch"];
}

/** How long syncToDisk keeps trying while another checkpoint runs (the checkpoint thread's takes 2–6 ms). */
const SYNC_ATTEMPTS = 100;
const SYNC_RETRY_MS = 2;

/**
 * Makes every commit so far durable against a power cut (synchronous=NORMAL syncs the WAL only at
 * checkpoints): a passive checkpoint syncs the WAL before copying it. For the writes that must
 * survive anything once acknowledged: a confirmed payment.
 *
 * While another connection's checkpoint runs (db/checkpointer.ts) a passive one answers busy and
 * syncs nothing, so it is tried again. False when it stayed busy: the commit is in the WAL (safe
 * from a crash of the process, not yet from a power cut), and the caller goes on and says so.
 */
export async function syncToDisk(client: Client): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const { rows } = await client.execute("PRAGMA wal_checkpoint(PASSIVE)");
    if (Number(rows[0]?.[0] ?? 0) === 0) return true;
    if (attempt === SYNC_ATTEMPTS) return false;
    await Bun.sleep(SYNC_RETRY_MS);
  }
}

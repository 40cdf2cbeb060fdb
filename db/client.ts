import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  client: Client;
  close(): void;
}

/** How long a connection waits for another process's write lock (CLI commands, backups). */
const busyTimeoutMs = 5000;

/**
 * Opens the database. For file databases: WAL, a busy timeout, foreign keys, and
 * synchronous=FULL so committed payments and messages survive a power cut.
 *
 * The local libSQL driver is synchronous underneath. An interactive transaction that
 * awaits while holding the write lock would make any other write busy-wait on the
 * event loop it needs to finish, so the app uses single statements and db.batch()
 * for atomic writes (docs/decisions/0002-atomic-writes-without-interactive-transactions.md).
 * With no interactive transactions, one connection serves everything; the pool is kept at
 * one so the per-connection pragmas below always apply.
 */
export async function openDatabase(url: string, options: { observe?: QueryObserver } = {}): Promise<DatabaseHandle> {
  const isFile = url.startsWith("file:");
  const client = createClient({ url, concurrency: 1, timeout: busyTimeoutMs } as Parameters<typeof createClient>[0]);
  if (options.observe !== undefined) observeQueries(client, options.observe);
  if (isFile) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await client.execute("PRAGMA synchronous = FULL");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
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

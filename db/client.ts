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
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  const isFile = url.startsWith("file:");
  const client = createClient({ url, concurrency: 1, timeout: busyTimeoutMs } as Parameters<typeof createClient>[0]);
  if (isFile) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await client.execute("PRAGMA synchronous = FULL");
    await client.execute("PRAGMA foreign_keys = ON");
  }
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

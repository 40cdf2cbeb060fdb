/**
 * Storage faults made real with SQLite's own limits (docs/decisions/0116): max_page_count makes it
 * answer SQLITE_FULL exactly as a full disk does; query_only makes it refuse every write as a
 * read-only file does (SQLITE_READONLY).
 */
import type { Client } from "@libsql/client";

const UNLIMITED_PAGES = 1073741823;

async function single(client: Client, sql: string) {
  return (await client.execute(sql)).rows[0]?.[0];
}

/** Tries `write` until it fails (the space it could use is gone). */
async function untilRefused(write: () => Promise<unknown>) {
  for (let i = 0; i < 100_000; i++) {
    try {
      await write();
    } catch {
      return;
    }
  }
  throw new Error("the database never refused the write");
}

/**
 * Caps the file at its current pages and uses up its free pages, as on a disk that just filled.
 * `alsoFill` fills the slack of other pages (a table's last page) with rows of its own.
 */
export async function fillDatabase(client: Client, alsoFill?: () => Promise<unknown>): Promise<void> {
  await client.execute("CREATE TABLE IF NOT EXISTS filler (x BLOB)");
  await client.execute(`PRAGMA max_page_count = ${Number(await single(client, "PRAGMA page_count"))}`);
  for (const size of [3000, 300, 30]) await untilRefused(() => client.execute(`INSERT INTO filler VALUES (randomblob(${size}))`));
  if (alsoFill !== undefined) await untilRefused(alsoFill);
}

/** Space returns (the operator freed the disk). */
export async function freeSpace(client: Client): Promise<void> {
  await client.execute(`PRAGMA max_page_count = ${UNLIMITED_PAGES}`);
}

export async function makeReadOnly(client: Client, readOnly = true): Promise<void> {
  await client.execute(`PRAGMA query_only = ${readOnly ? 1 : 0}`);
}

export async function integrityCheck(client: Client): Promise<unknown> {
  return single(client, "PRAGMA integrity_check");
}

import type { Client } from "@libsql/client";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

export interface Migration {
  /** drizzle-kit's tag, e.g. "0000_initial_schema". */
  name: string;
  sql: string;
}

/** Reads drizzle-kit's output folder in journal order. */
export function readMigrationsFolder(folder: string): Migration[] {
  const journalPath = join(folder, "meta", "_journal.json");
  if (!existsSync(journalPath)) throw new Error(`No migrations journal at ${journalPath}`);
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => ({ name: entry.tag, sql: readFileSync(join(folder, `${entry.tag}.sql`), "utf8") }));
}

/**
 * Applies the migrations not applied yet, each in one batch (all of it or none of it),
 * recording them in kasih_migrations.
 */
export async function applyMigrations(client: Client, migrations: Migration[]): Promise<string[]> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS kasih_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const applied = new Set((await client.execute("SELECT name FROM kasih_migrations")).rows.map((row) => String(row.name)));
  const newlyApplied: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const statements = migration.sql
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => statement.length > 0);
    const record = { sql: "INSERT INTO kasih_migrations (name, applied_at) VALUES (?, ?)", args: [migration.name, Date.now()] };
    if (statements.some((statement) => FOREIGN_KEYS_OFF.test(statement))) await applyTableRebuild(client, statements.filter((statement) => !FOREIGN_KEYS_PRAGMA.test(statement)), record);
    else await client.batch([...statements, record], "write");
    newlyApplied.push(migration.name);
  }
  return newlyApplied;
}

const FOREIGN_KEYS_PRAGMA = /^PRAGMA foreign_keys\s*=\s*(ON|OFF);?$/i;
const FOREIGN_KEYS_OFF = /^PRAGMA foreign_keys\s*=\s*OFF;?$/i;

/**
 * A migration that rebuilds a table (drizzle-kit writes PRAGMA foreign_keys=OFF around it) follows
 * SQLite's procedure for schema changes ALTER TABLE cannot make: foreign keys off OUTSIDE the
 * transaction (the pragma is a no-op inside one, and DROP TABLE would then cascade into the rows
 * that reference the old table), the rebuild, a foreign_key_check before COMMIT, keys back on.
 * Migrations run before the server takes requests, so this one interactive transaction stalls nothing.
 */
async function applyTableRebuild(client: Client, statements: string[], record: { sql: string; args: (string | number)[] }) {
  await client.execute("PRAGMA foreign_keys = OFF");
  try {
    const tx = await client.transaction("write");
    try {
      for (const statement of statements) await tx.execute(statement);
      const violations = await tx.execute("PRAGMA foreign_key_check");
      if (violations.rows.length > 0) throw new Error(`migration leaves ${violations.rows.length} foreign key violation(s): ${JSON.stringify(violations.rows.slice(0, 3))}`);
      await tx.execute(record);
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw error;
    } finally {
      tx.close();
    }
  } finally {
    await client.execute("PRAGMA foreign_keys = ON");
  }
}

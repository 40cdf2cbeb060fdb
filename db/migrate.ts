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
    await client.batch(
      [...statements, { sql: "INSERT INTO kasih_migrations (name, applied_at) VALUES (?, ?)", args: [migration.name, Date.now()] }],
      "write",
    );
    newlyApplied.push(migration.name);
  }
  return newlyApplied;
}

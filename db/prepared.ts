import type { Database } from "./client";

const queries = new WeakMap<Database, Map<string, unknown>>();

/**
 * A drizzle query built (SQL text and result mapping) once per database and reused, for the
 * queries of every signed-in request: building a select with drizzle costs more than running it
 * on SQLite (bench/README.md). `build` must use `sql.placeholder()` for its arguments and end
 * with `.prepare()`; `key` names the query and must be unique in the app.
 */
export function preparedQuery<T>(db: Database, key: string, build: () => T): T {
  let perDatabase = queries.get(db);
  if (perDatabase === undefined) {
    perDatabase = new Map();
    queries.set(db, perDatabase);
  }
  let query = perDatabase.get(key) as T | undefined;
  if (query === undefined) {
    query = build();
    perDatabase.set(key, query);
  }
  return query;
}

/**
 * Runs a statement kept as fixed SQL text (numbered parameters, docs/decisions/0104 and 0110):
 * the same text on every call, so the local client prepares it once and drizzle builds nothing.
 * The rows are read as `Row` (their column names); the caller names the columns it selects.
 */
export async function fixedRows<Row>(db: Database, sqlText: string, args: (string | number | null)[]): Promise<Row[]> {
  const { rows } = await db.$client.execute({ sql: sqlText, args });
  return rows as unknown as Row[];
}

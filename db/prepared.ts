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

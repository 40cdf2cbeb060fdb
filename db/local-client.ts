import { Database, type Statement } from "bun:sqlite";
import type { Client, InArgs, InStatement, ResultSet, Row, Transaction, TransactionMode } from "@libsql/client";
import { stablePlan } from "./stable-plans";

/**
 * libSQL's client interface over Bun's built-in SQLite, for a database in a local file.
 *
 * drizzle and the rest of the app talk to libSQL's `Client` (execute, batch), so a remote libSQL
 * server (`DATABASE_URL=libsql://…`) and a local file take one code path. For a local file,
 * `@libsql/client` prepares every statement on every call and builds each row with one
 * `Object.defineProperty` per value; under bench:load that was most of the server's CPU
 * (docs/decisions/0101-local-database-through-bun-sqlite.md). Here statements are prepared once
 * and kept, and rows are built by a constructor per statement shape.
 *
 * Behaviour follows `@libsql/client`'s local mode: rows are indexable (non-enumerable) and carry
 * each column's name (enumerable, the first of duplicate names wins); arguments convert the same
 * way (booleans to 1/0, Dates to milliseconds, undefined refused); a batch is all or nothing,
 * rolled back whole when a statement fails; errors carry SQLite's code. Unlike @libsql/client,
 * the batches of one turn of the event loop are committed together (`batch`, group commit).
 */
export function openLocalClient(path: string): Client & WriteGate {
  return new LocalClient(new Database(path, { create: true, strict: true })) as unknown as Client & WriteGate;
}

/** Holding back this connection's writes for a moment (LocalClient.holdWrites). */
export interface WriteGate {
  holdWrites(): void;
  releaseWrites(): void;
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;
/** insert, update, delete, or one of them after a WITH (a WITH that only reads is read-only). */
const ROW_CHANGE = /^\s*(insert|update|delete|replace|with)\b/i;

/** Statements kept prepared; the app's SQL is a bounded set, this only guards against unbounded raw SQL. */
const STATEMENT_CACHE_SIZE = 512;

interface Prepared {
  statement: Statement;
  /** Builds a row for this statement's columns, or null when it returns no rows. */
  Row: (new (values: unknown[]) => Row) | null;
  columns: string[];
}

class LocalClient {
  readonly protocol = "file";
  closed = false;
  readonly #db: Database;
  readonly #prepared = new Map<string, Prepared>();
  /** Batches waiting for the next group commit. */
  #queued: QueuedBatch[] = [];
  /** Writes wait (holdWrites) while the checkpoint thread finishes copying the WAL. */
  #writesHeld = false;

  constructor(db: Database) {
    this.#db = db;
  }

  async execute(statement: InStatement | string, args?: InArgs): Promise<ResultSet> {
    const input = typeof statement === "string" && args !== undefined ? { sql: statement, args } : statement;
    // A change of rows while writes are held waits with the batches, and commits with them.
    if (this.#writesHeld && this.#changesRows(typeof input === "string" ? input : input.sql)) return (await this.batch([input], "write"))[0]!;
    return this.#run(input);
  }

  /**
   * Until releaseWrites, batches wait, and so do single statements that change rows; other single
   * statements run (reads, and PRAGMA or VACUUM, which cannot run inside a batch's transaction).
   * The checkpoint thread asks for this when the WAL has grown (db/checkpointer.ts,
   * docs/decisions/0108): with no commit in between, its checkpoint copies the whole WAL, and the
   * next commit starts the WAL over, instead of a commit on this thread doing the last copy and
   * two fsyncs itself.
   */
  holdWrites(): void {
    this.#writesHeld = true;
  }

  releaseWrites(): void {
    if (!this.#writesHeld) return;
    this.#writesHeld = false;
    if (this.#queued.length > 0) setImmediate(() => this.#commitQueued());
  }

  /**
   * A batch is all or nothing, as with @libsql/client, but the batches of one turn of the event
   * loop commit together (group commit, docs/decisions/0103): each runs in its own savepoint, so
   * one that fails is rolled back alone and rejects alone, and every batch's promise settles only
   * after the COMMIT that makes it durable. Under bench:load commits were the largest single cost
   * on the server's thread; grouped, 500 swipes a second take about 150 commits.
   */
  async batch(statements: (InStatement | string)[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    beginFor(mode); // refuses an unknown mode at once, as @libsql/client does
    return new Promise<ResultSet[]>((resolve, reject) => {
      this.#queued.push({ statements, resolve, reject });
      if (this.#queued.length === 1) setImmediate(() => this.#commitQueued());
    });
  }

  async migrate(statements: InStatement[]): Promise<ResultSet[]> {
    return this.#inTransaction("write", () => statements.map((statement) => this.#run(statement)));
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#db.run(sql);
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    this.#db.run(beginFor(mode));
    return new LocalTransaction(this.#db, (statement) => this.#run(statement)) as unknown as Transaction;
  }

  async sync(): Promise<undefined> {
    return undefined;
  }

  close(): void {
    if (this.closed) return;
    // Batches still waiting for their turn are committed first, held or not.
    this.#writesHeld = false;
    this.#commitQueued();
    this.closed = true;
    this.#forgetStatements();
    this.#db.close(false);
  }

  /** Commits the batches queued since the last turn: one transaction, a savepoint each. */
  #commitQueued(): void {
    if (this.#writesHeld && !this.closed) return; // releaseWrites commits them
    const group = this.#queued;
    this.#queued = [];
    if (group.length === 0) return;
    if (this.closed) {
      for (const item of group) item.reject(new Error("The client is closed"));
      return;
    }
    if (this.#db.inTransaction) {
      // An interactive transaction is open (a table-rebuilding migration): after it.
      this.#queued = [...group, ...this.#queued];
      setTimeout(() => this.#commitQueued(), 1);
      return;
    }
    const outcomes: ({ ok: true; results: ResultSet[] } | { ok: false; error: unknown })[] = [];
    try {
      this.#inTransaction("write", () => {
        if (group.length === 1) {
          outcomes.push({ ok: true, results: group[0]!.statements.map((statement) => this.#run(statement)) });
          return;
        }
        for (const { statements } of group) {
          this.#db.run("SAVEPOINT batch");
          try {
            outcomes.push({ ok: true, results: statements.map((statement) => this.#run(statement)) });
            this.#db.run("RELEASE batch");
          } catch (error) {
            // Some errors (SQLITE_FULL, SQLITE_IOERR) end the whole transaction: every batch fails with that error.
            if (!this.#db.inTransaction) throw error;
            this.#db.run("ROLLBACK TO batch");
            this.#db.run("RELEASE batch");
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // Nothing of the group was committed (the lone batch failed, or BEGIN, a rollback or COMMIT did).
      for (const item of group) item.reject(error);
      return;
    }
    group.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.results);
      else item.reject(outcome.error);
    });
  }

  #inTransaction<T>(mode: TransactionMode, run: () => T): T {
    this.#db.run(beginFor(mode));
    try {
      const result = run();
      this.#db.run("COMMIT");
      return result;
    } catch (error) {
      if (this.#db.inTransaction) this.#db.run("ROLLBACK");
      throw error;
    }
  }

  #run(input: InStatement | string): ResultSet {
    const sql = typeof input === "string" ? input : input.sql;
    const prepared = this.#prepare(sql);
    const args = typeof input === "string" || input.args === undefined ? [] : toSqlArgs(input.args);
    const bound = Array.isArray(args) ? args : [args];
    if (prepared.Row === null) {
      const info = prepared.statement.run(...(bound as never[]));
      // A schema change re-prepares kept statements underneath; their column lists must be read again.
      if (SCHEMA_CHANGE.test(sql)) this.#forgetStatements();
      return resultSet(prepared.columns, [], info.changes, BigInt(info.lastInsertRowid));
    }
    const values = prepared.statement.values(...(bound as never[])) as unknown[][];
    if (values.length > 0 && values[0]!.length !== prepared.columns.length) {
      // Another connection changed the schema under a `select *`: prepare again and read again.
      this.#forgetStatements();
      return this.#run(input);
    }
    const Row = prepared.Row;
    return resultSet(prepared.columns, values.map((row) => new Row(row)), 0, undefined);
  }

  #changesRows(sql: string): boolean {
    return !this.#prepare(sql).statement.readonly && ROW_CHANGE.test(sql);
  }

  #columnNamesOf(sql: string): string[] {
    const statement = this.#db.prepare(sql);
    try {
      return statement.columnNames;
    } finally {
      statement.finalize();
    }
  }

  #forgetStatements(): void {
    for (const { statement } of this.#prepared.values()) statement.finalize();
    this.#prepared.clear();
  }

  /** Kept by the text the app sent; SQLite is given it with its parameters marked (./stable-plans.ts). */
  #prepare(sql: string): Prepared {
    const cached = this.#prepared.get(sql);
    if (cached !== undefined) return cached;
    const text = stablePlan(sql);
    const statement = this.#db.prepare(text);
    let columns = statement.columnNames;
    // A column named by its expression would show the marked parameter (`+?`): named as the app wrote it.
    if (text !== sql && columns.some((name) => name.includes("+?"))) columns = this.#columnNamesOf(sql);
    const prepared: Prepared = { statement, columns, Row: columns.length > 0 ? rowClassFor(columns) : null };
    if (this.#prepared.size >= STATEMENT_CACHE_SIZE) {
      const [oldestSql, oldest] = this.#prepared.entries().next().value as [string, Prepared];
      oldest.statement.finalize();
      this.#prepared.delete(oldestSql);
    }
    this.#prepared.set(sql, prepared);
    return prepared;
  }
}

interface QueuedBatch {
  statements: (InStatement | string)[];
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

class LocalTransaction {
  closed = false;
  constructor(
    readonly db: Database,
    readonly run: (statement: InStatement | string) => ResultSet,
  ) {}

  async execute(statement: InStatement | string): Promise<ResultSet> {
    return this.run(statement);
  }

  async batch(statements: (InStatement | string)[]): Promise<ResultSet[]> {
    return statements.map((statement) => this.run(statement));
  }

  async executeMultiple(sql: string): Promise<void> {
    this.db.run(sql);
  }

  async commit(): Promise<void> {
    this.closed = true;
    this.db.run("COMMIT");
  }

  async rollback(): Promise<void> {
    this.closed = true;
    if (this.db.inTransaction) this.db.run("ROLLBACK");
  }

  close(): void {
    if (!this.closed) void this.rollback();
  }
}

/** libSQL's "read" mode is its own syntax; a local file gets a deferred transaction. */
function beginFor(mode: TransactionMode): string {
  if (mode === "write") return "BEGIN IMMEDIATE";
  if (mode === "read" || mode === "deferred") return "BEGIN DEFERRED";
  throw new RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
}

/**
 * A row class per column list: the values by index (non-enumerable, through the prototype) and
 * by column name (enumerable own properties), like `@libsql/client`'s rows.
 *
 * The constructor is written out for its columns, one plain store per name: a loop of computed
 * stores built a row three to four times slower, and rows are built for every result (about 2 %
 * of the server's thread under bench:load). Names enter the code as JSON string literals only.
 */
function rowClassFor(columns: string[]): new (values: unknown[]) => Row {
  const named = new Map<string, number>();
  // As @libsql/client: the first of duplicate names wins, and a name that is one of the row's
  // indexes or its length stays the index (or the length).
  const isIndexOrLength = (name: string) => name === "length" || (/^(0|[1-9]\d*)$/.test(name) && Number(name) < columns.length);
  for (let i = 0; i < columns.length; i++) if (!named.has(columns[i]!) && !isIndexOrLength(columns[i]!)) named.set(columns[i]!, i);
  const stores = [...named]
    .map(([name, index]) =>
      // A plain store to __proto__ would set the prototype instead of a property.
      name === "__proto__" ? `Object.defineProperty(this, "__proto__", { value: values[${index}], enumerable: true, writable: true, configurable: true });` : `this[${JSON.stringify(name)}] = values[${index}];`,
    )
    .join("\n");
  // A private field: Object.keys, JSON, equality and drizzle's raw-row mapping see only the column names.
  const LocalRow = new Function(`return class LocalRow {
    #values;
    constructor(values) {
      this.#values = values;
      ${stores}
    }
    static valueAt(row, index) {
      return row.#values[index];
    }
  }`)() as { new (values: unknown[]): Row; valueAt(row: unknown, index: number): unknown; prototype: object };
  Object.defineProperty(LocalRow.prototype, "length", { value: columns.length });
  for (let i = 0; i < columns.length; i++) {
    Object.defineProperty(LocalRow.prototype, i, {
      get(this: unknown) {
        return LocalRow.valueAt(this, i);
      },
    });
  }
  return LocalRow;
}

function toSqlArgs(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) named[/^[:@$]/.test(name) ? name.slice(1) : name] = toSqlValue(value);
  return named;
}

function toSqlValue(value: unknown): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function resultSet(columns: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ""),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON() {
      return { columns, columnTypes: this.columnTypes, rows: rows.map((row) => Array.prototype.slice.call(row)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null };
    },
  };
}

/**
 * Statements that SQLite plans once, whatever values they are run with
 * (docs/decisions/0112-statements-planned-once.md).
 *
 * SQLite re-prepares a kept statement (parses and plans it again) before running it with new
 * values whenever its planner looked at a bound value: a `LIMIT ?`, and with Bun's build any
 * parameter of a statement that reads two or more tables. Its switch against that
 * (SQLITE_DBCONFIG_ENABLE_QPSG) is not reachable from bun:sqlite. Re-preparing cost more than
 * running: the session lookup 34 µs against 3 µs, measured on the bench's database.
 *
 * So, for the local file only (db/local-client.ts), every parameter `?` / `?NNN` is given to
 * SQLite as `+?` / `+?NNN`: the same value (unary plus changes neither value, affinity nor
 * collation; a LIMIT still takes it, an index is still used for `column = +?`), but not a bare
 * parameter, so the planner does not read it.
 * What is given up: a plan chosen with the value in hand, such as a partial index whose WHERE
 * names a literal (`where status = 'pending'`) used for `status = ?`. Such an index needs its
 * value written in the SQL.
 * Strings, quoted names and comments are copied untouched; named parameters (`:x`, `@x`, `$x`)
 * are left as they are, and so is a `?` glued to a word, number or `)` (`b?` is a syntax error that
 * `b+?` would hide; the app's SQL always has a space or an operator before a parameter).
 */

const WORD = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
/** A character after which `?` cannot start an operand. */
const GLUED = /[A-Za-z0-9_$)\]"'`]/;

/** The statement as SQLite is to be given it: each parameter marked with a unary plus. */
export function stablePlan(sql: string): string {
  if (!sql.includes("?")) return sql;
  let text = "";
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === "`") {
      i = skipQuoted(sql, i, c);
    } else if (c === "[") {
      const close = sql.indexOf("]", i + 1);
      i = close === -1 ? sql.length : close + 1;
    } else if (c === "-" && sql[i + 1] === "-") {
      const close = sql.indexOf("\n", i + 2);
      i = close === -1 ? sql.length : close + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (c === "?") {
      if (i === 0 || !GLUED.test(sql[i - 1]!)) {
        text += `${sql.slice(from, i)}+`;
        from = i;
      }
      i++;
    } else if (WORD.test(c) || ((c === ":" || c === "@" || c === "$") && WORD.test(sql[i + 1] ?? ""))) {
      // A name, a keyword or a named parameter: read whole, so `$` or digits inside are not taken apart.
      i++;
      while (i < sql.length && WORD_PART.test(sql[i]!)) i++;
    } else {
      i++;
    }
  }
  return text + sql.slice(from);
}

/** The index just past a quoted string or name opened at `start` ('' or "" inside doubles the quote). */
function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

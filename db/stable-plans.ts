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
 * So, for the local file only (db/local-client.ts):
 * - a `LIMIT ?` or `OFFSET ?` of a statement whose parameters are all plain `?` (drizzle's) takes
 *   its value as a literal when the value is an integer: the text varies with it (a few page
 *   sizes) and each text is prepared once;
 * - every other `?` / `?NNN` becomes `+?` / `+?NNN`: the same value (unary plus changes neither
 *   value nor affinity, and an index is still used for `column = +?`), but not a bare parameter,
 *   so the planner does not read it. A numbered `LIMIT ?NNN` is left as it is.
 * Strings, quoted names and comments are copied untouched.
 */

export interface StablePlan {
  /** The statement with its parameters marked; LIMIT/OFFSET parameters still `?` (see `parts`). */
  text: string;
  /**
   * When LIMIT/OFFSET values can be written in: the text split around those parameters
   * (`parts.length === inline.length + 1`), and their positions among the arguments.
   */
  parts: string[];
  inline: number[];
}

const WORD = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;

/** Where each parameter is, and whether a LIMIT or OFFSET keyword comes right before it. */
export function stablePlan(sql: string): StablePlan {
  if (!sql.includes("?")) return { text: sql, parts: [sql], inline: [] };
  const params: { at: number; end: number; numbered: boolean; afterLimit: boolean }[] = [];
  let lastWord = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const close = skipQuoted(sql, i, c);
      lastWord = "";
      i = close;
    } else if (c === "[") {
      const close = sql.indexOf("]", i + 1);
      lastWord = "";
      i = close === -1 ? sql.length : close + 1;
    } else if (c === "-" && sql[i + 1] === "-") {
      const close = sql.indexOf("\n", i + 2);
      i = close === -1 ? sql.length : close + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (c === "?") {
      let end = i + 1;
      while (end < sql.length && sql[end]! >= "0" && sql[end]! <= "9") end++;
      params.push({ at: i, end, numbered: end > i + 1, afterLimit: lastWord === "limit" || lastWord === "offset" });
      lastWord = "";
      i = end;
    } else if (WORD.test(c)) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql[end]!)) end++;
      lastWord = sql.slice(i, end).toLowerCase();
      i = end;
    } else {
      if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") lastWord = "";
      i++;
    }
  }
  const allPlain = params.every((param) => !param.numbered);
  const parts: string[] = [];
  const inline: number[] = [];
  let text = "";
  let from = 0;
  params.forEach((param, index) => {
    text += sql.slice(from, param.at);
    if (param.afterLimit && allPlain) {
      parts.push(text);
      text = "";
      inline.push(index);
    } else if (!param.afterLimit) {
      text += "+";
    }
    if (!(param.afterLimit && allPlain)) text += sql.slice(param.at, param.end);
    from = param.end;
  });
  text += sql.slice(from);
  parts.push(text);
  return { text: parts.join("?"), parts, inline };
}

/** The statement's text and arguments for these values: integers written in where they can be. */
export function withLimits(plan: StablePlan, args: unknown[]): { text: string; args: unknown[] } {
  if (plan.inline.length === 0) return { text: plan.text, args };
  const values = plan.inline.map((index) => args[index]);
  if (!values.every(isIntegerValue)) return { text: plan.text, args };
  let text = plan.parts[0]!;
  values.forEach((value, k) => {
    text += String(value) + plan.parts[k + 1]!;
  });
  return { text, args: args.filter((_value, index) => !plan.inline.includes(index)) };
}

function isIntegerValue(value: unknown): boolean {
  return (typeof value === "number" && Number.isSafeInteger(value)) || typeof value === "bigint";
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

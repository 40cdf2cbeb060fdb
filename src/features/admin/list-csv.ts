import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { everyRow, type PageQuery } from "./list-query";

/**
 * The CSV of every admin list (ADMIN.md 'Lists': `Accept: text/csv` or `?format=csv`, all
 * matching rows, not one page; docs/decisions/0131). One writer, so every export quotes and
 * neutralises the same way.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** A column of an export: its header (snake_case, stable for scripts) and how a row gives its value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' (OWASP "CSV
 * injection"): names, reasons and reports are typed by members.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "true" : "false") : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line and one line per row, CRLF-separated and -terminated (RFC 4180). */
export function csvOf<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** CSV asked by `?format=csv`, or by `Accept: text/csv` when no format is named. */
export function wantsCsv(c: Context<AppEnv>, format: string | undefined): boolean {
  return format === "csv" || (format === undefined && /\btext\/csv\b/i.test(c.req.header("Accept") ?? ""));
}

/** The download: `kasih-<name>.csv`, never cached (it holds members' data). */
export function csvResponse(c: Context<AppEnv>, name: string, text: string): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="kasih-${name}.csv"`);
  c.header("Cache-Control", "no-store");
  return c.body(text);
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ` of a time, or empty: exports carry UTC instants, unambiguous for any tool. */
export const csvTime = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : typeof value === "string" ? value : value.toISOString());

/**
 * A list call's answer: the page as JSON, or, when CSV is asked for, every matching row read
 * through the same function with no page (everyRow), so the file and the list cannot disagree.
 */
export async function answerList<Q extends PageQuery & { format?: "json" | "csv" | undefined }, A, T>(
  c: Context<AppEnv>,
  query: Q,
  list: { file: string; read: (query: Q) => Promise<A>; rows: (answer: A) => T[]; csv: readonly CsvColumn<T>[] },
): Promise<Response> {
  if (wantsCsv(c, query.format)) return csvResponse(c, list.file, csvOf(list.csv, list.rows(await list.read(everyRow(query)))));
  return c.json(await list.read(query));
}

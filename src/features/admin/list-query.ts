import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_PAGE_SIZE } from "../../platform/constants";

/** Largest page an admin list answers (ADMIN.md). */
export const ADMIN_MAX_PAGE_SIZE = 100;

/** The page sizes the panel offers (ADMIN.md 'Lists'; docs/decisions/0131). The JSON calls take any 1–100. */
export const PAGE_SIZES = [ADMIN_PAGE_SIZE, 25, ADMIN_MAX_PAGE_SIZE] as const;

export const LIST_MESSAGES = {
  invalidPage: "Invalid page or limit",
  invalidSort: "Invalid sort",
  invalidFormat: "Invalid format",
  invalidDate: "Invalid date: use YYYY-MM-DD",
  invalidRange: "The start date is after the end date",
} as const;

/**
 * `page` (from 1) and `limit` (default 10, at most 100) of every admin list (ADMIN.md); a bad
 * value is 400, never silently corrected.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ message: LIST_MESSAGES.invalidPage }).int(LIST_MESSAGES.invalidPage).min(1, LIST_MESSAGES.invalidPage).max(1_000_000, LIST_MESSAGES.invalidPage).default(1),
  limit: z.coerce.number({ message: LIST_MESSAGES.invalidPage }).int(LIST_MESSAGES.invalidPage).min(1, LIST_MESSAGES.invalidPage).max(ADMIN_MAX_PAGE_SIZE, LIST_MESSAGES.invalidPage).default(ADMIN_PAGE_SIZE),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

/** An empty query value (a form's untouched field) counts as absent, so its default applies. */
export const blankAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * A Jakarta day "YYYY-MM-DD" that exists on the calendar: the `from` and `to` of a list's date
 * range (both included; the service's day, spec point 9).
 */
export const jakartaDayParam = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, LIST_MESSAGES.invalidDate)
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
    }, LIST_MESSAGES.invalidDate)
    .optional(),
);

/** A range whose start is after its end is 400 (to put in a schema's refine). */
export const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => query.from === undefined || query.to === undefined || query.from <= query.to;

/** Rows to skip for a page. */
export const offsetOf = ({ page, limit }: PageQuery) => (page - 1) * limit;

/**
 * The query of a CSV export: every matching row through the very function that reads a page, so
 * the file and the list cannot disagree (SQLite reads LIMIT -1 as "no limit").
 */
export const everyRow = <Q extends PageQuery>(query: Q): Q => ({ ...query, page: 1, limit: -1 });

/** A list answer: `{<items>: [...], total, page, limit}`. */
export function pageOf<K extends string, T>(name: K, items: T[], total: number, query: PageQuery) {
  return { [name]: items, total, page: query.page, limit: query.limit } as { [P in K]: T[] } & { total: number; page: number; limit: number };
}

/** The first problem of a failed zod parse, as the API's message. */
export function firstIssueMessage(error: z.ZodError, fallback = "Invalid input"): string {
  return error.issues[0]?.message ?? fallback;
}

/**
 * What a list sorts by (ADMIN.md 'Lists': `sort=column`, `-column` descending) and its order when
 * none is asked for. One per list, read by its JSON call, its page and its headers alike.
 */
export interface ListSort<C extends string> {
  columns: readonly C[];
  /** `column` or `-column`. */
  defaultSort: `${C}` | `-${C}`;
}

export const listSort = <C extends string>(columns: readonly C[], defaultSort: NoInfer<`${C}` | `-${C}`>): ListSort<C> => ({ columns, defaultSort });

/**
 * The `sort` and `format` of a list's query: a sort that names no column of the list and a
 * format other than json/csv are 400 (never ignored: a typo would otherwise look like a result).
 */
export function listControls<C extends string>(sort: ListSort<C>) {
  const values = sort.columns.flatMap((column) => [column, `-${column}`]) as [string, ...string[]];
  return {
    sort: z.preprocess(blankAsAbsent, z.enum(values, { message: LIST_MESSAGES.invalidSort }).default(sort.defaultSort)) as z.ZodType<`${C}` | `-${C}`, unknown>,
    format: z.preprocess(blankAsAbsent, z.enum(["json", "csv"], { message: LIST_MESSAGES.invalidFormat }).optional()),
  };
}

/** `-amount` → {column: "amount", descending: true}. */
export function parseSort<C extends string>(sort: string): { column: C; descending: boolean } {
  const descending = sort.startsWith("-");
  return { column: (descending ? sort.slice(1) : sort) as C, descending };
}

/**
 * ORDER BY for a list's sort: the column both ways, then `ties` so that rows with the same value
 * keep one order across pages. Plain ASC/DESC (SQLite puts empty values first going up, last
 * going down): "NULLS LAST" would keep SQLite from walking an index, and a first page of 10 would
 * sort the whole table (docs/decisions/0131).
 */
export function orderOf<C extends string>(sort: string, columns: Record<C, SQLWrapper | SQL>, ties: SQL[]): SQL[] {
  const { column, descending } = parseSort<C>(sort);
  const expression = columns[column];
  if (expression === undefined) return ties;
  return [descending ? sql`${expression} desc` : sql`${expression} asc`, ...ties];
}

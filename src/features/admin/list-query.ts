import { z } from "zod";
import { ADMIN_PAGE_SIZE } from "../../platform/constants";

/** Largest page an admin list answers (ADMIN.md). */
export const ADMIN_MAX_PAGE_SIZE = 100;

export const LIST_MESSAGES = { invalidPage: "Invalid page or limit" } as const;

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

/** Rows to skip for a page. */
export const offsetOf = ({ page, limit }: PageQuery) => (page - 1) * limit;

/** A list answer: `{<items>: [...], total, page, limit}`. */
export function pageOf<K extends string, T>(name: K, items: T[], total: number, query: PageQuery) {
  return { [name]: items, total, page: query.page, limit: query.limit } as { [P in K]: T[] } & { total: number; page: number; limit: number };
}

/** The first problem of a failed zod parse, as the API's message. */
export function firstIssueMessage(error: z.ZodError, fallback = "Invalid input"): string {
  return error.issues[0]?.message ?? fallback;
}

/**
 * The admin log as a list (ADMIN.md 'Lists'; docs/decisions/0131): GET /api/admin/actions and
 * Moderation → Admin actions filter it by admin, action, target and Jakarta days, sort it by its
 * columns and export it as CSV. The admin_actions indexes on (admin_id, created_at),
 * (target_user_id, created_at) and created_at serve the usual views: one admin's or one member's
 * rows, newest first.
 */
import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { AppDeps } from "../../../app-env";
import { adminActions } from "../../../../db/schema";
import { jakartaMidnight } from "../overview/stats.service";
import { csvTime, type CsvColumn } from "../list-csv";
import { blankAsAbsent, jakartaDayParam, LIST_MESSAGES, listControls, listSort, offsetOf, orderOf, pageOf, pageQuerySchema, rangeInOrder } from "../list-query";
import { likePattern } from "../users/users.service";

type Deps = Pick<AppDeps, "db">;

const DAY_MS = 24 * 60 * 60_000;

export const ADMIN_LOG_MESSAGES = {
  invalidAdmin: "Invalid admin",
  invalidAction: "Invalid action",
  targetTooLong: "Target must be at most 100 characters",
} as const;

/** The `admin` filter's value for changes made at the terminal (no account: admin_id is null). */
export const TERMINAL_ADMIN = "terminal";

export const ADMIN_LOG_SORT = listSort(["createdAt", "action", "admin", "target"] as const, "-createdAt");
type AdminLogSortColumn = (typeof ADMIN_LOG_SORT.columns)[number];

/**
 * GET /api/admin/actions?page&limit&admin&action&target&from&to&sort&format. `admin` is an
 * admin's id (or "terminal"), `action` an action name as logged, `target` part of the target's
 * name or the member's id, `from`/`to` Jakarta days, both included.
 */
export const adminLogQuerySchema = pageQuerySchema
  .extend({
    admin: z.preprocess(blankAsAbsent, z.string().max(64, ADMIN_LOG_MESSAGES.invalidAdmin).regex(/^[A-Za-z0-9_-]+$/, ADMIN_LOG_MESSAGES.invalidAdmin).optional()),
    action: z.preprocess(blankAsAbsent, z.string().max(40, ADMIN_LOG_MESSAGES.invalidAction).regex(/^[a-z][a-z0-9_]*$/, ADMIN_LOG_MESSAGES.invalidAction).optional()),
    target: z.preprocess(blankAsAbsent, z.string().trim().max(100, ADMIN_LOG_MESSAGES.targetTooLong).optional()),
    from: jakartaDayParam,
    to: jakartaDayParam,
    ...listControls(ADMIN_LOG_SORT),
  })
  .refine(rangeInOrder, { message: LIST_MESSAGES.invalidRange });
export type AdminLogQuery = z.infer<typeof adminLogQuerySchema>;

/** One row of the admin log (spec point 3 "Admin action"): names, kept after the accounts go. */
export interface AdminActionEntry {
  id: string;
  admin: string;
  /** The admin's account while it exists; null at the terminal or once deleted. */
  adminId: string | null;
  targetUser: string;
  /** The member acted on while the account exists; null for settings or a deleted account. */
  targetUserId: string | null;
  action: string;
  reason: string | null;
  createdAt: string;
}

function logWhere(query: AdminLogQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.admin !== undefined) conditions.push(query.admin === TERMINAL_ADMIN ? isNull(adminActions.adminId) : eq(adminActions.adminId, query.admin));
  if (query.action !== undefined) conditions.push(eq(adminActions.action, query.action));
  if (query.target !== undefined && query.target !== "") {
    conditions.push(or(eq(adminActions.targetUserId, query.target), sql`${adminActions.targetName} like ${likePattern(query.target)} escape '\\'`)!);
  }
  if (query.from !== undefined) conditions.push(gte(adminActions.createdAt, jakartaMidnight(query.from)));
  if (query.to !== undefined) conditions.push(lt(adminActions.createdAt, new Date(jakartaMidnight(query.to).getTime() + DAY_MS)));
  return conditions.length === 0 ? undefined : and(...conditions);
}

const SORT_SQL: Record<AdminLogSortColumn, SQLWrapper> = {
  createdAt: adminActions.createdAt,
  action: adminActions.action,
  admin: sql`lower(${adminActions.adminName})`,
  target: sql`lower(${adminActions.targetName})`,
};

/** GET /api/admin/actions: the admin log, newest first unless sorted, filtered. */
export async function listAdminLog(deps: Deps, query: AdminLogQuery) {
  const where = logWhere(query);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(adminActions)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT_SQL, [desc(adminActions.createdAt), desc(adminActions.id)]))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(adminActions).where(where),
  ]);
  return pageOf(
    "actions",
    rows.map(
      (row): AdminActionEntry => ({
        id: row.id,
        admin: row.adminName,
        adminId: row.adminId,
        targetUser: row.targetName,
        targetUserId: row.targetUserId,
        action: row.action,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    total?.value ?? 0,
    query,
  );
}

/** The admins and the actions that appear in the log: the filters' choices. */
export async function adminLogChoices(deps: Deps): Promise<{ admins: { id: string; name: string }[]; actions: string[]; terminal: boolean }> {
  const [admins, actions, [terminal]] = await Promise.all([
    deps.db
      .select({ id: adminActions.adminId, name: sql<string>`max(${adminActions.adminName})` })
      .from(adminActions)
      .where(sql`${adminActions.adminId} is not null`)
      .groupBy(adminActions.adminId),
    deps.db.selectDistinct({ action: adminActions.action }).from(adminActions).orderBy(adminActions.action),
    deps.db.select({ value: count() }).from(adminActions).where(isNull(adminActions.adminId)),
  ]);
  return {
    admins: admins.filter((row): row is { id: string; name: string } => row.id !== null).sort((a, b) => a.name.localeCompare(b.name)),
    actions: actions.map((row) => row.action),
    terminal: (terminal?.value ?? 0) > 0,
  };
}

/** The admin log's CSV: every matching row, UTC instants. */
export const ADMIN_LOG_CSV: CsvColumn<AdminActionEntry>[] = [
  { header: "id", value: (row) => row.id },
  { header: "created_at", value: (row) => csvTime(row.createdAt) },
  { header: "admin", value: (row) => row.admin },
  { header: "admin_id", value: (row) => row.adminId },
  { header: "action", value: (row) => row.action },
  { header: "target", value: (row) => row.targetUser },
  { header: "target_user_id", value: (row) => row.targetUserId },
  { header: "detail", value: (row) => row.reason },
];

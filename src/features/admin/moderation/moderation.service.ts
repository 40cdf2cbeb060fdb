/**
 * Moderation (spec points 3 "Report", "Admin action", 4 "Report status", 5 "Report filters";
 * ADMIN.md "Lists"): the report queue, a report's decision with its admin log row, the
 * conversation behind a report, and the admin log itself. Read by the JSON calls and the
 * /admin/moderation page alike, so the two cannot disagree.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppDeps } from "../../../app-env";
import { adminActions, reports, users } from "../../../../db/schema";
import { actorOf, adminLogInsertIf, memberNameSql } from "../admin-log";
import type { SessionUser } from "../../auth/session";
import { offsetOf, pageOf, type PageQuery } from "../list-query";
import type { AdminResult } from "../users/users.service";
import { MODERATION_MESSAGES, type ReportDecision, type ReportListQuery, type ReportStatus } from "./moderation.schemas";

type Deps = Pick<AppDeps, "db" | "clock">;

export interface ReportPerson {
  id: string;
  firstName: string;
  lastName: string;
  /** For the link to the Users tab's search, where the admin can ban (never shown to members). */
  email: string;
}

/** One report as the admin sees it (spec point 3 "Report"). */
export interface AdminReportEntry {
  id: string;
  reporter: ReportPerson;
  reportedUser: ReportPerson & { isBanned: boolean };
  /** A reason code of the report dialog (src/features/safety/report-reasons.ts), or older free text. */
  reason: string;
  description: string;
  status: ReportStatus;
  createdAt: string;
  /** When an admin last changed its status; null while pending. */
  updatedAt: string | null;
}

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");

const reportColumns = {
  id: reports.id,
  reason: reports.reason,
  description: reports.description,
  status: reports.status,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  reporterId: reporter.id,
  reporterFirstName: reporter.firstName,
  reporterLastName: reporter.lastName,
  reporterEmail: reporter.email,
  reportedId: reported.id,
  reportedFirstName: reported.firstName,
  reportedLastName: reported.lastName,
  reportedEmail: reported.email,
  reportedIsBanned: reported.isBanned,
};

/** Both people of a report (reports cascade with either account, so both always exist). */
const reportsWithPeople = (db: Deps["db"]) =>
  db.select(reportColumns).from(reports).innerJoin(reporter, eq(reporter.id, reports.reporterId)).innerJoin(reported, eq(reported.id, reports.reportedUserId));

type ReportRow = Awaited<ReturnType<typeof reportsWithPeople>>[number];

function toReportEntry(row: ReportRow): AdminReportEntry {
  return {
    id: row.id,
    reporter: { id: row.reporterId, firstName: row.reporterFirstName, lastName: row.reporterLastName, email: row.reporterEmail },
    reportedUser: { id: row.reportedId, firstName: row.reportedFirstName, lastName: row.reportedLastName, email: row.reportedEmail, isBanned: row.reportedIsBanned },
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/reports: newest first, all or one status. */
export async function listReports(deps: Pick<Deps, "db">, query: ReportListQuery) {
  const where = query.status === "all" ? undefined : eq(reports.status, query.status);
  const [rows, [total]] = await Promise.all([
    reportsWithPeople(deps.db).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(query.limit).offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(reports).where(where),
  ]);
  return pageOf("reports", rows.map(toReportEntry), total?.value ?? 0, query);
}

export async function findReport(deps: Pick<Deps, "db">, reportId: string): Promise<AdminReportEntry | null> {
  const [row] = await reportsWithPeople(deps.db).where(eq(reports.id, reportId)).limit(1);
  return row === undefined ? null : toReportEntry(row);
}

/** Reports waiting for a decision (the Overview's moderation link). */
export async function pendingReportCount(deps: Pick<Deps, "db">): Promise<number> {
  const [row] = await deps.db.select({ value: count() }).from(reports).where(eq(reports.status, "pending"));
  return row?.value ?? 0;
}

/**
 * PATCH /api/admin/reports/{id}: a pending report moves to reviewed, resolved or dismissed.
 * ONE db.batch (docs/decisions/0002): the admin log row, written by an INSERT … SELECT guarded by
 * "this report is still pending", then the UPDATE guarded by the same condition. Both read the
 * same state inside the batch, so two admins deciding at once give one change and one log row;
 * the loser gets 409 and nothing is recorded for it.
 */
export async function decideReport(deps: Deps, admin: Pick<SessionUser, "id" | "firstName" | "lastName">, reportId: string, status: ReportDecision): Promise<AdminResult<AdminReportEntry>> {
  const now = deps.clock.now();
  const stillPending = and(eq(reports.id, reportId), eq(reports.status, "pending"));
  const reportedId = sql`(select reported_user_id from reports where id = ${reportId})`;
  const log = adminLogInsertIf(
    deps.db,
    { actor: actorOf(admin), action: "report_status", targetUserId: reportedId, targetName: memberNameSql(reportedId), reason: status, at: now },
    sql`exists (select 1 from reports where id = ${reportId} and status = 'pending')`,
  );
  const update = deps.db.update(reports).set({ status, updatedAt: now }).where(stillPending).returning({ id: reports.id });
  const [, updated] = await deps.db.batch([log, update]);
  if (updated.length === 0) {
    const [existing] = await deps.db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)).limit(1);
    return existing === undefined ? { ok: false, status: 404, message: MODERATION_MESSAGES.reportNotFound } : { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
  }
  const entry = await findReport(deps, reportId);
  return entry === null ? { ok: false, status: 404, message: MODERATION_MESSAGES.reportNotFound } : { ok: true, value: entry };
}

export interface EvidenceMessage {
  id: string;
  senderId: string;
  /** Written by the reported member (the rest by the reporter). */
  fromReported: boolean;
  content: string;
  /** "text", or a system line about a call ("missed_call", "call"). */
  kind: "text" | "missed_call" | "call";
  createdAt: string;
}

/**
 * GET /api/admin/reports/{id}/messages: the lines between the reporter and the reported member
 * copied when the report was filed (src/features/safety/safety.service.ts), both sides, oldest
 * first. A copy, because reporting usually blocks, and a block deletes the conversation.
 * `matched` is false when the two had no match at that moment.
 */
export async function reportEvidence(deps: Pick<Deps, "db">, reportId: string): Promise<{ report: AdminReportEntry; messages: EvidenceMessage[]; matched: boolean } | null> {
  const [[row], report] = await Promise.all([deps.db.select({ evidence: reports.evidence }).from(reports).where(eq(reports.id, reportId)).limit(1), findReport(deps, reportId)]);
  if (row === undefined || report === null) return null;
  const lines = [...(row.evidence ?? [])].sort((x, y) => x.createdAt - y.createdAt || x.id.localeCompare(y.id));
  return {
    report,
    matched: row.evidence !== null,
    messages: lines.map((line) => ({ id: line.id, senderId: line.senderId, fromReported: line.senderId === report.reportedUser.id, content: line.content, kind: line.kind, createdAt: new Date(line.createdAt).toISOString() })),
  };
}

/** One row of the admin log (spec point 3 "Admin action"): names, kept after the accounts go. */
export interface AdminActionEntry {
  id: string;
  admin: string;
  targetUser: string;
  /** The member acted on while the account exists; null for settings or a deleted account. */
  targetUserId: string | null;
  action: string;
  reason: string | null;
  createdAt: string;
}

/** GET /api/admin/actions: the admin log, newest first. */
export async function listAdminActions(deps: Pick<Deps, "db">, query: PageQuery) {
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(adminActions).orderBy(desc(adminActions.createdAt), desc(adminActions.id)).limit(query.limit).offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(adminActions),
  ]);
  return pageOf(
    "actions",
    rows.map(
      (row): AdminActionEntry => ({
        id: row.id,
        admin: row.adminName,
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

/**
 * Moderation (spec points 3 "Report", "Admin action", 4 "Report status", 5 "Report filters";
 * ADMIN.md "Lists"): the report queue, a report's decision with its admin log row, the
 * conversation behind a report, and the admin log itself. Read by the JSON calls and the
 * /admin/moderation page alike, so the two cannot disagree.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppDeps } from "../../../app-env";
import { adminActions, reports, sessions, users } from "../../../../db/schema";
import { actorOf, adminLogInsertIf, memberNameSql } from "../admin-log";
import type { SessionUser } from "../../auth/session";
import { offsetOf, orderOf, pageOf, type PageQuery } from "../list-query";
import { csvTime, type CsvColumn } from "../list-csv";
import type { SQLWrapper } from "drizzle-orm";
import { protectionOf, type AdminResult } from "../users/users.service";
import { hideStatements, MEMBER_ACTION_MESSAGES, suspendStatements, warnStatements, type ActionContext } from "../users/member-actions";
import { applyReportHidingSql } from "../../safety/report-standing";
import { URGENT_REPORT_REASONS } from "../../safety/report-reasons";
import { MODERATION_MESSAGES, type ReportActionDecision, type ReportDecisionInput, type ReportListQuery, type ReportSortColumn, type ReportStatus } from "./moderation.schemas";
import { withdrawVouchesGiven } from "../../vouches/vouch-withdrawal";

type Deps = Pick<AppDeps, "db" | "clock">;

export interface ReportPerson {
  /** Null once the account is deleted: the report stays (docs/decisions/0129), with the name it had. */
  id: string | null;
  firstName: string;
  lastName: string;
  /** For the link to the Users tab's search, where the admin can ban (never shown to members); "" once deleted. */
  email: string;
}

/** What deciding the report did to the reported member (ADMIN.md 'Reports that act'). */
export interface ReportActionTaken {
  action: ReportActionDecision["action"];
  /** The warning, "7 days: reason", or the ban reason; null for dismiss and hide. */
  detail: string | null;
  at: string;
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
  /** "Under 18" or "Scam / asking for money": first in the queue. */
  urgent: boolean;
  /** Reports against the same member, this one included (any status): a repeat target has more than one. */
  reportsAgainstMember: number;
  /** Set once the report was decided with an action. */
  actionTaken: ReportActionTaken | null;
}

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");

const URGENT_LIST = sql.join(
  URGENT_REPORT_REASONS.map((reason) => sql`${reason}`),
  sql`, `,
);

const reportColumns = {
  id: reports.id,
  reason: reports.reason,
  description: reports.description,
  status: reports.status,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  snapshot: reports.reportedSnapshot,
  action: reports.action,
  actionDetail: reports.actionDetail,
  actionAt: reports.actionAt,
  reporterId: reporter.id,
  reporterFirstName: reporter.firstName,
  reporterLastName: reporter.lastName,
  reporterEmail: reporter.email,
  reportedId: reported.id,
  reportedFirstName: reported.firstName,
  reportedLastName: reported.lastName,
  reportedEmail: reported.email,
  reportedIsBanned: reported.isBanned,
  againstMember: sql<number>`case when ${reports.reportedUserId} is null then 1 else (select count(*) from reports r2 where r2.reported_user_id = ${reports.reportedUserId}) end`,
};

/** Both people of a report; either may be gone (ids set to null), and the report stays. */
const reportsWithPeople = (db: Deps["db"]) =>
  db.select(reportColumns).from(reports).leftJoin(reporter, eq(reporter.id, reports.reporterId)).leftJoin(reported, eq(reported.id, reports.reportedUserId));

type ReportRow = Awaited<ReturnType<typeof reportsWithPeople>>[number];

const DELETED = { id: null, firstName: "", lastName: "", email: "" } as const;

function toReportEntry(row: ReportRow): AdminReportEntry {
  return {
    id: row.id,
    reporter: row.reporterId === null ? DELETED : { id: row.reporterId, firstName: row.reporterFirstName ?? "", lastName: row.reporterLastName ?? "", email: row.reporterEmail ?? "" },
    reportedUser:
      row.reportedId === null
        ? { ...DELETED, firstName: row.snapshot?.name ?? "", isBanned: false }
        : { id: row.reportedId, firstName: row.reportedFirstName ?? "", lastName: row.reportedLastName ?? "", email: row.reportedEmail ?? "", isBanned: row.reportedIsBanned ?? false },
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    urgent: (URGENT_REPORT_REASONS as readonly string[]).includes(row.reason),
    reportsAgainstMember: Number(row.againstMember),
    actionTaken: row.action === null || row.actionAt === null ? null : { action: row.action, detail: row.actionDetail, at: row.actionAt.toISOString() },
  };
}

/** What the reports' sort columns order by (moderation.schemas.ts REPORT_SORT; docs/decisions/0131). */
const REPORT_SORT_SQL: Record<ReportSortColumn, SQLWrapper> = {
  priority: sql`case when ${reports.status} = 'pending' and ${reports.reason} in (${URGENT_LIST}) then 0 else 1 end`,
  createdAt: reports.createdAt,
  reason: reports.reason,
  status: reports.status,
  // A deleted member's report keeps the name of its snapshot.
  reported: sql`lower(coalesce(trim(${reported.firstName} || ' ' || ${reported.lastName}), json_extract(${reports.reportedSnapshot}, '$.name')))`,
  reporter: sql`lower(trim(${reporter.firstName} || ' ' || ${reporter.lastName}))`,
};

/** The reports' CSV: the report, both people and what was done. */
export const REPORT_CSV: CsvColumn<AdminReportEntry>[] = [
  { header: "id", value: (report) => report.id },
  { header: "created_at", value: (report) => csvTime(report.createdAt) },
  { header: "status", value: (report) => report.status },
  { header: "reason", value: (report) => report.reason },
  { header: "urgent", value: (report) => report.urgent },
  { header: "reported_id", value: (report) => report.reportedUser.id },
  { header: "reported_name", value: (report) => `${report.reportedUser.firstName} ${report.reportedUser.lastName}`.trim() },
  { header: "reported_email", value: (report) => report.reportedUser.email },
  { header: "reports_against_member", value: (report) => report.reportsAgainstMember },
  { header: "reporter_id", value: (report) => report.reporter.id },
  { header: "reporter_name", value: (report) => `${report.reporter.firstName} ${report.reporter.lastName}`.trim() },
  { header: "reporter_email", value: (report) => report.reporter.email },
  { header: "description", value: (report) => report.description },
  { header: "action", value: (report) => report.actionTaken?.action },
  { header: "action_detail", value: (report) => report.actionTaken?.detail },
  { header: "decided_at", value: (report) => csvTime(report.updatedAt) },
];

/**
 * GET /api/admin/reports: pending "Under 18" and "Scam / asking for money" reports first (ADMIN.md
 * 'Reports that act'), then newest first; all or one status.
 */
export async function listReports(deps: Pick<Deps, "db">, query: ReportListQuery) {
  const where = query.status === "all" ? undefined : eq(reports.status, query.status);
  const [rows, [total]] = await Promise.all([
    reportsWithPeople(deps.db)
      .where(where)
      .orderBy(...orderOf(query.sort, REPORT_SORT_SQL, [desc(reports.createdAt), desc(reports.id)]))
      .limit(query.limit)
      .offset(offsetOf(query)),
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

type DecideDeps = Pick<AppDeps, "db" | "clock" | "config" | "events">;

/** What the report row keeps of the action (reports.action_detail). */
function detailOf(act: ReportActionDecision): string | null {
  switch (act.action) {
    case "warn":
      return act.message;
    case "suspend":
      return `${act.days} ${act.days === 1 ? "day" : "days"}: ${act.reason}`;
    case "ban":
      return act.reason;
    default:
      return null;
  }
}

/**
 * Makes SQLite fail the statement, and with it the whole batch (its transaction rolls back), when
 * the report is no longer pending: the action's statements are guarded by the member's state only,
 * so without this a second admin deciding the same report a moment later would act twice.
 * json() of text that is not JSON is the error; CASE evaluates it only when the report moved.
 */
const NOT_PENDING_ERROR = "malformed JSON";
function abortUnlessPending(db: Deps["db"], reportId: string) {
  return db.run(sql`select case when not exists (select 1 from reports where id = ${reportId} and status = 'pending') then json('report not pending') end`);
}

/** ban {reason} as a report's decision: the account's flag and reason, every session ended, one log row (like writeBan). */
function banStatements(db: Deps["db"], context: ActionContext, reason: string) {
  const where = eq(users.id, context.target.id);
  return [
    adminLogInsertIf(
      db,
      { actor: context.actor, action: "ban", targetUserId: context.target.id, targetName: `${context.target.firstName} ${context.target.lastName}`.trim(), reason: `${context.logPrefix}: ${reason}`, at: context.at },
      sql`exists (select 1 from users where ${where})`,
    ),
    db.update(users).set({ isBanned: true, banReason: reason, suspendedUntil: null, suspensionReason: null }).where(where),
    db.delete(sessions).where(eq(sessions.userId, context.target.id)),
    // A banned voucher loses the vouches they gave (docs/decisions/0134).
    withdrawVouchesGiven(db, context.target.id),
  ] as const;
}

/** A member hidden by the reports threshold becomes hidden by the admin: the admin's hide, logged, then holds until an unhide. */
function releaseReportsHide(db: Deps["db"], memberId: string) {
  return db.update(users).set({ hiddenAt: null, hiddenBy: null }).where(and(eq(users.id, memberId), eq(users.hiddenBy, "reports")));
}

/**
 * PATCH /api/admin/reports/{id}: a pending report moves to reviewed, resolved or dismissed, and
 * with an action (ADMIN.md 'Reports that act') the reported member is warned, hidden, suspended or
 * banned in the SAME db.batch (docs/decisions/0002), with ONE admin-log row naming both: the
 * action's row, its detail prefixed "report <status>" (dismiss, which changes no member, writes
 * the report_status row, "<status>: dismiss"). The old form (status alone) writes the
 * report_status row as before. Two admins deciding at once give one change and one log row; the
 * loser gets 409 and nothing is recorded for it. The reports threshold's hiding is recomputed in
 * the same batch: the member shows again once the reports that hid them are decided (SECURITY.md).
 */
export async function decideReport(deps: DecideDeps, admin: Pick<SessionUser, "id" | "firstName" | "lastName">, reportId: string, input: ReportDecisionInput): Promise<AdminResult<AdminReportEntry>> {
  const now = deps.clock.now();
  const [current] = await deps.db.select({ status: reports.status, reportedUserId: reports.reportedUserId }).from(reports).where(eq(reports.id, reportId)).limit(1);
  if (current === undefined) return { ok: false, status: 404, message: MODERATION_MESSAGES.reportNotFound };
  if (current.status !== "pending") return { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
  const { status, act } = input;
  const stillPending = and(eq(reports.id, reportId), eq(reports.status, "pending"));
  const update = deps.db
    .update(reports)
    .set({ status, updatedAt: now, ...(act === null ? {} : { action: act.action, actionDetail: detailOf(act), actionBy: admin.id, actionAt: now }) })
    .where(stillPending)
    .returning({ id: reports.id });
  const hiding = current.reportedUserId === null ? [] : [deps.db.run(applyReportHidingSql(current.reportedUserId, now))];

  let statements: BatchItem<"sqlite">[];
  if (act === null || act.action === "dismiss") {
    const reportedId = sql`(select reported_user_id from reports where id = ${reportId})`;
    const log = adminLogInsertIf(
      deps.db,
      { actor: actorOf(admin), action: "report_status", targetUserId: reportedId, targetName: sql`coalesce(${memberNameSql(reportedId)}, (select json_extract(reported_snapshot, '$.name') from reports where id = ${reportId}), '')`, reason: act === null ? status : `${status}: dismiss`, at: now },
      sql`exists (select 1 from reports where id = ${reportId} and status = 'pending')`,
    );
    statements = [log, update, ...hiding];
  } else {
    const refusal = await memberActionRefusal(deps, admin, current.reportedUserId, act);
    if (refusal !== null) return refusal;
    const [target] = await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, current.reportedUserId!)).limit(1);
    if (target === undefined) return { ok: false, status: 409, message: MODERATION_MESSAGES.memberGone };
    const context: ActionContext = { actor: actorOf(admin), target, at: now, logPrefix: `report ${status}` };
    const acting: BatchItem<"sqlite">[] =
      act.action === "warn"
        ? [...warnStatements(deps, context, act.message, reportId)]
        : act.action === "hide"
          ? [releaseReportsHide(deps.db, target.id), ...hideStatements(deps, context)]
          : act.action === "suspend"
            ? [...suspendStatements(deps, context, act.days, act.reason).statements]
            : [...banStatements(deps.db, context, act.reason)];
    statements = [abortUnlessPending(deps.db, reportId), ...acting, update, ...hiding];
  }
  let results: unknown[];
  try {
    results = (await deps.db.batch(statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  } catch (error) {
    if (error instanceof Error && error.message.includes(NOT_PENDING_ERROR)) return { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
    throw error;
  }
  const updated = results[statements.indexOf(update as unknown as BatchItem<"sqlite">)] as { id: string }[];
  if (updated.length === 0) return { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
  if (act !== null && current.reportedUserId !== null) {
    if (act.action === "suspend") deps.events.emit("user.suspended", { userId: current.reportedUserId });
    if (act.action === "ban") {
      deps.events.emit("user.banned", { userId: current.reportedUserId });
      deps.events.emit("sessions.revoked", { userId: current.reportedUserId, sessionIds: null });
    }
  }
  const entry = await findReport(deps, reportId);
  return entry === null ? { ok: false, status: 404, message: MODERATION_MESSAGES.reportNotFound } : { ok: true, value: entry };
}

/** Why the action cannot be taken on this member (as on their own page), or null. */
async function memberActionRefusal(deps: DecideDeps, admin: Pick<SessionUser, "id">, memberId: string | null, act: ReportActionDecision): Promise<{ ok: false; status: 400 | 409; message: string } | null> {
  if (memberId === null) return { ok: false, status: 409, message: MODERATION_MESSAGES.memberGone };
  const [member] = await deps.db.select({ id: users.id, email: users.email, isAdmin: users.isAdmin, isBanned: users.isBanned }).from(users).where(eq(users.id, memberId)).limit(1);
  if (member === undefined) return { ok: false, status: 409, message: MODERATION_MESSAGES.memberGone };
  if (act.action !== "suspend" && act.action !== "ban") return null;
  const refusal = protectionOf(deps.config, admin, member, "ban");
  if (refusal !== null) return { ok: false, status: 400, message: act.action === "suspend" ? suspendRefusal(refusal) : refusal };
  if (act.action === "suspend" && member.isBanned) return { ok: false, status: 409, message: MEMBER_ACTION_MESSAGES.permanentlyBanned };
  return null;
}

function suspendRefusal(banRefusal: string): string {
  if (banRefusal.includes("own")) return MEMBER_ACTION_MESSAGES.suspendSelf;
  if (banRefusal.toLowerCase().includes("super admin")) return MEMBER_ACTION_MESSAGES.suspendSuperAdmin;
  return banRefusal;
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

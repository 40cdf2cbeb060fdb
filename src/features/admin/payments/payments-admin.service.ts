/**
 * The admin's payments (ADMIN.md "Lists", "One payment"; docs/decisions/0124): the list with its
 * search, filters, sort and CSV, one payment with its ids, flags, status history and notifications,
 * and the flags' "seen" mark. Read by both the JSON calls (payments-admin.routes.ts) and the
 * /admin/payments pages, so they cannot disagree.
 */
import { expireStalePayments } from "../../payments/payments.service";
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { csvOf, csvTime, type CsvColumn } from "../list-csv";
import type { AppDeps } from "../../../app-env";
import { paymentNotifications, payments, paymentStatusHistory, users, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentFlag } from "../../../../db/schema";
import { jakartaMidnight } from "../overview/stats.service";
import { adminLogInsertIf, memberNameSql, type Actor } from "../admin-log";
import { everyRow, offsetOf, orderOf as listOrder, pageOf } from "../list-query";
import type { PaymentListQuery, PaymentSortColumn } from "./payments-admin.schemas";

export interface AdminPaymentEntry {
  id: string;
  /** Null once the member's account is deleted: the payment stays in the revenue history. */
  member: { id: string; firstName: string; lastName: string; email: string } | null;
  plan: "premium" | "premium_plus";
  /** Whole rupiah. */
  amount: number;
  currency: string;
  method: (typeof PAYMENT_METHODS)[number];
  gateway: string;
  status: (typeof PAYMENT_STATUSES)[number];
  createdAt: string;
  paidAt: string | null;
  /** `late`, `needs_attention` (PAYMENTS.md 'Late money is honoured'); shown until marked seen. */
  flags: PaymentFlag[];
  /** When an admin marked the flags seen; null while unseen (or never flagged). */
  flagsSeenAt: string | null;
  gatewayOrderId: string;
}

export interface PaymentTotals {
  /** Sum of paid payments, whole rupiah, whatever the filter. */
  paidAmount: number;
  paidCount: number;
}

const DAY_MS = 24 * 60 * 60_000;

const entryColumns = {
  id: payments.id,
  plan: payments.plan,
  amount: payments.amount,
  currency: payments.currency,
  method: payments.method,
  gateway: payments.gateway,
  status: payments.status,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  flagLate: payments.flagLate,
  flagNeedsAttention: payments.flagNeedsAttention,
  flagsSeenAt: payments.flagsSeenAt,
  gatewayOrderId: payments.gatewayOrderId,
  gatewayTransactionId: payments.gatewayTransactionId,
  memberId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

interface EntryRow {
  id: string;
  plan: "premium" | "premium_plus";
  amount: number;
  currency: string;
  method: (typeof PAYMENT_METHODS)[number];
  gateway: string;
  status: (typeof PAYMENT_STATUSES)[number];
  createdAt: Date;
  paidAt: Date | null;
  flagLate: boolean;
  flagNeedsAttention: boolean;
  flagsSeenAt: Date | null;
  gatewayOrderId: string;
  memberId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const flagsOf = (row: { flagLate: boolean; flagNeedsAttention: boolean }): PaymentFlag[] => [...(row.flagLate ? (["late"] as const) : []), ...(row.flagNeedsAttention ? (["needs_attention"] as const) : [])];

function entryOf(row: EntryRow): AdminPaymentEntry {
  return {
    id: row.id,
    member: row.memberId === null ? null : { id: row.memberId, firstName: row.firstName ?? "", lastName: row.lastName ?? "", email: row.email ?? "" },
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    gateway: row.gateway,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    flags: flagsOf(row),
    flagsSeenAt: row.flagsSeenAt?.toISOString() ?? null,
    gatewayOrderId: row.gatewayOrderId,
  };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A payment with unseen flags (the Overview's count, the `flagged` filter). */
export const UNSEEN_FLAGS: SQL = sql`((${payments.flagLate} = 1 OR ${payments.flagNeedsAttention} = 1) AND ${payments.flagsSeenAt} IS NULL)`;

/** The WHERE of the list's filters. */
function listWhere(query: PaymentListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status !== "all") conditions.push(eq(payments.status, query.status));
  if (query.gateway !== undefined) conditions.push(eq(payments.gateway, query.gateway));
  if (query.from !== undefined) conditions.push(gte(payments.createdAt, jakartaMidnight(query.from)));
  if (query.to !== undefined) conditions.push(lt(payments.createdAt, new Date(jakartaMidnight(query.to).getTime() + DAY_MS)));
  if (query.flagged) conditions.push(UNSEEN_FLAGS);
  if (query.search !== undefined && query.search !== "") {
    const text = query.search;
    const like = likeLiteral(text);
    conditions.push(
      or(
        // Kasih's reference (the receipt's "Payment reference" is the payment id) and the gateway's ids, exactly.
        eq(payments.id, text.toLowerCase()),
        eq(payments.id, text),
        eq(payments.gatewayOrderId, text),
        eq(payments.gatewayTransactionId, text),
        sql`trim(${users.firstName} || ' ' || ${users.lastName}) LIKE ${like} ESCAPE '\\'`,
        sql`${users.email} LIKE ${like} ESCAPE '\\'`,
      ),
    );
  }
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

const SORT_COLUMNS: Record<PaymentSortColumn, SQLWrapper> = {
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  amount: payments.amount,
  status: payments.status,
  gateway: payments.gateway,
  plan: payments.plan,
  method: payments.method,
};

/** Ties (same status, same amount) in a stable order: newest first, then by id. */
const orderOf = (sort: string): SQL[] => listOrder(sort, SORT_COLUMNS, [desc(payments.createdAt), desc(payments.id)]);

export async function listPayments(deps: Pick<AppDeps, "db" | "clock">, query: PaymentListQuery) {
  // Pending payments past their expiry show as expired here too (docs/decisions/0088).
  await expireStalePayments(deps);
  const where = listWhere(query);
  const [rows, [total], [totals]] = await Promise.all([
    deps.db
      .select(entryColumns)
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(payments).leftJoin(users, eq(users.id, payments.userId)).where(where),
    deps.db
      .select({ paidAmount: sql<number>`coalesce(sum(${payments.amount}), 0)`, paidCount: count() })
      .from(payments)
      .where(eq(payments.status, "paid")),
  ]);
  const paidTotals: PaymentTotals = { paidAmount: Number(totals?.paidAmount ?? 0), paidCount: totals?.paidCount ?? 0 };
  return { ...pageOf("payments", rows.map(entryOf), total?.value ?? 0, query), totals: paidTotals };
}

/** Every payment the list's filters match, in its order (the CSV export: all rows, not one page). */
export async function allMatchingPayments(deps: Pick<AppDeps, "db" | "clock">, query: PaymentListQuery) {
  await expireStalePayments(deps);
  const rows = await deps.db.select(entryColumns).from(payments).leftJoin(users, eq(users.id, payments.userId)).where(listWhere(query)).orderBy(...orderOf(query.sort));
  return rows.map((row) => ({ ...entryOf(row), gatewayTransactionId: row.gatewayTransactionId }));
}

type ExportedPayment = Awaited<ReturnType<typeof allMatchingPayments>>[number];

/** The CSV's columns (ADMIN.md 'Lists': CSV of all matching rows). */
const PAYMENT_CSV: CsvColumn<ExportedPayment>[] = [
  { header: "id", value: (row) => row.id },
  { header: "created_at", value: (row) => csvTime(row.createdAt) },
  { header: "paid_at", value: (row) => csvTime(row.paidAt) },
  { header: "status", value: (row) => row.status },
  { header: "flags", value: (row) => row.flags.join(" ") },
  { header: "plan", value: (row) => row.plan },
  { header: "amount", value: (row) => row.amount },
  { header: "currency", value: (row) => row.currency },
  { header: "method", value: (row) => row.method },
  { header: "gateway", value: (row) => row.gateway },
  { header: "gateway_order_id", value: (row) => row.gatewayOrderId },
  { header: "gateway_transaction_id", value: (row) => row.gatewayTransactionId },
  { header: "member_name", value: (row) => (row.member === null ? null : `${row.member.firstName} ${row.member.lastName}`.trim()) },
  { header: "member_email", value: (row) => row.member?.email ?? null },
];

/** The shared CSV writer's field (kept here too: the payments' tests and callers import it from this module). */
export { csvField } from "../list-csv";

export async function paymentsCsv(deps: Pick<AppDeps, "db" | "clock">, query: PaymentListQuery): Promise<string> {
  return csvOf(PAYMENT_CSV, await allMatchingPayments(deps, everyRow(query)));
}

/** GET /api/admin/payments/{id} (ADMIN.md 'One payment'). */
export interface AdminPaymentDetail extends AdminPaymentEntry {
  gatewayTransactionId: string | null;
  expiresAt: string | null;
  /** Every status the payment took, oldest first. */
  statusHistory: { status: (typeof PAYMENT_STATUSES)[number]; at: string }[];
  /** Every notification received for it, newest first; bodies without secrets or signatures. */
  notifications: { receivedAt: string; verified: boolean; status: string; answer: number; body: string }[];
  /** The days the payment added to a plan (a refund takes exactly these off), when known. */
  period: { plan: "premium" | "premium_plus"; startsAt: string; endsAt: string } | null;
  /** The refund, once asked for; null before. */
  refund: {
    reason: string | null;
    manual: boolean | null;
    note: string | null;
    gatewayRefundId: string | null;
    requestedAt: string | null;
    refundedAt: string | null;
    /** The admin who refunded (null: the terminal, a gateway's own notification, or a deleted account). */
    refundedBy: { id: string; name: string } | null;
  } | null;
}

/** The most notifications one payment's page lists (a gateway retrying for days sends many). */
const NOTIFICATIONS_SHOWN = 100;

export async function paymentDetail(deps: Pick<AppDeps, "db" | "clock">, paymentId: string): Promise<AdminPaymentDetail | null> {
  await expireStalePayments(deps);
  const [row] = await deps.db
    .select({
      ...entryColumns,
      expiresAt: payments.expiresAt,
      appliedPlan: payments.appliedPlan,
      periodStartsAt: payments.periodStartsAt,
      periodEndsAt: payments.periodEndsAt,
      refundId: payments.refundId,
      refundReason: payments.refundReason,
      refundManual: payments.refundManual,
      refundNote: payments.refundNote,
      gatewayRefundId: payments.gatewayRefundId,
      refundRequestedAt: payments.refundRequestedAt,
      refundedAt: payments.refundedAt,
      refundedBy: payments.refundedBy,
      refundedByName: sql<string | null>`(select trim(first_name || ' ' || last_name) from users where id = ${payments.refundedBy})`,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (row === undefined) return null;
  const [history, notifications] = await Promise.all([
    deps.db.select({ status: paymentStatusHistory.status, at: paymentStatusHistory.at }).from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, paymentId)).orderBy(asc(paymentStatusHistory.at), asc(paymentStatusHistory.id)),
    deps.db
      .select({ receivedAt: paymentNotifications.receivedAt, verified: paymentNotifications.verified, status: paymentNotifications.status, answer: paymentNotifications.answer, body: paymentNotifications.body })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, paymentId))
      .orderBy(desc(paymentNotifications.receivedAt), desc(paymentNotifications.id))
      .limit(NOTIFICATIONS_SHOWN),
  ]);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    ...entryOf(row),
    gatewayTransactionId: row.gatewayTransactionId,
    expiresAt: iso(row.expiresAt),
    statusHistory: history.map((entry) => ({ status: entry.status, at: entry.at.toISOString() })),
    notifications: notifications.map((entry) => ({ ...entry, receivedAt: entry.receivedAt.toISOString() })),
    period: row.periodStartsAt !== null && row.periodEndsAt !== null ? { plan: row.appliedPlan ?? row.plan, startsAt: row.periodStartsAt.toISOString(), endsAt: row.periodEndsAt.toISOString() } : null,
    refund:
      row.refundId === null && row.refundedAt === null
        ? null
        : {
            reason: row.refundReason,
            manual: row.refundManual,
            note: row.refundNote,
            gatewayRefundId: row.gatewayRefundId,
            requestedAt: iso(row.refundRequestedAt),
            refundedAt: iso(row.refundedAt),
            refundedBy: row.refundedBy === null ? null : { id: row.refundedBy, name: row.refundedByName ?? "" },
          },
  };
}

/**
 * POST /api/admin/payments/{id}/seen: the payment's flags leave the Overview. One batch with its
 * admin-log row, both only while there are unseen flags (a second press changes and logs nothing).
 * Answers whether the payment exists.
 */
export async function markFlagsSeen(deps: Pick<AppDeps, "db" | "clock">, actor: Actor, paymentId: string): Promise<boolean> {
  const now = deps.clock.now();
  const unseen = and(eq(payments.id, paymentId), UNSEEN_FLAGS)!;
  const member = sql`(select user_id from payments where id = ${paymentId})`;
  await deps.db.batch([
    adminLogInsertIf(deps.db, { actor, action: "payment_seen", targetUserId: member, targetName: sql`coalesce(${memberNameSql(member)}, 'Deleted member')`, reason: `payment ${paymentId}`, at: now }, sql`exists (select 1 from payments where ${unseen})`),
    deps.db.update(payments).set({ flagsSeenAt: now }).where(unseen),
  ]);
  const [exists] = await deps.db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return exists !== undefined;
}

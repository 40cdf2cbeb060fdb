/**
 * The admin's payments list (ADMIN.md "Lists"): every payment with its member, plan, amount,
 * method, gateway, status and times, and the totals of paid revenue. Read by both
 * GET /api/admin/payments and the /admin/payments page.
 */
import { expireStalePayments } from "../../payments/payments.service";
import { count, desc, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { payments, users, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../../../db/schema";
import { offsetOf, pageOf } from "../list-query";
import type { PaymentListQuery } from "./payments-admin.schemas";

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
}

export interface PaymentTotals {
  /** Sum of paid payments, whole rupiah, whatever the filter. */
  paidAmount: number;
  paidCount: number;
}

export async function listPayments(deps: Pick<AppDeps, "db" | "clock">, query: PaymentListQuery) {
  // Pending payments past their expiry show as expired here too (docs/decisions/0088).
  await expireStalePayments(deps);
  const where = query.status === "all" ? undefined : eq(payments.status, query.status);
  const [rows, [total], [totals]] = await Promise.all([
    deps.db
      .select({
        id: payments.id,
        plan: payments.plan,
        amount: payments.amount,
        currency: payments.currency,
        method: payments.method,
        gateway: payments.gateway,
        status: payments.status,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
        memberId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(payments).where(where),
    deps.db
      .select({ paidAmount: sql<number>`coalesce(sum(${payments.amount}), 0)`, paidCount: count() })
      .from(payments)
      .where(eq(payments.status, "paid")),
  ]);
  const entries = rows.map(
    (row): AdminPaymentEntry => ({
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
    }),
  );
  const paidTotals: PaymentTotals = { paidAmount: Number(totals?.paidAmount ?? 0), paidCount: totals?.paidCount ?? 0 };
  return { ...pageOf("payments", entries, total?.value ?? 0, query), totals: paidTotals };
}

/**
 * The money path: what a gateway's confirmed status does to a payment and a plan (PAYMENTS.md
 * 'Notifications', docs/decisions/0088-payments-and-money-invariants.md).
 *
 * - Only `pending` moves; `paid` never goes back.
 * - The status change and the plan change are one batch (one transaction), and the plan change is
 *   conditional on THIS confirmation having moved the payment (its random activation id), so a
 *   notification replayed, or two arriving at the same moment, extend the plan once.
 * - The caller answers the gateway only after the batch has committed and is synced to disk: a
 *   server killed, or a machine losing power, right after answering 200 still has the payment
 *   paid and the plan active.
 */
import { and, eq, sql } from "drizzle-orm";
import { payments, subscriptions, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { newToken } from "../../platform/ids";
import { PAYMENT_PERIOD_MS } from "../../platform/constants";
import type { GatewayName, GatewayStatus } from "./gateways/gateway";
import { markUnpaid, syncPaymentToDisk } from "./payments.service";
import { sendReceipt } from "./receipt";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events" | "mailer" | "background">;

export type ApplyResult =
  /** The payment became paid now and the plan changed. */
  | { kind: "activated"; paymentId: string }
  /** A final status other than paid was recorded now. */
  | { kind: "closed"; paymentId: string; status: "failed" | "expired" | "cancelled" }
  /** Nothing to do: already applied, still pending, or a late status for a payment already final. */
  | { kind: "unchanged"; paymentId: string; status: string }
  /** No payment of this gateway has that order id. */
  | { kind: "unknown" }
  /** The gateway's amount or currency is not the payment's: the payment is failed, never paid. */
  | { kind: "amount_mismatch"; paymentId: string };

/**
 * Applies a status the gateway itself confirmed. `reportedAmount` is what the notification
 * carried, checked as well: a notification about a different amount is never honoured.
 */
export async function applyGatewayStatus(deps: Deps, gateway: GatewayName, status: GatewayStatus, reportedAmount: number | null): Promise<ApplyResult> {
  const [payment] = await deps.db
    .select({ id: payments.id, userId: payments.userId, plan: payments.plan, amount: payments.amount, currency: payments.currency, status: payments.status })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, status.gatewayOrderId)))
    .limit(1);
  if (payment === undefined) return { kind: "unknown" };

  // Only a confirmation of money is checked against the payment: a status ping (pending, declined)
  // with an odd amount field must not fail a payment the member may still complete.
  const amountDiffers =
    status.outcome === "paid" &&
    (status.amount !== payment.amount || status.currency.toUpperCase() !== payment.currency || (reportedAmount !== null && reportedAmount !== payment.amount));
  if (amountDiffers) {
    log.error(`payments: ${gateway} reported ${status.currency} ${status.amount} (notification ${reportedAmount}) for payment ${payment.id} of ${payment.currency} ${payment.amount}; marked failed if pending`);
    await markUnpaid(deps, payment.id, "failed", { error: "amount mismatch" });
    return { kind: "amount_mismatch", paymentId: payment.id };
  }

  // A refund's completion is applied by the refund path (refunds.ts), never here.
  if (status.outcome === "pending" || status.outcome === "refunded") return { kind: "unchanged", paymentId: payment.id, status: payment.status };
  if (status.outcome !== "paid") {
    const moved = await markUnpaid(deps, payment.id, status.outcome);
    return moved ? { kind: "closed", paymentId: payment.id, status: status.outcome } : { kind: "unchanged", paymentId: payment.id, status: payment.status };
  }
  if (payment.status !== "pending") {
    // Money taken for a payment we had closed (declined earlier, or expired past its grace):
    // the operator must refund or grant by hand. Loud in the log; the payment stays as it is.
    if (payment.status !== "paid") log.error(`payments: ${gateway} confirms payment ${payment.id} as paid, but it is ${payment.status}; refund it or grant the plan with \`kasih user premium\``);
    return { kind: "unchanged", paymentId: payment.id, status: payment.status };
  }
  if (payment.userId === null) {
    // The account was deleted while the payment was open: record the money, no plan to change.
    await deps.db.update(payments).set({ status: "paid", paidAt: deps.clock.now() }).where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    return { kind: "unchanged", paymentId: payment.id, status: "paid" };
  }
  return activate(deps, { id: payment.id, userId: payment.userId, plan: payment.plan });
}

/**
 * pending → paid, and the plan (PAYMENTS.md 'Prices and plans'): the same plan while it runs is
 * extended by 30 days; Premium Plus bought during Premium starts now for 30 days; a lapsed or free
 * member starts now. Premium bought while Premium Plus runs (only possible if Plus was bought
 * while this payment was open) extends Plus rather than losing the money. A plan granted without
 * end by the operator keeps no end.
 */
async function activate(deps: Deps, payment: { id: string; userId: string; plan: "premium" | "premium_plus" }): Promise<ApplyResult> {
  const now = deps.clock.now().getTime();
  const activationId = newToken();
  const appliedHere = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND activation_id = ${activationId})`;
  const plan = payment.plan;
  // SQLite evaluates every SET expression against the row as it was, so `plan` and
  // `plan_expires_at` below are the member's plan before this payment.
  const samePlanRuns = sql`(${users.plan} = ${plan} OR (${plan} = 'premium' AND ${users.plan} = 'premium_plus'))`;
  const [moved] = await deps.db.batch([
    deps.db
      .update(payments)
      .set({ status: "paid", paidAt: new Date(now), activationId })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending"))),
    deps.db
      .update(users)
      .set({
        plan: sql`CASE WHEN ${plan} = 'premium' AND ${users.plan} = 'premium_plus' AND (${users.planExpiresAt} IS NULL OR ${users.planExpiresAt} > ${now}) THEN 'premium_plus' ELSE ${plan} END`,
        planExpiresAt: sql`CASE
          WHEN ${samePlanRuns} AND ${users.planExpiresAt} IS NULL THEN NULL
          WHEN ${samePlanRuns} AND ${users.planExpiresAt} > ${now} THEN ${users.planExpiresAt} + ${PAYMENT_PERIOD_MS}
          ELSE ${now + PAYMENT_PERIOD_MS} END`,
      })
      .where(and(eq(users.id, payment.userId), appliedHere)),
    deps.db
      .update(subscriptions)
      .set({ status: "active", startsAt: new Date(now), endsAt: sql`(SELECT plan_expires_at FROM users WHERE id = ${payment.userId})` })
      .where(and(eq(subscriptions.paymentId, payment.id), appliedHere)),
  ]);
  if (moved.rowsAffected === 0) return { kind: "unchanged", paymentId: payment.id, status: "paid" };
  // On disk before the gateway hears 200, power cut or not (db/client.ts).
  await syncPaymentToDisk(deps, payment.id);

  const [member] = await deps.db
    .select({ email: users.email, firstName: users.firstName, language: users.language, plan: users.plan, planExpiresAt: users.planExpiresAt })
    .from(users)
    .where(eq(users.id, payment.userId))
    .limit(1);
  if (member !== undefined) {
    deps.events.emit("plan.changed", { userId: payment.userId, plan: member.plan, planExpiresAt: member.planExpiresAt, paymentId: payment.id });
    // The receipt follows the commit; a mail fault never undoes a payment.
    deps.background.run(`payments: the receipt for ${payment.id}`, () => sendReceipt(deps, { ...member, paymentId: payment.id, paidAt: new Date(now) }));
  }
  return { kind: "activated", paymentId: payment.id };
}

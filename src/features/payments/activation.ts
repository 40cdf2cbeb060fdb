/**
 * The money path: what a gateway's confirmed status does to a payment and a plan (PAYMENTS.md
 * 'Notifications', docs/decisions/0088-payments-and-money-invariants.md).
 *
 * - Only `pending` moves, and late money: a verified confirmation of a payment Kasih had expired,
 *   cancelled or failed on a gateway decline makes it paid, flagged `late` (PAYMENTS.md 'Late
 *   money is honoured', docs/decisions/0124). `paid` never goes back except by a refund.
 * - Every status change writes its status-history row in the same batch.
 * - The status change and the plan change are one batch (one transaction), and the plan change is
 *   conditional on THIS confirmation having moved the payment (its random activation id), so a
 *   notification replayed, or two arriving at the same moment, extend the plan once.
 * - The caller answers the gateway only after the batch has committed and is synced to disk: a
 *   server killed, or a machine losing power, right after answering 200 still has the payment
 *   paid and the plan active.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { payments, subscriptions, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { newToken } from "../../platform/ids";
import { PAYMENT_PERIOD_MS } from "../../platform/constants";
import type { GatewayName, GatewayStatus } from "./gateways/gateway";
import { markUnpaid, syncPaymentToDisk } from "./payments.service";
import { statusHistoryIf } from "./status-history";
import { completeRefundFromGateway, reopenFailedRefund } from "./refunds";
import { sendReceipt } from "./receipt";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events" | "mailer" | "background">;

export type ApplyResult =
  /** The payment became paid now and the plan changed (`late`: it had been closed before). */
  | { kind: "activated"; paymentId: string; late?: boolean }
  /** A final status other than paid was recorded now. */
  | { kind: "closed"; paymentId: string; status: "failed" | "expired" | "cancelled" }
  /** A refund the gateway had accepted as pending is done: refunded now. */
  | { kind: "refunded"; paymentId: string }
  /** Nothing to do: already applied, still pending, or a late status for a payment already final. */
  | { kind: "unchanged"; paymentId: string; status: string }
  /** No payment of this gateway has that order id. */
  | { kind: "unknown" }
  /** The gateway's amount or currency is not the payment's: never paid by it; flagged needs_attention. */
  | { kind: "amount_mismatch"; paymentId: string };

/**
 * A closed payment that money may still reopen: expired or cancelled, or failed on the gateway's
 * decline (a card may be retried on the same order after a `deny`). Not one failed because its
 * creation failed (`details.error`) or because an amount differed (flagged needs_attention).
 */
const HONOURABLE = sql`(status = 'pending' OR status IN ('expired', 'cancelled') OR (status = 'failed' AND flag_needs_attention = 0 AND json_extract(details, '$.error') IS NULL))`;
/** Statuses that mean the member's money reached Kasih (paid, and refunds of it). */
const MONEY_TAKEN = ["paid", "refund_pending", "refunded"] as const;

/**
 * Applies a status the gateway itself confirmed. `reportedAmount` is what the notification
 * carried, checked as well: a notification about a different amount is never honoured.
 */
export async function applyGatewayStatus(deps: Deps, gateway: GatewayName, status: GatewayStatus, reportedAmount: number | null): Promise<ApplyResult> {
  const [payment] = await deps.db
    .select({ id: payments.id, userId: payments.userId, plan: payments.plan, amount: payments.amount, currency: payments.currency, status: payments.status, gatewayTransactionId: payments.gatewayTransactionId })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, status.gatewayOrderId)))
    .limit(1);
  if (payment === undefined) return { kind: "unknown" };
  const transactionId = status.gatewayTransactionId ?? null;
  if (transactionId !== null && payment.gatewayTransactionId === null) {
    // Shown to the operator and named by refunds; not money, so outside any batch.
    await deps.db.update(payments).set({ gatewayTransactionId: transactionId }).where(and(eq(payments.id, payment.id), sql`${payments.gatewayTransactionId} IS NULL`));
  }

  // Only a confirmation of money is checked against the payment: a status ping (pending, declined)
  // with an odd amount field must not fail a payment the member may still complete.
  const amountDiffers =
    status.outcome === "paid" &&
    (status.amount !== payment.amount || status.currency.toUpperCase() !== payment.currency || (reportedAmount !== null && reportedAmount !== payment.amount));
  if (amountDiffers) {
    log.error(`payments: ${gateway} reported ${status.currency} ${status.amount} (notification ${reportedAmount}) for payment ${payment.id} of ${payment.currency} ${payment.amount}; failed unless paid, flagged needs_attention`);
    await flagAmountMismatch(deps, payment.id);
    return { kind: "amount_mismatch", paymentId: payment.id };
  }

  if (status.outcome === "refunded") {
    const done = await completeRefundFromGateway(deps, payment.id, gateway);
    return done ? { kind: "refunded", paymentId: payment.id } : { kind: "unchanged", paymentId: payment.id, status: payment.status };
  }
  if (status.outcome === "pending") return { kind: "unchanged", paymentId: payment.id, status: payment.status };
  if (status.outcome !== "paid") {
    const moved = await markUnpaid(deps, payment.id, status.outcome);
    return moved ? { kind: "closed", paymentId: payment.id, status: status.outcome } : { kind: "unchanged", paymentId: payment.id, status: payment.status };
  }
  if (status.refundFailed === true && payment.status === "refund_pending") {
    const reopened = await reopenFailedRefund(deps, payment.id);
    return { kind: "unchanged", paymentId: payment.id, status: reopened ? "paid" : payment.status };
  }
  if ((MONEY_TAKEN as readonly string[]).includes(payment.status)) return { kind: "unchanged", paymentId: payment.id, status: payment.status };
  const late = payment.status !== "pending";
  if (payment.userId === null) {
    // The account was deleted while the payment was open: record the money, no plan to change.
    const now = deps.clock.now();
    const movable = and(eq(payments.id, payment.id), HONOURABLE)!;
    await deps.db.batch([
      statusHistoryIf(deps.db, payment.id, "paid", now, sql`EXISTS (SELECT 1 FROM payments WHERE ${movable})`),
      deps.db.update(payments).set(paidSet(now, null)).where(movable),
    ]);
    return { kind: "unchanged", paymentId: payment.id, status: "paid" };
  }
  const result = await activate(deps, { id: payment.id, userId: payment.userId, plan: payment.plan });
  if (result.kind === "activated" && late) log.warn(`payments: ${gateway} confirms payment ${payment.id} as paid after it was ${payment.status}; honoured and flagged late (docs/decisions/0124)`);
  // A payment failed at creation or on a differing amount is not reopened: the operator decides.
  if (result.kind !== "activated" && late) log.error(`payments: ${gateway} confirms payment ${payment.id} as paid, but it is ${payment.status} and not reopened; refund it or grant the plan by hand`);
  return result.kind === "activated" ? { ...result, late } : result;
}

/** What pending (or a closed payment honoured late) → paid writes on the payment row. */
function paidSet(now: Date, activationId: string | null) {
  return {
    status: "paid" as const,
    paidAt: now,
    activationId,
    // SET expressions read the row as it was: a payment that was not pending is late money.
    flagLate: sql`CASE WHEN status <> 'pending' THEN 1 ELSE flag_late END`,
    flagsSeenAt: sql`CASE WHEN status <> 'pending' THEN NULL ELSE flags_seen_at END`,
  };
}

/**
 * A confirmation whose amount or currency differs (PAYMENTS.md 'Late money is honoured'): the
 * payment becomes (or stays) failed with the flag needs_attention; a payment already paid (or
 * refunded) keeps its status and only gains the flag. A replay does not raise a seen flag again.
 */
async function flagAmountMismatch(deps: Pick<Deps, "db" | "clock">, paymentId: string) {
  const now = deps.clock.now();
  const becomesFailed: SQL = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${paymentId} AND status NOT IN ('failed', 'paid', 'refund_pending', 'refunded'))`;
  await deps.db.batch([
    statusHistoryIf(deps.db, paymentId, "failed", now, becomesFailed),
    deps.db
      .update(payments)
      .set({
        status: sql`CASE WHEN status IN ('paid', 'refund_pending', 'refunded') THEN status ELSE 'failed' END`,
        details: sql`CASE WHEN status IN ('paid', 'refund_pending', 'refunded') THEN details ELSE json_patch(details, ${JSON.stringify({ error: "amount mismatch" })}) END`,
        flagsSeenAt: sql`CASE WHEN flag_needs_attention = 0 THEN NULL ELSE flags_seen_at END`,
        flagNeedsAttention: true,
      })
      .where(eq(payments.id, paymentId)),
  ]);
}

/**
 * → paid, and the plan (PAYMENTS.md 'Prices and plans'): the same plan while it runs is
 * extended by 30 days; Premium Plus bought during Premium starts now for 30 days; a lapsed or free
 * member starts now. Premium bought while Premium Plus runs (only possible if Plus was bought
 * while this payment was open) extends Plus rather than losing the money. A plan granted without
 * end by the operator keeps no end. The payment records which plan its days went to and which
 * days they are, so a refund can take exactly those off (refunds.ts).
 */
async function activate(deps: Deps, payment: { id: string; userId: string; plan: "premium" | "premium_plus" }): Promise<ApplyResult> {
  const now = deps.clock.now().getTime();
  const activationId = newToken();
  const appliedHere = sql`EXISTS (SELECT 1 FROM payments WHERE id = ${payment.id} AND activation_id = ${activationId})`;
  const movable = and(eq(payments.id, payment.id), HONOURABLE)!;
  const plan = payment.plan;
  // SQLite evaluates every SET expression against the row as it was, so `plan` and
  // `plan_expires_at` below are the member's plan before this payment.
  const samePlanRuns = sql`(${users.plan} = ${plan} OR (${plan} = 'premium' AND ${users.plan} = 'premium_plus'))`;
  // The same, read from the member's row by the payment's own update (before the member's update).
  const memberBefore = (column: string) => sql`(SELECT ${sql.raw(column)} FROM users WHERE id = ${payment.userId})`;
  const runs = sql`((${memberBefore("plan")} = ${plan} OR (${plan} = 'premium' AND ${memberBefore("plan")} = 'premium_plus')) AND (${memberBefore("plan_expires_at")} IS NULL OR ${memberBefore("plan_expires_at")} > ${now}))`;
  const [, moved] = await deps.db.batch([
    statusHistoryIf(deps.db, payment.id, "paid", new Date(now), sql`EXISTS (SELECT 1 FROM payments WHERE ${movable})`),
    deps.db.update(payments).set(paidSet(new Date(now), activationId)).where(movable),
    deps.db
      .update(payments)
      .set({
        appliedPlan: sql`CASE WHEN ${plan} = 'premium' AND ${memberBefore("plan")} = 'premium_plus' AND (${memberBefore("plan_expires_at")} IS NULL OR ${memberBefore("plan_expires_at")} > ${now}) THEN 'premium_plus' ELSE ${plan} END`,
        periodStartsAt: sql`CASE WHEN ${runs} AND ${memberBefore("plan_expires_at")} IS NOT NULL THEN ${memberBefore("plan_expires_at")} ELSE ${now} END`,
        // A plan without end gains no days: an empty period, nothing for a refund to take off.
        periodEndsAt: sql`CASE WHEN ${runs} AND ${memberBefore("plan_expires_at")} IS NULL THEN ${now} WHEN ${runs} THEN ${memberBefore("plan_expires_at")} + ${PAYMENT_PERIOD_MS} ELSE ${now + PAYMENT_PERIOD_MS} END`,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.activationId, activationId))),
    deps.db
      .update(users)
      .set({
        plan: sql`CASE WHEN ${plan} = 'premium' AND ${users.plan} = 'premium_plus' AND (${users.planExpiresAt} IS NULL OR ${users.planExpiresAt} > ${now}) THEN 'premium_plus' ELSE ${plan} END`,
        planExpiresAt: sql`CASE
          WHEN ${samePlanRuns} AND ${users.planExpiresAt} IS NULL THEN NULL
          WHEN ${samePlanRuns} AND ${users.planExpiresAt} > ${now} THEN ${users.planExpiresAt} + ${PAYMENT_PERIOD_MS}
          ELSE ${now + PAYMENT_PERIOD_MS} END`,
        // An extension continues the run; anything else starts one now (refunds.ts reads it).
        planSince: sql`CASE WHEN ${samePlanRuns} AND (${users.planExpiresAt} IS NULL OR ${users.planExpiresAt} > ${now}) THEN ${users.planSince} ELSE ${now} END`,
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
    // The receipt follows the commit; a mail fault never undoes a payment. An account made by
    // phone without an address gets none (docs/decisions/0136).
    const email = member.email;
    if (email !== null) deps.background.run(`payments: the receipt for ${payment.id}`, () => sendReceipt(deps, { ...member, email, paymentId: payment.id, paidAt: new Date(now) }));
  }
  return { kind: "activated", paymentId: payment.id };
}

/**
 * Refunds (PAYMENTS.md 'Refunds', docs/decisions/0124): only a `paid` payment, through its own
 * gateway's refund API where it has one for the method, else (or when the admin asks) recorded as
 * a manual refund with its note. A gateway that refunds later leaves the payment `refund_pending`
 * until its notification says done.
 *
 * When the payment becomes `refunded`, one batch (one transaction) writes the status, its history
 * row, the plan change and one admin-log row, all under the same condition (the refund this call
 * claimed is still the payment's, and it is not refunded yet), so a replay changes nothing.
 *
 * The plan: the payment's own days (the period it added, recorded at activation) come off the end
 * of the plan it bought — if that plan is still the member's current run (same plan, begun no later
 * than the payment's days). The plan ends now if the end would be in the past. A later upgrade,
 * a later fresh start or a grant of another plan is a run of its own and is left untouched.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { payments, subscriptions, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { newId } from "../../platform/ids";
import { GATEWAY_TIMEOUT_MS, PAYMENT_PERIOD_MS } from "../../platform/constants";
import { log } from "../../platform/log";
import { adminLogInsertIf, memberNameSql, type Actor } from "../admin/admin-log";
import { gatewayNamed } from "./gateway-choice";
import { GatewayError, WALLETS, type GatewayName, type Wallet } from "./gateways/gateway";
import { GATEWAY_UNAVAILABLE } from "./gateways/http";
import { sendRefundMail } from "./refund-mail";
import { statusHistoryIf } from "./status-history";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "mailer" | "background"> & Partial<Pick<AppDeps, "gatewayTimeoutMs">>;

export const REFUND_MESSAGES = {
  notFound: "Payment not found",
  notPaid: "Only a paid payment can be refunded",
} as const;

/** What the admin gave: the reason (logged), and for a refund by hand its note. */
export interface RefundInput {
  reason: string;
  /** Record a refund made outside Kasih (bank transfer, the gateway's dashboard) instead of calling the gateway. */
  manual?: boolean;
  note?: string | null;
}

export type RefundResult =
  | { ok: true; status: "refunded" | "refund_pending"; manual: boolean }
  | { ok: false; status: 404 | 409 | 502; message: string };

/** The payment a refund reads. */
async function refundable(deps: Pick<Deps, "db">, paymentId: string) {
  const [row] = await deps.db
    .select({
      id: payments.id,
      userId: payments.userId,
      status: payments.status,
      gateway: payments.gateway,
      method: payments.method,
      amount: payments.amount,
      gatewayOrderId: payments.gatewayOrderId,
      gatewayTransactionId: payments.gatewayTransactionId,
      refundId: payments.refundId,
      details: payments.details,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/**
 * POST /api/admin/payments/{id}/refund. The payment is claimed for this refund first (its
 * refund_id, only while paid and unclaimed), so two admins pressing Refund at once call the
 * gateway once; a gateway refusal releases the claim and the payment stays paid.
 */
export async function refundPayment(deps: Deps, actor: Actor, paymentId: string, input: RefundInput): Promise<RefundResult> {
  const payment = await refundable(deps, paymentId);
  if (payment === undefined) return { ok: false, status: 404, message: REFUND_MESSAGES.notFound };
  if (payment.status !== "paid" || payment.refundId !== null) return { ok: false, status: 409, message: REFUND_MESSAGES.notPaid };
  const now = deps.clock.now();
  const refundId = newId();
  const claimed = await deps.db
    .update(payments)
    .set({ refundId, refundRequestedAt: now, refundReason: input.reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "paid"), sql`${payments.refundId} IS NULL`));
  if (claimed.rowsAffected === 0) return { ok: false, status: 409, message: REFUND_MESSAGES.notPaid };

  const client = input.manual ? null : await gatewayNamed(deps, payment.gateway as GatewayName);
  // An e-wallet's refund depends on its wallet (Xendit refunds no one-off OVO payment), as the payment page's form reads it.
  const stored = payment.details?.wallet;
  const wallet = typeof stored === "string" && (WALLETS as readonly string[]).includes(stored) ? (stored as Wallet) : null;
  const throughGateway = client !== null && client.refund !== undefined && client.canRefund?.(payment.method, wallet) === true;
  const release = () => deps.db.update(payments).set({ refundId: null, refundRequestedAt: null, refundReason: null }).where(and(eq(payments.id, paymentId), eq(payments.refundId, refundId), eq(payments.status, "paid")));
  if (!throughGateway) {
    try {
      await finishRefund(deps, { paymentId, refundId, actor, action: "refund", reason: input.reason, manual: true, note: input.note ?? null, gatewayRefundId: null });
    } catch (error) {
      // Nothing was written (one batch); the payment is paid and may be refunded again.
      await release();
      throw error;
    }
    return { ok: true, status: "refunded", manual: true };
  }

  let answer;
  try {
    answer = await client.refund!({
      gatewayOrderId: payment.gatewayOrderId,
      gatewayTransactionId: payment.gatewayTransactionId,
      method: payment.method,
      amount: payment.amount,
      reason: input.reason,
      refundId,
      signal: AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    // The payment stays paid: the claim is released so the admin may try again (or refund by hand).
    await release();
    log.error(`payments: ${payment.gateway} refused the refund of ${paymentId}: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    return { ok: false, status: 502, message: error instanceof GatewayError ? error.message : GATEWAY_UNAVAILABLE };
  }
  if (answer.state === "refunded") {
    await finishRefund(deps, { paymentId, refundId, actor, action: "refund", reason: input.reason, manual: false, note: input.note ?? null, gatewayRefundId: answer.gatewayRefundId });
    return { ok: true, status: "refunded", manual: false };
  }
  // The gateway refunds later: refund_pending, logged now (the admin's act), finished by its notification.
  const claim = and(eq(payments.id, paymentId), eq(payments.refundId, refundId), eq(payments.status, "paid"))!;
  const stillClaimed = sql`EXISTS (SELECT 1 FROM payments WHERE ${claim})`;
  await deps.db.batch([
    adminLogInsertIf(deps.db, { actor, action: "refund", ...logTarget(paymentId), reason: `payment ${paymentId}, pending at ${payment.gateway}: ${input.reason}`, at: now }, stillClaimed),
    statusHistoryIf(deps.db, paymentId, "refund_pending", now, stillClaimed),
    deps.db.update(payments).set({ status: "refund_pending", gatewayRefundId: answer.gatewayRefundId, refundManual: false, refundNote: input.note ?? null, refundedBy: actor.id }).where(claim),
  ]);
  return { ok: true, status: "refund_pending", manual: false };
}

/**
 * A gateway's verified notification says the money went back (GatewayOutcome `refunded`): a
 * `refund_pending` payment is finished; a `paid` one was refunded at the gateway's own dashboard
 * and is recorded as such. Returns whether this call made it refunded.
 */
export async function completeRefundFromGateway(deps: Deps, paymentId: string, gateway: GatewayName): Promise<boolean> {
  const payment = await refundable(deps, paymentId);
  if (payment === undefined) return false;
  const actor: Actor = { id: null, name: `${gateway} (refund notification)` };
  // refund_pending, or paid with a refund claimed whose recording failed after the gateway took it.
  if ((payment.status === "refund_pending" || payment.status === "paid") && payment.refundId !== null) {
    return finishRefund(deps, { paymentId, refundId: payment.refundId, actor, action: "refund_completed", reason: null, manual: null, note: null, gatewayRefundId: null });
  }
  if (payment.status !== "paid") return false;
  const refundId = newId();
  const reason = "Refunded at the gateway";
  const claimed = await deps.db
    .update(payments)
    .set({ refundId, refundRequestedAt: deps.clock.now(), refundReason: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "paid"), sql`${payments.refundId} IS NULL`));
  if (claimed.rowsAffected === 0) return false;
  return finishRefund(deps, { paymentId, refundId, actor, action: "refund", reason, manual: false, note: null, gatewayRefundId: null });
}

/**
 * The gateway says a `refund_pending` payment's refund failed or was cancelled: the money stayed,
 * so the payment is paid again (its history row in the same batch) and its refund claim released,
 * so the admin may refund it again or by hand. Returns whether this call moved it.
 */
export async function reopenFailedRefund(deps: Pick<Deps, "db" | "clock">, paymentId: string): Promise<boolean> {
  const now = deps.clock.now();
  const pending = and(eq(payments.id, paymentId), eq(payments.status, "refund_pending"))!;
  const [, moved] = await deps.db.batch([
    statusHistoryIf(deps.db, paymentId, "paid", now, sql`EXISTS (SELECT 1 FROM payments WHERE ${pending})`),
    deps.db.update(payments).set({ status: "paid", refundId: null, refundRequestedAt: null, gatewayRefundId: null }).where(pending),
  ]);
  if (moved.rowsAffected > 0) log.warn(`payments: the gateway's refund of ${paymentId} failed; the payment is paid again and may be refunded again`);
  return moved.rowsAffected > 0;
}

/** A log row's target: the payment's member by name, read in the same statement (kept once they are gone). */
function logTarget(paymentId: string): { targetUserId: SQL; targetName: SQL } {
  const member = sql`(select user_id from payments where id = ${paymentId})`;
  return { targetUserId: member, targetName: sql`coalesce(${memberNameSql(member)}, 'Deleted member')` };
}

interface Finish {
  paymentId: string;
  refundId: string;
  actor: Actor;
  action: "refund" | "refund_completed";
  /** Null keeps what the refund's request recorded. */
  reason: string | null;
  manual: boolean | null;
  note: string | null;
  gatewayRefundId: string | null;
}

/**
 * paid or refund_pending → refunded with the plan's days taken off, one admin-log row, the
 * history row: one batch, every statement guarded by the same condition. Then the member's mail.
 */
async function finishRefund(deps: Deps, finish: Finish): Promise<boolean> {
  const now = deps.clock.now();
  const { paymentId, refundId } = finish;
  const open = and(eq(payments.id, paymentId), eq(payments.refundId, refundId), inArray(payments.status, ["paid", "refund_pending"]))!;
  const stillOpen = sql`EXISTS (SELECT 1 FROM payments WHERE ${open})`;
  const of = (expression: string) => sql`(SELECT ${sql.raw(expression)} FROM payments WHERE id = ${paymentId})`;
  const days = of(`coalesce(period_ends_at - period_starts_at, ${PAYMENT_PERIOD_MS})`);
  const t = now.getTime();
  const reason = finish.reason === null ? sql`'payment ' || ${paymentId} || ': ' || coalesce(${of("refund_reason")}, '')` : `payment ${paymentId}: ${finish.reason}`;
  const [, , , moved] = await deps.db.batch([
    adminLogInsertIf(deps.db, { actor: finish.actor, action: finish.action, ...logTarget(paymentId), reason, at: now }, stillOpen),
    deps.db
      .update(users)
      .set({
        planExpiresAt: sql`CASE WHEN ${users.planExpiresAt} <= ${t} THEN ${users.planExpiresAt} WHEN ${users.planExpiresAt} - ${days} <= ${t} THEN ${t} ELSE ${users.planExpiresAt} - ${days} END`,
      })
      .where(
        and(
          eq(users.id, of("user_id")),
          // The plan this payment's days went to is still the member's run: not upgraded, revoked or started afresh since.
          eq(users.plan, of("coalesce(applied_plan, plan)")),
          sql`${users.planExpiresAt} IS NOT NULL`,
          sql`coalesce(${users.planSince}, 0) <= ${of("coalesce(period_starts_at, paid_at, 0)")}`,
          stillOpen,
        ),
      ),
    statusHistoryIf(deps.db, paymentId, "refunded", now, stillOpen),
    deps.db
      .update(payments)
      .set({
        status: "refunded",
        refundedAt: now,
        ...(finish.actor.id !== null ? { refundedBy: finish.actor.id } : {}),
        ...(finish.manual !== null ? { refundManual: finish.manual, refundNote: finish.note } : {}),
        ...(finish.gatewayRefundId !== null ? { gatewayRefundId: finish.gatewayRefundId } : {}),
      })
      .where(open),
    deps.db.update(subscriptions).set({ status: "cancelled", endsAt: now }).where(and(eq(subscriptions.paymentId, paymentId), sql`EXISTS (SELECT 1 FROM payments WHERE id = ${paymentId} AND status = 'refunded' AND refunded_at = ${t})`)),
  ]);
  if (moved.rowsAffected === 0) return false;
  deps.background.run(`payments: the refund mail for ${paymentId}`, () => sendRefundMail(deps, paymentId));
  return true;
}

/**
 * Subscriptions and payments of a member (PAYMENTS.md 'Calls'). The server owns the price table;
 * a payment is stored before its gateway is called, so a gateway that fails or never answers
 * leaves a `failed` payment (or one that expires), never a half-made one that stays pending.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { payments, subscriptions } from "../../../db/schema";
import { syncToDisk } from "../../../db/client";
import type { AppDeps } from "../../app-env";
import { newId } from "../../platform/ids";
import { GATEWAY_TIMEOUT_MS, PAYMENT_EXPIRY_GRACE_MS, PAYMENT_TTL_MS, PLAN_PRICES_IDR } from "../../platform/constants";
import type { SessionUser } from "../auth/session";
import { hasPremiumPlus } from "../premium/plan-rules";
import { enabledPaymentMethods, PAYMENT_METHODS, type PaymentMethod } from "./payment-methods";
import { activeGateways, gatewayForMethod } from "./gateway-choice";
import { payerPhone } from "./payer-phone";
import { qrPng } from "./qr-png";
import { BANKS, GatewayError, type Bank, type ChargeResult, type Wallet } from "./gateways/gateway";
import { GATEWAY_UNAVAILABLE } from "./gateways/http";
import { isBank, isWallet, PAYMENT_MESSAGES, type BankInstructionsJson, type PaidPlan, type PaymentCreatedJson, type PaymentJson, type PaymentStatus } from "./payments.schemas";
import { log } from "../../platform/log";
import { sideWrite } from "../../operations/storage-health";
import { statusHistoryIf, statusHistoryRow } from "./status-history";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "gatewayTimeoutMs">;
type Member = Pick<SessionUser, "id" | "email" | "firstName" | "lastName" | "plan" | "planExpiresAt" | "isAdmin">;

export type ServiceResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 429 | 502 | 503; message: string };

const fail = <S extends 400 | 404 | 409 | 429 | 502 | 503>(status: S, message: string) => ({ ok: false, status, message }) as const;

export function isPaidPlan(value: unknown): value is PaidPlan {
  return typeof value === "string" && Object.hasOwn(PLAN_PRICES_IDR, value);
}

function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** What the payer's statement and the gateway's page call the purchase. */
export function itemName(plan: PaidPlan): string {
  return plan === "premium_plus" ? "Kasih Premium Plus (30 days)" : "Kasih Premium Monthly (30 days)";
}

/**
 * POST /api/subscription: checks the plan and its price against the server's table and records
 * the member's intent. A member who opens the plans again gets their open request back instead of
 * a new row each time.
 */
export async function createSubscription(deps: Deps, member: Member, body: { planType?: unknown; amount?: unknown; currency?: unknown }) {
  if (!isPaidPlan(body.planType)) return fail(400, PAYMENT_MESSAGES.invalidPlan);
  // A number or its decimal text ("49000"), in IDR (the default when the client names none).
  const amount = typeof body.amount === "string" && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
  if (amount !== PLAN_PRICES_IDR[body.planType] || (body.currency ?? "IDR") !== "IDR") return fail(400, PAYMENT_MESSAGES.invalidAmount);
  const plan = body.planType;
  const open = and(eq(subscriptions.userId, member.id), eq(subscriptions.plan, plan), eq(subscriptions.status, "pending"), sql`${subscriptions.paymentId} IS NULL`);
  const [existing] = await deps.db.select({ id: subscriptions.id }).from(subscriptions).where(open).limit(1);
  const subscriptionId = existing?.id ?? newId();
  if (existing === undefined) await deps.db.insert(subscriptions).values({ id: subscriptionId, userId: member.id, plan, status: "pending", createdAt: deps.clock.now() });
  return { ok: true, value: { subscriptionId, planType: plan, amount: PLAN_PRICES_IDR[plan], currency: "IDR", status: "pending" as const } } as const;
}

/** Bank Indonesia's bank codes, shown with a bank transfer's virtual account. */
const BANK_CODES: Record<Bank, string> = { BCA: "014", Mandiri: "008", BNI: "009", BRI: "002" };

function bankInstructions(bank: Bank, virtualAccount: string, accountHolder: string, bankCode?: string | null): BankInstructionsJson {
  return { bank_name: bank, bank_code: bankCode ?? BANK_CODES[bank], virtual_account: virtualAccount, account_holder: accountHolder };
}

/** The account holder a transfer shows: the merchant's name at the gateway. */
const ACCOUNT_HOLDER = "Kasih";

/**
 * A payment's rows on disk before a gateway hears of it, power cut or not (db/client.ts). When the
 * database stays busy the payment goes on (the commit is in the WAL) and the log says so.
 */
export async function syncPaymentToDisk(deps: Pick<Deps, "db">, paymentId: string): Promise<void> {
  if (!(await syncToDisk(deps.db.$client))) log.warn({ paymentId }, "payments: a payment is not yet synced to disk (the database stayed busy)");
}

/**
 * POST /api/payment/create. Bad input changes nothing (PAYMENTS.md's 400s); then the payment and
 * its subscription are stored together, and only then is the gateway asked, with a time limit.
 */
export async function createPayment(
  deps: Deps,
  member: Member,
  body: { plan?: unknown; paymentMethod?: unknown; bank?: unknown; wallet?: unknown; phone?: unknown },
): Promise<ServiceResult<PaymentCreatedJson>> {
  const now = deps.clock.now();
  if (!isPaidPlan(body.plan)) return fail(400, PAYMENT_MESSAGES.invalidPlan);
  const plan = body.plan;
  if (!isPaymentMethod(body.paymentMethod) || !(await enabledPaymentMethods(deps.db)).includes(body.paymentMethod)) return fail(400, PAYMENT_MESSAGES.methodNotAvailable);
  const method = body.paymentMethod;
  // Premium Plus already has everything Premium gives (spec point 9): no one pays twice for it.
  if (plan === "premium" && hasPremiumPlus(member, now)) return fail(400, PAYMENT_MESSAGES.planIncluded);
  const gateways = await activeGateways(deps);
  if (gateways.length === 0) return fail(503, PAYMENT_MESSAGES.notConfigured);
  // An e-wallet payment names its wallet, one an enabled gateway offers (docs/decisions/0126).
  const wallet: Wallet | null = method === "ewallet" ? (isWallet(body.wallet) ? body.wallet : null) : null;
  if (method === "ewallet" && wallet === null) return fail(400, PAYMENT_MESSAGES.methodNotAvailable);
  const gateway = gatewayForMethod(gateways, method, wallet);
  if (gateway === null) return fail(400, PAYMENT_MESSAGES.methodNotAvailable);
  const requestedBank = body.bank ?? "BCA";
  if (!isBank(requestedBank)) return fail(400, PAYMENT_MESSAGES.invalidBank);
  const bank: Bank | null = method === "bank" ? requestedBank : null;
  const payer = await payerPhone(deps, member.id, gateway.needsPhone?.(method, wallet) === true, body.phone);
  if (!payer.ok) return fail(400, payer.message);

  const paymentId = newId();
  const amount = PLAN_PRICES_IDR[plan];
  const expiresAt = new Date(now.getTime() + (method === "qris" || method === "ewallet" ? PAYMENT_TTL_MS[method] : PAYMENT_TTL_MS.default));
  await deps.db.batch([
    deps.db.insert(payments).values({ id: paymentId, userId: member.id, plan, amount, currency: "IDR", method, gateway: gateway.name, gatewayOrderId: paymentId, status: "pending", details: {}, createdAt: now, expiresAt }),
    statusHistoryRow(deps.db, paymentId, "pending", now),
    // The member's open subscription request for this plan becomes this payment's; without one
    // (a client that skipped POST /api/subscription) the payment gets its own.
    deps.db.run(sql`UPDATE subscriptions SET payment_id = ${paymentId} WHERE id = (
      SELECT id FROM subscriptions WHERE user_id = ${member.id} AND plan = ${plan} AND status = 'pending' AND payment_id IS NULL ORDER BY created_at DESC LIMIT 1)`),
    deps.db.run(sql`INSERT INTO subscriptions (id, user_id, plan, status, payment_id, created_at)
      SELECT ${newId()}, ${member.id}, ${plan}, 'pending', ${paymentId}, ${now.getTime()}
      WHERE NOT EXISTS (SELECT 1 FROM subscriptions WHERE payment_id = ${paymentId})`),
  ]);
  // On disk before the gateway hears of it: a payment the gateway knows and we lost to a power
  // cut would be money taken for nothing (SECURITY.md "Data"; db/client.ts).
  await syncPaymentToDisk(deps, paymentId);

  let charge: ChargeResult;
  try {
    charge = await gateway.create({
      orderId: paymentId,
      amount,
      method,
      bank,
      wallet,
      phone: payer.phone,
      itemName: itemName(plan),
      // A gateway needs an address; an account made by phone without one gives the operator's support
      // address, never an invented one (docs/decisions/0136).
      customer: { firstName: member.firstName, lastName: member.lastName, email: member.email ?? deps.config.supportEmail },
      expiresAt,
      notifyUrl: `${deps.config.appOrigin}/api/payment/notify/${gateway.name}`,
      returnUrl: `${deps.config.appOrigin}/settings`,
      signal: AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    const message = error instanceof GatewayError ? error.message : GATEWAY_UNAVAILABLE;
    log.error(`payments: ${gateway.name} refused payment ${paymentId}: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    await markUnpaid(deps, paymentId, "failed", { error: message });
    return fail(502, message);
  }

  const instructions = method === "bank" && bank !== null && charge.virtualAccount !== null ? bankInstructions(bank, charge.virtualAccount, ACCOUNT_HOLDER, charge.bankCode) : null;
  const shownExpiry = charge.expiresAt !== null && charge.expiresAt < expiresAt ? charge.expiresAt : expiresAt;
  const walletUrl = method === "ewallet" ? (charge.walletUrl ?? null) : null;
  const details = { paymentUrl: charge.paymentUrl, qrCode: charge.qrCode, bankInstructions: instructions, ...(wallet === null ? {} : { wallet, walletUrl }) };
  await deps.db
    .update(payments)
    .set({ gatewayOrderId: charge.gatewayOrderId, details, expiresAt: shownExpiry })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  return {
    ok: true,
    value: {
      paymentId,
      status: "pending",
      paymentUrl: charge.paymentUrl,
      qrCode: charge.qrCode,
      googlePayToken: null,
      bankInstructions: instructions,
      bankOptions: method === "bank" ? BANKS.map((option) => (instructions !== null && option === bank ? instructions : bankInstructions(option, "", ACCOUNT_HOLDER))) : null,
      expiresAt: shownExpiry.toISOString(),
      plan,
      amount,
      method,
      gateway: gateway.name,
      wallet,
      walletUrl,
    },
  };
}

/**
 * Moves a pending payment to a final unpaid status; a paid one never goes back (PAYMENTS.md). The
 * status-history row is written in the same batch, under the same condition.
 */
export async function markUnpaid(deps: Pick<Deps, "db"> & Partial<Pick<Deps, "clock">>, paymentId: string, status: "failed" | "expired" | "cancelled", details?: Record<string, unknown>) {
  const set = details === undefined ? { status } : { status, details: sql`json_patch(${payments.details}, ${JSON.stringify(details)})` };
  const stillPending = and(eq(payments.id, paymentId), eq(payments.status, "pending"))!;
  const [, result] = await deps.db.batch([
    statusHistoryIf(deps.db, paymentId, status, deps.clock?.now() ?? new Date(), sql`EXISTS (SELECT 1 FROM payments WHERE ${stillPending})`),
    deps.db.update(payments).set(set).where(stillPending),
  ]);
  return result.rowsAffected > 0;
}

/**
 * Marks pending payments expired once their expiry and its grace have passed. Run when payments
 * are read (a member's, the admin list), through the (status, expires_at) index: no job needed.
 * A side write of a read: skipped on a full or read-only disk (docs/decisions/0116), when a
 * member's payments still read as expired (paymentJson).
 */
export async function expireStalePayments(deps: Pick<Deps, "db" | "clock">) {
  const cutoff = new Date(deps.clock.now().getTime() - PAYMENT_EXPIRY_GRACE_MS);
  const stale = and(eq(payments.status, "pending"), lt(payments.expiresAt, cutoff));
  await sideWrite(deps.db, "stale payments expiry", () =>
    deps.db.batch([
      // Each expiry's history row, in the batch of the expiry itself.
      deps.db.run(sql`insert into payment_status_history (id, payment_id, status, at) select 'expired-' || id, id, 'expired', ${deps.clock.now().getTime()} from payments where ${stale}`),
      deps.db.update(payments).set({ status: "expired" }).where(stale),
    ]),
  );
}

/** The status as expireStalePayments would have written it by `now`. */
function statusAt(row: { status: PaymentStatus; expiresAt: Date | null }, now: Date): PaymentStatus {
  return row.status === "pending" && row.expiresAt !== null && row.expiresAt.getTime() < now.getTime() - PAYMENT_EXPIRY_GRACE_MS ? "expired" : row.status;
}

const paymentColumns = {
  paymentId: payments.id,
  status: payments.status,
  plan: payments.plan,
  amount: payments.amount,
  currency: payments.currency,
  method: payments.method,
  gateway: payments.gateway,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  expiresAt: payments.expiresAt,
};

interface PaymentRow {
  paymentId: string;
  status: PaymentStatus;
  plan: PaidPlan;
  amount: number;
  currency: string;
  method: string;
  gateway: string;
  createdAt: Date;
  paidAt: Date | null;
  expiresAt: Date | null;
}

function paymentJson(row: PaymentRow, now: Date): PaymentJson {
  return {
    paymentId: row.paymentId,
    status: statusAt(row, now),
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    gateway: row.gateway,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** GET /api/payment/{id}: the member's own payment, or null (another member's id reads as unknown). */
export async function paymentOf(deps: Pick<Deps, "db" | "clock">, userId: string, paymentId: string): Promise<PaymentJson | null> {
  await expireStalePayments(deps);
  const [row] = await deps.db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  return row === undefined ? null : paymentJson(row, deps.clock.now());
}

/** GET /api/payments and Settings: the member's payments, newest first. */
export async function paymentsOf(deps: Pick<Deps, "db" | "clock">, userId: string, limit = 50): Promise<PaymentJson[]> {
  await expireStalePayments(deps);
  const rows = await deps.db.select(paymentColumns).from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
  return rows.map((row) => paymentJson(row, deps.clock.now()));
}

export type QrPngResult = { ok: true; png: Uint8Array<ArrayBuffer>; fileName: string } | { ok: false; status: 404 | 409; message: string };

/**
 * GET /api/payment/{id}/qr.png: the member's own pending QRIS payment's code as a PNG, to save and
 * open from an e-wallet's gallery on the phone that shows it (docs/decisions/0126). Another
 * member's payment reads as unknown; a paid, expired or non-QRIS one has no code to pay.
 */
export async function qrPngOf(deps: Pick<Deps, "db" | "clock">, userId: string, paymentId: string): Promise<QrPngResult> {
  const [row] = await deps.db
    .select({ status: payments.status, method: payments.method, expiresAt: payments.expiresAt, details: payments.details })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  if (row === undefined) return fail(404, PAYMENT_MESSAGES.notFound);
  const qrCode = (row.details as { qrCode?: unknown } | null)?.qrCode;
  const pending = row.status === "pending" && (row.expiresAt === null || row.expiresAt.getTime() > deps.clock.now().getTime());
  if (row.method !== "qris" || typeof qrCode !== "string" || !pending) return fail(409, PAYMENT_MESSAGES.noQrCode);
  return { ok: true, png: qrPng(qrCode), fileName: `kasih-qris-${paymentId}.png` };
}

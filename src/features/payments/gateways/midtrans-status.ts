/**
 * What Midtrans's answers mean (docs/decisions/0121-midtrans-as-documented.md), kept apart from
 * the client so the whole table can be read in one place:
 *
 * - `status_code` (docs.midtrans.com/reference/status-codes, /reference/code-4xx): the body says
 *   it, the HTTP status may or may not (the official Node SDK reads the body's code first, and takes
 *   407 as a normal answer: "407 is expected get-status API response for `expire` transaction").
 * - `transaction_status` and `fraud_status` (docs.midtrans.com/docs/https-notification-webhooks
 *   'Status Definition', /docs/transaction-status-cycle).
 */
import type { GatewayOutcome } from "./gateway";

export type MidtransAnswerKind =
  /** 200, 201, 202, 407: the answer describes a transaction; read its transaction_status. */
  | "transaction"
  /** 404: Midtrans has no such transaction (a Snap order before a method is chosen, or none at all). */
  | "not_found"
  /** 401: the server key is wrong, or of the other environment. */
  | "unauthorized"
  /** 4xx other than the above: Midtrans refused the request as made. */
  | "refused"
  /** 3xx, 429, 5xx, or no code at all: Midtrans cannot answer now; ask again later. */
  | "unavailable";

/**
 * The documented status codes. 2xx: 200 success (or a card's capture, settlement, cancel), 201
 * pending (or challenge), 202 denied, cancelled or expired (notifications); 407 "Expired
 * transaction" is how the status API answers an expired one. The 4xx refusals: 400 validation,
 * 402 no access to the payment type, 403 wrong content type, 405 method not allowed, 406 duplicate
 * order id (or refund key), 408 wrong data type, 410 merchant deactivated (or GoPay user blocked),
 * 411 token missing, 412 status cannot be updated, 413 malformed body, 414 refund rejected. 300
 * "moved permanently", 429 rate limit and 500-505 are Midtrans's or a bank's trouble.
 */
const TRANSACTION_CODES = new Set([200, 201, 202, 407]);
const REFUSAL_CODES = new Set([400, 402, 403, 405, 406, 408, 410, 411, 412, 413, 414]);

/** The body's `status_code` where it has one, else the HTTP status. */
export function midtransCode(body: Record<string, unknown> | null, httpStatus: number): number {
  const code = Number(body?.status_code);
  return Number.isInteger(code) && code > 0 ? code : httpStatus;
}

export function midtransAnswerKind(code: number): MidtransAnswerKind {
  if (TRANSACTION_CODES.has(code)) return "transaction";
  if (code === 404) return "not_found";
  if (code === 401) return "unauthorized";
  if (REFUSAL_CODES.has(code)) return "refused";
  // 2xx codes the tables do not list still describe a transaction (the status decides).
  if (code >= 200 && code < 300) return "transaction";
  return "unavailable";
}

/** One refund as the status API and refund notifications list it. */
interface MidtransRefund {
  refund_amount?: unknown;
  refund_key?: unknown;
  bank_confirmed_at?: unknown;
}

/**
 * A refund is done when the bank (or wallet) has confirmed it: Midtrans sends a refund
 * notification without and then with `bank_confirmed_at`, and says to mark the refund done on the
 * latter (docs.midtrans.com/reference/refund-transaction).
 */
export function refundConfirmed(refunds: unknown): boolean {
  if (!Array.isArray(refunds) || refunds.length === 0) return false;
  return (refunds as MidtransRefund[]).every((refund) => typeof refund?.bank_confirmed_at === "string" && refund.bank_confirmed_at !== "");
}

/** The refund Kasih asked for under `refundKey`, if Midtrans lists it. */
export function refundByKey(refunds: unknown, refundKey: string): MidtransRefund | null {
  if (!Array.isArray(refunds)) return null;
  return (refunds as MidtransRefund[]).find((refund) => refund?.refund_key === refundKey) ?? null;
}

/**
 * Midtrans's transaction_status (with fraud_status and, for refunds, the refund list) → ours.
 *
 *   settlement            paid, when fraud_status is absent or accept ("if fraud_status exists
 *                         ensure the value is accept"); challenge: pending; deny: failed
 *   capture               paid only with fraud_status accept (a card); challenge: pending until the
 *                         merchant approves it; deny: failed
 *   authorize             pending (pre-authorisation, not captured; Kasih does not use it)
 *   pending               pending
 *   deny, failure         failed (a card may be retried on the same order after a deny)
 *   cancel                cancelled
 *   expire                expired
 *   refund                refunded once every refund is bank-confirmed; before that pending, so
 *                         a paid payment does not move and a refund_pending one waits
 *   chargeback            refunded: the card's bank took the money back
 *   partial_refund,       paid: the money arrived and only part went back (Kasih refunds only in
 *   partial_chargeback    full; the operator sees it in the payment's notifications)
 *
 * Anything else is pending: nothing changes on a status the documentation does not name. DANA and
 * ShopeePay answer "PENDING" in capitals in the status API's sample, so the status is lower-cased.
 */
export function midtransOutcome(transactionStatus: unknown, fraudStatus: unknown, refunds?: unknown): GatewayOutcome {
  const status = typeof transactionStatus === "string" ? transactionStatus.toLowerCase() : "";
  const fraud = typeof fraudStatus === "string" ? fraudStatus.toLowerCase() : undefined;
  const byFraud = (accepted: GatewayOutcome): GatewayOutcome => (fraud === "deny" ? "failed" : fraud === "challenge" ? "pending" : accepted);
  switch (status) {
    case "settlement":
      return fraud === undefined || fraud === "accept" ? "paid" : byFraud("paid");
    case "capture":
      return fraud === "accept" ? "paid" : byFraud("pending");
    case "deny":
    case "failure":
      return "failed";
    case "cancel":
      return "cancelled";
    case "expire":
      return "expired";
    case "refund":
      return refundConfirmed(refunds) ? "refunded" : "pending";
    case "chargeback":
      return "refunded";
    case "partial_refund":
    case "partial_chargeback":
      return "paid";
    default:
      return "pending";
  }
}

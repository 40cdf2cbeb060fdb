/**
 * What a Xendit callback names, read from its body alone (no trust in its status: the client asks
 * Xendit again before anything changes, PAYMENTS.md 'Notifications'). The shapes, all sent with
 * the `x-callback-token` header:
 *
 * - Payments API v3 (docs.xendit.co/apidocs/payment-webhook-notification):
 *   `{event: "payment.capture" | "payment.failure" | "payment.authorization", data: {payment_request_id, request_amount, …}}`;
 *   `{event: "payment_request.expiry", data: {payment_request_id, …}}`
 *   (docs.xendit.co/docs/migrate-payment-api-v2-to-v3, 'Webhook event mapping').
 * - Payments API v2, for payment requests made before v3 (same guide): `payment.succeeded` /
 *   `payment.failed` with `data.payment_request_id` and `data.amount`.
 * - Invoices (xendit-node docs/Invoice.md, 'InvoiceCallback Object'): the invoice itself,
 *   `{id, external_id, status: "PAID" | "EXPIRED", amount, paid_amount, …}`, no event.
 * - Refunds (docs.xendit.co/apidocs/refund-webhook-notification, xendit-node docs/Refund.md):
 *   `{event: "refund.succeeded" | "refund.failed", data: {id: "rfd-…", payment_request_id?, invoice_id?, amount, …}}`.
 *   The reference's own sample wraps the refund once more (`data.data`); both are read.
 */
import { wholeRupiah } from "./http";
import type { XenditBody } from "./xendit-api";

export type XenditCallback =
  /** A payment request (v3 or v2) or an invoice, named by Xendit's id: what Kasih stores as the gateway order id. */
  | { kind: "payment"; gatewayOrderId: string; reportedAmount: number | null }
  /** A refund; the payment it refunds is named when the callback says so, else Xendit is asked. */
  | { kind: "refund"; refundId: string; gatewayOrderId: string | null }
  | { kind: "malformed" };

const asObject = (value: unknown): XenditBody | null => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as XenditBody) : null);
const asId = (value: unknown): string | null => (typeof value === "string" && value.length > 0 && value.length <= 255 ? value : null);

function amountOf(value: unknown): number | null {
  const amount = wholeRupiah(value);
  return Number.isNaN(amount) ? null : amount;
}

export function readXenditCallback(rawBody: string): XenditCallback {
  let body: XenditBody | null;
  try {
    body = asObject(JSON.parse(rawBody));
  } catch {
    return { kind: "malformed" };
  }
  if (body === null) return { kind: "malformed" };
  const event = typeof body.event === "string" ? body.event : null;
  let data = asObject(body.data);

  if (event === null) {
    // An invoice callback is the invoice: its id, and the external_id we gave it.
    const id = asId(body.id);
    if (id === null || asId(body.external_id) === null) return { kind: "malformed" };
    return { kind: "payment", gatewayOrderId: id, reportedAmount: amountOf(body.amount) };
  }
  if (data === null) return { kind: "malformed" };

  if (event.startsWith("refund.")) {
    const inner = asObject(data.data);
    if (inner !== null && typeof data.event === "string") data = inner;
    const refundId = asId(data.id);
    if (refundId === null) return { kind: "malformed" };
    return { kind: "refund", refundId, gatewayOrderId: asId(data.payment_request_id) ?? asId(data.invoice_id) };
  }
  if (event.startsWith("payment.") || event.startsWith("payment_request.")) {
    const id = asId(data.payment_request_id) ?? (event.startsWith("payment_request.") ? asId(data.id) : null);
    if (id === null || !id.startsWith("pr-")) return { kind: "malformed" };
    return { kind: "payment", gatewayOrderId: id, reportedAmount: amountOf(data.request_amount ?? data.amount) };
  }
  // payment_token.*, payment_method.* (v2's one-time method retired after each payment) and the
  // like name no payment of Kasih's.
  return { kind: "malformed" };
}

/**
 * DOKU Checkout, non-SNAP (developers.doku.com: "Checkout > Backend Integration", "Notification >
 * HTTP Notification Sample - Non SNAP", "Check Status API > Non-SNAP", "Signature Component >
 * Non-SNAP", "Cards > Refund"): a hosted page for every method, signed notifications, the
 * check-status API and card refunds. Thin `fetch` calls; no SDK (DOKU's Node library covers SNAP only).
 *
 * - Every request and notification is signed: `Signature: HMACSHA256=` + base64(HMAC-SHA256(secret
 *   key, component)), where the component is, one per line, `Client-Id:…`, `Request-Id:…`,
 *   `Request-Timestamp:…`, `Request-Target:<path>` and, when there is a body, `Digest:` +
 *   base64(SHA-256(body)).
 * - A notification whose signature checks is trusted as it is: the signature covers the body,
 *   status and amount included (PAYMENTS.md 'Notifications'). DOKU asks that Check Status be hit
 *   no sooner than 60 s after payment completion, so the notification is never re-checked at once
 *   (a re-check answering PENDING would have been answered 200, DOKU would stop retrying, and a
 *   paid payment would expire); the later status checks ask instead (`statusChecks`,
 *   docs/decisions/0123-doku-and-ipaymu-as-documented.md).
 * - A payment is named by our order id, sent as DOKU's `order.invoice_number` (26 base32
 *   characters: within the 30 DOKU allows when cards are on, no symbols).
 */
import { createHash, createHmac } from "node:crypto";
import type { PaymentMethod } from "../payment-methods";
import {
  GatewayError,
  type Bank,
  type ChargeResult,
  type GatewayClient,
  type GatewayOutcome,
  type GatewayStatus,
  type NotificationResult,
  type RefundRequest,
  type RefundResult,
} from "./gateway";
import { GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";

export const DOKU_DEFAULT_API_URL = "https://api.doku.com";
/** DOKU's sandbox host: keys for it are test keys (ADMIN.md 'Gateway setup'). */
export const DOKU_SANDBOX_HOST = "api-sandbox.doku.com";

/** "Hit Check Status after 60 seconds after payment completion" (Check Status API > Non-SNAP). */
export const DOKU_STATUS_NOT_BEFORE_MS = 60_000;
/** How often one pending payment is asked again: a lost notification is found within minutes. */
export const DOKU_STATUS_EVERY_MS = 5 * 60_000;

const METHOD_TYPES: Record<"qris" | "credit", string> = { qris: "QRIS", credit: "CREDIT_CARD" };
const VA_TYPES: Record<Bank, string> = { BCA: "VIRTUAL_ACCOUNT_BCA", Mandiri: "VIRTUAL_ACCOUNT_BANK_MANDIRI", BNI: "VIRTUAL_ACCOUNT_BNI", BRI: "VIRTUAL_ACCOUNT_BRI" };

/**
 * `transaction.status` (Check Status API > Non-SNAP, "Transaction Status Mapping"). FAILED is not
 * final there (a card may be retried on the same checkout page): a later SUCCESS is honoured as
 * late money (PAYMENTS.md). TIMEOUT and REDIRECT wait for a notification or a later check.
 * REFUNDED can only reach a payment already paid, which never goes back.
 */
const OUTCOMES: Record<string, GatewayOutcome> = {
  SUCCESS: "paid",
  PENDING: "pending",
  TIMEOUT: "pending",
  REDIRECT: "pending",
  FAILED: "failed",
  EXPIRED: "expired",
  REFUNDED: "cancelled",
  CANCELLED: "cancelled",
};
/** `order.status` of a checkout order before a channel was chosen (changelog, July 2025). */
const ORDER_OUTCOMES: Record<string, GatewayOutcome> = { ORDER_GENERATED: "pending", ORDER_EXPIRED: "expired" };

export interface DokuSignedHeaders {
  clientId: string;
  requestId: string;
  timestamp: string;
  target: string;
  body: string | null;
}

export function dokuSignature(secretKey: string, parts: DokuSignedHeaders): string {
  const lines = [`Client-Id:${parts.clientId}`, `Request-Id:${parts.requestId}`, `Request-Timestamp:${parts.timestamp}`, `Request-Target:${parts.target}`];
  if (parts.body !== null) lines.push(`Digest:${createHash("sha256").update(parts.body).digest("base64")}`);
  return `HMACSHA256=${createHmac("sha256", secretKey).update(lines.join("\n")).digest("base64")}`;
}

/** "2026-11-24T02:30:00Z": DOKU's timestamp, UTC without milliseconds. */
export const dokuTimestamp = (date = new Date()) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Test keys go to DOKU's sandbox; the mode follows the address (PAYMENTS.md: `DOKU_API_URL`). */
export function dokuMode(apiUrl: string): "test" | "live" {
  try {
    return new URL(apiUrl).hostname === DOKU_SANDBOX_HOST ? "test" : "live";
  } catch {
    return "live";
  }
}

type Body = Record<string, unknown>;
const objectAt = (value: unknown): Body => (typeof value === "object" && value !== null ? (value as Body) : {});

/** DOKU's own words for a refusal: `{error: {code, message}}`, or `message: [...]`. */
function dokuMessage(body: unknown): string | null {
  const error = objectAt(objectAt(body).error);
  if (typeof error.message === "string" && error.message !== "") return error.message;
  const message = objectAt(body).message;
  if (Array.isArray(message) && typeof message[0] === "string") return message[0];
  return typeof message === "string" && message !== "" ? message : null;
}

/** A status answer or a notification body (the same shape) as a GatewayStatus; null if it names no order. */
function statusOf(body: Body, fallbackInvoice: string | null): GatewayStatus | null {
  const order = objectAt(body.order);
  const transaction = objectAt(body.transaction);
  const invoice = typeof order.invoice_number === "string" ? order.invoice_number : fallbackInvoice;
  if (invoice === null) return null;
  const outcome = typeof transaction.status === "string" ? (OUTCOMES[transaction.status] ?? "pending") : (ORDER_OUTCOMES[String(order.status)] ?? "pending");
  return {
    gatewayOrderId: invoice,
    outcome,
    amount: wholeRupiah(order.amount),
    // Checkout takes IDR only; DOKU's answers name no currency.
    currency: typeof order.currency === "string" ? order.currency : "IDR",
    gatewayTransactionId: typeof transaction.original_request_id === "string" ? transaction.original_request_id : null,
  };
}

export function createDoku(options: { clientId: string; secretKey: string; apiUrl: string }): GatewayClient {
  /** One signed call; the answer's HTTP status and body, whatever the status. */
  const call = async (method: "GET" | "POST", target: string, signal: AbortSignal, body?: unknown, requestId: string = crypto.randomUUID()): Promise<{ status: number; body: unknown }> => {
    const text = body === undefined ? null : JSON.stringify(body);
    const parts = { clientId: options.clientId, requestId, timestamp: dokuTimestamp(), target, body: text };
    const url = `${options.apiUrl}${target}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        signal,
        redirect: "error",
        headers: { Accept: "application/json", "Content-Type": "application/json", "Client-Id": parts.clientId, "Request-Id": parts.requestId, "Request-Timestamp": parts.timestamp, Signature: dokuSignature(options.secretKey, parts) },
        body: text ?? undefined,
      });
    } catch (error) {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `${method} ${url}: ${(error as Error).name} ${(error as Error).message}`);
    }
    const answer = await response.text().catch(() => "");
    try {
      return { status: response.status, body: answer === "" ? null : JSON.parse(answer) };
    } catch {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `${method} ${url}: ${response.status}, not JSON: ${answer.slice(0, 200)}`);
    }
  };
  const refused = (what: string, answer: { status: number; body: unknown }) => new GatewayError(GATEWAY_UNAVAILABLE, `doku ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);

  const status = async (invoice: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const answer = await call("GET", `/orders/v1/status/${encodeURIComponent(invoice)}`, signal);
    // "Not Found" until the payer picks a channel on the checkout page (Order Status for Checkout
    // Page): for an order we created, that is still pending. Its amount is unknown (never used
    // for a pending status).
    if (answer.status === 404) return { gatewayOrderId: invoice, outcome: "pending", amount: Number.NaN, currency: "IDR", gatewayTransactionId: null };
    if (answer.status < 200 || answer.status >= 300) throw refused("check status", answer);
    return statusOf(objectAt(answer.body), invoice)!;
  };

  const canRefund = (method: PaymentMethod) => method === "credit";

  return {
    name: "doku",
    methods: ["qris", "credit", "bank"],
    mode: dokuMode(options.apiUrl),
    statusChecks: { afterMs: DOKU_STATUS_NOT_BEFORE_MS, everyMs: DOKU_STATUS_EVERY_MS },

    async create(request): Promise<ChargeResult> {
      const type = request.method === "bank" && request.bank !== null ? VA_TYPES[request.bank] : request.method === "qris" || request.method === "credit" ? METHOD_TYPES[request.method] : null;
      if (type === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `doku: method ${request.method} not supported`);
      const answer = await call("POST", "/checkout/v1/payment", request.signal, {
        order: { amount: request.amount, invoice_number: request.orderId, currency: "IDR", callback_url: request.returnUrl, line_items: [{ name: request.itemName, price: request.amount, quantity: 1 }] },
        // In minutes (Backend Integration: payment.payment_due_date).
        payment: { payment_due_date: Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 60_000)), payment_method_types: [type] },
        customer: { name: `${request.customer.firstName} ${request.customer.lastName}`.trim(), email: request.customer.email },
      });
      if (answer.status < 200 || answer.status >= 300) throw refused("checkout", answer);
      const payment = objectAt(objectAt(objectAt(answer.body).response).payment);
      if (typeof payment.url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "doku checkout: no payment url");
      return { gatewayOrderId: request.orderId, paymentUrl: payment.url, qrCode: null, virtualAccount: null, expiresAt: null };
    },

    async readNotification(input): Promise<NotificationResult> {
      const [clientId, requestId, timestamp, signature] = ["Client-Id", "Request-Id", "Request-Timestamp", "Signature"].map((name) => input.headers.get(name));
      if (!clientId || !requestId || !timestamp || !signature || !safeEqual(clientId, options.clientId)) return { kind: "unauthorized" };
      const expected = dokuSignature(options.secretKey, { clientId, requestId, timestamp, target: input.path, body: input.rawBody });
      if (!safeEqual(signature, expected)) return { kind: "unauthorized" };
      let body: Body;
      try {
        body = objectAt(JSON.parse(input.rawBody));
      } catch {
        return { kind: "malformed" };
      }
      const reported = statusOf(body, null);
      if (reported === null) return { kind: "malformed" };
      if (input.isKnownOrder !== undefined && !(await input.isKnownOrder(reported.gatewayOrderId))) return { kind: "unknown", gatewayOrderId: reported.gatewayOrderId };
      // Without a status or a whole amount it is not a notification DOKU sends: 400, DOKU sends it again.
      if (typeof objectAt(body.transaction).status !== "string" || Number.isNaN(reported.amount)) return { kind: "malformed" };
      return { kind: "verified", status: reported, reportedAmount: reported.amount };
    },

    status,

    // Check Status of an order that cannot exist: DOKU answers 404 to keys it accepts and 401
    // (invalid Client-Id or signature) to keys it does not.
    async testConnection(signal) {
      const answer = await call("GET", `/orders/v1/status/kasih-connection-test-${crypto.randomUUID().slice(0, 8)}`, signal);
      if (answer.status === 404 || (answer.status >= 200 && answer.status < 300)) return;
      throw new GatewayError(dokuMessage(answer.body) ?? `DOKU answered ${answer.status}`, `doku test connection: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    },

    canRefund,

    /**
     * Cards only (Cards > Refund: POST /cancellation/credit-card/refund). Virtual accounts and
     * QRIS taken through Checkout have no refund call in DOKU's non-SNAP API: refunded by hand.
     * `payment.original_request_id` is the payment's Request-Id, which notifications and Check
     * Status carry as `transaction.original_request_id`; our refund id is the refund's own
     * Request-Id, so a refund sent twice is refused as a duplicate rather than paid twice.
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!canRefund(request.method)) throw new GatewayError("DOKU has no refund for this payment method", `doku refund: method ${request.method}`);
      const originalRequestId = request.gatewayTransactionId ?? (await status(request.gatewayOrderId, request.signal)).gatewayTransactionId ?? null;
      if (originalRequestId === null) throw new GatewayError("DOKU does not name this payment's transaction", `doku refund ${request.gatewayOrderId}: no original_request_id`);
      const answer = await call(
        "POST",
        "/cancellation/credit-card/refund",
        request.signal,
        { order: { invoice_number: request.gatewayOrderId }, payment: { original_request_id: originalRequestId }, refund: { amount: request.amount } },
        request.refundId,
      );
      if (answer.status < 200 || answer.status >= 300) {
        throw new GatewayError(dokuMessage(answer.body) ?? GATEWAY_UNAVAILABLE, `doku refund ${request.gatewayOrderId}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      const refund = objectAt(objectAt(answer.body).refund);
      const refundId = refund.refund_id ?? refund.id ?? objectAt(answer.body).refund_id;
      return { state: "refunded", gatewayRefundId: typeof refundId === "string" ? refundId : null };
    },
  };
}

/**
 * DOKU Checkout (developers.doku.com, "Checkout" and "Signature Component"): a hosted page for
 * every method, the check-status API, and signed notifications. Thin `fetch` calls; no SDK.
 *
 * Every request and notification is signed: `Signature: HMACSHA256=` + base64(HMAC-SHA256(secret
 * key, component)), where the component is, one per line, `Client-Id:…`, `Request-Id:…`,
 * `Request-Timestamp:…`, `Request-Target:<path>` and, when there is a body, `Digest:` +
 * base64(SHA-256(body)).
 */
import { createHash, createHmac } from "node:crypto";
import { GatewayError, type Bank, type ChargeResult, type GatewayClient, type GatewayOutcome, type GatewayStatus, type NotificationResult } from "./gateway";
import { gatewayFetch, GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";

export const DOKU_DEFAULT_API_URL = "https://api.doku.com";

const METHOD_TYPES: Record<"qris" | "credit", string> = { qris: "QRIS", credit: "CREDIT_CARD" };
const VA_TYPES: Record<Bank, string> = { BCA: "VIRTUAL_ACCOUNT_BCA", Mandiri: "VIRTUAL_ACCOUNT_BANK_MANDIRI", BNI: "VIRTUAL_ACCOUNT_BNI", BRI: "VIRTUAL_ACCOUNT_BRI" };
const OUTCOMES: Record<string, GatewayOutcome> = { SUCCESS: "paid", PENDING: "pending", FAILED: "failed", EXPIRED: "expired", CANCELLED: "cancelled" };

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

type Body = Record<string, unknown>;

export function createDoku(options: { clientId: string; secretKey: string; apiUrl: string }): GatewayClient {
  const signed = async (method: "GET" | "POST", target: string, signal: AbortSignal, body?: unknown): Promise<Body> => {
    const text = body === undefined ? null : JSON.stringify(body);
    const parts = { clientId: options.clientId, requestId: crypto.randomUUID(), timestamp: dokuTimestamp(), target, body: text };
    const answer = await gatewayFetch(`${options.apiUrl}${target}`, {
      method,
      signal,
      headers: { Accept: "application/json", "Content-Type": "application/json", "Client-Id": parts.clientId, "Request-Id": parts.requestId, "Request-Timestamp": parts.timestamp, Signature: dokuSignature(options.secretKey, parts) },
      body: text ?? undefined,
    });
    return (answer.body ?? {}) as Body;
  };

  const status = async (invoice: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const result = await signed("GET", `/orders/v1/status/${encodeURIComponent(invoice)}`, signal);
    const order = (result.order ?? {}) as Body;
    const transaction = (result.transaction ?? {}) as Body;
    return { gatewayOrderId: String(order.invoice_number ?? invoice), outcome: OUTCOMES[String(transaction.status)] ?? "pending", amount: wholeRupiah(order.amount), currency: typeof order.currency === "string" ? order.currency : "IDR" };
  };

  return {
    name: "doku",
    methods: ["qris", "credit", "bank"],

    async create(request): Promise<ChargeResult> {
      const type = request.method === "bank" && request.bank !== null ? VA_TYPES[request.bank] : request.method === "qris" || request.method === "credit" ? METHOD_TYPES[request.method] : null;
      if (type === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `doku: method ${request.method} not supported`);
      const result = await signed("POST", "/checkout/v1/payment", request.signal, {
        order: { amount: request.amount, invoice_number: request.orderId, currency: "IDR", callback_url: request.returnUrl, line_items: [{ name: request.itemName, price: request.amount, quantity: 1 }] },
        payment: { payment_due_date: Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 60_000)), payment_method_types: [type] },
        customer: { name: `${request.customer.firstName} ${request.customer.lastName}`.trim(), email: request.customer.email },
      });
      const payment = ((result.response ?? {}) as Body).payment as Body | undefined;
      if (typeof payment?.url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "doku checkout: no payment url");
      return { gatewayOrderId: request.orderId, paymentUrl: payment.url, qrCode: null, virtualAccount: null, expiresAt: null };
    },

    async readNotification(input): Promise<NotificationResult> {
      const [clientId, requestId, timestamp, signature] = ["Client-Id", "Request-Id", "Request-Timestamp", "Signature"].map((name) => input.headers.get(name));
      if (!clientId || !requestId || !timestamp || !signature || !safeEqual(clientId, options.clientId)) return { kind: "unauthorized" };
      const expected = dokuSignature(options.secretKey, { clientId, requestId, timestamp, target: input.path, body: input.rawBody });
      if (!safeEqual(signature, expected)) return { kind: "unauthorized" };
      let body: Body;
      try {
        body = JSON.parse(input.rawBody) as Body;
      } catch {
        return { kind: "malformed" };
      }
      const order = (body.order ?? {}) as Body;
      if (typeof order.invoice_number !== "string") return { kind: "malformed" };
      const reported = wholeRupiah(order.amount);
      return { kind: "verified", status: await status(order.invoice_number, input.signal), reportedAmount: Number.isNaN(reported) ? null : reported };
    },

    status,
  };
}

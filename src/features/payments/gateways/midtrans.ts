/**
 * Midtrans (docs.midtrans.com): Core API charges for QRIS and bank transfer virtual accounts, Snap
 * for cards (its hosted page), the status API, and the HTTP notification's signature. Thin `fetch`
 * calls; no SDK.
 *
 * - Auth: HTTP Basic with the server key as user name and an empty password.
 * - Errors come back as HTTP 200 too, with `status_code` ≥ 300 in the body: checked on every call.
 * - Notification: `signature_key = SHA512(order_id + status_code + gross_amount + server_key)`.
 *   The signature does not cover `transaction_status`, so the status is asked of Midtrans again.
 */
import { createHash } from "node:crypto";
import { GatewayError, type Bank, type ChargeRequest, type ChargeResult, type GatewayClient, type GatewayOutcome, type GatewayStatus, type NotificationResult } from "./gateway";
import { gatewayFetch, GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";

export function midtransDefaultUrls(serverKey: string): { apiUrl: string; snapUrl: string } {
  return serverKey.startsWith("SB-")
    ? { apiUrl: "https://api.sandbox.midtrans.com", snapUrl: "https://app.sandbox.midtrans.com" }
    : { apiUrl: "https://api.midtrans.com", snapUrl: "https://app.midtrans.com" };
}

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash("sha512").update(orderId + statusCode + grossAmount + serverKey).digest("hex");
}

/** Core API bank transfer: BCA, BNI and BRI take `bank_transfer`; Mandiri is a bill payment (`echannel`). */
const VA_BANKS: Record<Exclude<Bank, "Mandiri">, string> = { BCA: "bca", BNI: "bni", BRI: "bri" };

/** Midtrans's transaction_status → ours ("capture" counts only when the fraud check accepted it). */
export function midtransOutcome(transactionStatus: unknown, fraudStatus: unknown): GatewayOutcome {
  switch (transactionStatus) {
    case "settlement":
      return "paid";
    case "capture":
      return fraudStatus === "accept" ? "paid" : "pending";
    case "deny":
    case "failure":
      return "failed";
    case "expire":
      return "expired";
    case "cancel":
      return "cancelled";
    default:
      return "pending";
  }
}

type Body = Record<string, unknown>;

export function createMidtrans(options: { serverKey: string; apiUrl: string; snapUrl: string }): GatewayClient {
  const headers = {
    Accept: "application/json",
    "Content-Type": "application/json",
    Authorization: `Basic ${Buffer.from(`${options.serverKey}:`).toString("base64")}`,
  };

  /** A Core API call; a body whose status_code is not 2xx is a refusal. */
  const core = async (method: "GET" | "POST", path: string, signal: AbortSignal, body?: unknown): Promise<Body> => {
    const answer = await gatewayFetch(`${options.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    const result = (answer.body ?? {}) as Body;
    const code = Number(result.status_code);
    if (!(code >= 200 && code < 300)) throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans ${method} ${path}: ${String(result.status_code)} ${String(result.status_message)}`);
    return result;
  };

  const status = async (orderId: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const result = await core("GET", `/v2/${encodeURIComponent(orderId)}/status`, signal);
    return {
      gatewayOrderId: String(result.order_id ?? orderId),
      outcome: midtransOutcome(result.transaction_status, result.fraud_status),
      amount: wholeRupiah(String(result.gross_amount ?? "").replace(/\.00$/, "")),
      currency: typeof result.currency === "string" ? result.currency : "IDR",
    };
  };

  const common = (request: ChargeRequest) => {
    const minutes = Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 60_000));
    return {
      transaction_details: { order_id: request.orderId, gross_amount: request.amount },
      item_details: [{ id: request.orderId.slice(0, 50), price: request.amount, quantity: 1, name: request.itemName.slice(0, 50) }],
      customer_details: { first_name: request.customer.firstName, last_name: request.customer.lastName, email: request.customer.email },
      minutes,
    };
  };

  return {
    name: "midtrans",
    methods: ["qris", "credit", "bank"],

    async create(request): Promise<ChargeResult> {
      const { minutes, ...details } = common(request);
      if (request.method === "credit") {
        // Snap: the card form is Midtrans's own page (3-D Secure included).
        const answer = await gatewayFetch(`${options.snapUrl}/snap/v1/transactions`, {
          method: "POST",
          headers,
          signal: request.signal,
          body: JSON.stringify({ ...details, enabled_payments: ["credit_card"], credit_card: { secure: true }, callbacks: { finish: request.returnUrl }, expiry: { duration: minutes, unit: "minute" } }),
        });
        const snap = (answer.body ?? {}) as Body;
        if (typeof snap.redirect_url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans snap: no redirect_url`);
        return { gatewayOrderId: request.orderId, paymentUrl: snap.redirect_url, qrCode: null, virtualAccount: null, expiresAt: null };
      }
      const custom_expiry = { expiry_duration: minutes, unit: "minute" };
      if (request.method === "qris") {
        const result = await core("POST", "/v2/charge", request.signal, { payment_type: "qris", ...details, qris: { acquirer: "gopay" }, custom_expiry });
        if (typeof result.qr_string !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans qris: no qr_string");
        return { gatewayOrderId: request.orderId, paymentUrl: null, qrCode: result.qr_string, virtualAccount: null, expiresAt: null };
      }
      if (request.method === "bank" && request.bank !== null) {
        if (request.bank === "Mandiri") {
          const result = await core("POST", "/v2/charge", request.signal, { payment_type: "echannel", ...details, echannel: { bill_info1: "Payment:", bill_info2: request.itemName.slice(0, 10) }, custom_expiry });
          if (typeof result.bill_key !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans echannel: no bill_key");
          return { gatewayOrderId: request.orderId, paymentUrl: null, qrCode: null, virtualAccount: result.bill_key, bankCode: typeof result.biller_code === "string" ? result.biller_code : null, expiresAt: null };
        }
        const result = await core("POST", "/v2/charge", request.signal, { payment_type: "bank_transfer", ...details, bank_transfer: { bank: VA_BANKS[request.bank] }, custom_expiry });
        const va = (result.va_numbers as { va_number?: string }[] | undefined)?.[0]?.va_number;
        if (typeof va !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans bank_transfer: no va_number");
        return { gatewayOrderId: request.orderId, paymentUrl: null, qrCode: null, virtualAccount: va, expiresAt: null };
      }
      throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans: method ${request.method} not supported`);
    },

    async readNotification(input): Promise<NotificationResult> {
      let body: Body;
      try {
        body = JSON.parse(input.rawBody) as Body;
      } catch {
        return { kind: "malformed" };
      }
      if (typeof body !== "object" || body === null || typeof body.order_id !== "string") return { kind: "malformed" };
      const { order_id, status_code, gross_amount, signature_key } = body;
      if (typeof signature_key !== "string" || typeof status_code !== "string" || typeof gross_amount !== "string") return { kind: "unauthorized" };
      if (!safeEqual(signature_key, midtransSignature(order_id, status_code, gross_amount, options.serverKey))) return { kind: "unauthorized" };
      return { kind: "verified", status: await status(order_id, input.signal), reportedAmount: wholeRupiah(gross_amount.replace(/\.00$/, "")) };
    },

    status,
  };
}

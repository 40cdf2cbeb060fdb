/**
 * Midtrans (docs.midtrans.com; the official Node SDK github.com/Midtrans/midtrans-nodejs-client is
 * read for how it calls the same API): Core API charges for QRIS, bank transfer virtual accounts
 * and the GoPay and ShopeePay e-wallets, Snap for cards (its hosted page), the status API, the
 * refund API, and the HTTP notification's signature. Thin `fetch` calls; no SDK.
 * docs/decisions/0121-midtrans-as-documented.md records what was checked against which page.
 *
 * - Auth: HTTP Basic with the server key as user name and an empty password.
 * - An answer's `status_code` is in its body, and the HTTP status may be 200 all the same: the body
 *   decides (midtrans-status.ts). 407 is the status API's normal answer for an expired transaction.
 * - Notification: `signature_key = SHA512(order_id + status_code + gross_amount + server_key)`,
 *   compared in constant time. The signature does not cover `transaction_status`, so the status is
 *   asked of Midtrans again, and only for an order Kasih knows.
 */
import { createHash } from "node:crypto";
import type { PaymentMethod } from "../payment-methods";
import { GatewayError, type Bank, type ChargeRequest, type ChargeResult, type GatewayClient, type GatewayStatus, type NotificationResult, type RefundResult, type Wallet } from "./gateway";
import { gatewayFetch, GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";
import { midtransAnswerKind, midtransCode, midtransOutcome, refundByKey, refundConfirmed } from "./midtrans-status";

export { midtransOutcome } from "./midtrans-status";

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

/** The e-wallets Midtrans charges through the Core API, each with its `deeplink-redirect` action. */
const MIDTRANS_WALLETS = ["gopay", "shopeepay"] as const satisfies readonly Wallet[];

/**
 * The longest `custom_expiry` each charge takes, in minutes: GoPay (and its QRIS) "min 20s, max 7
 * days" (/reference/gopay-1), ShopeePay "maximum expiry time is 5 days" (/reference/shopeepay-1),
 * bank transfers "min 20s, max 180 days" (/reference/mandiri-bill-payment-1).
 */
const DAY_MINUTES = 24 * 60;
export const MIDTRANS_MAX_EXPIRY_MINUTES: Record<string, number> = { gopay: 7 * DAY_MINUTES, qris: 7 * DAY_MINUTES, shopeepay: 5 * DAY_MINUTES, bank_transfer: 180 * DAY_MINUTES, echannel: 180 * DAY_MINUTES };

/** Methods the refund API takes: "credit_card, gopay, shopeepay, dana, ovo, QRIS, kredivo and akulaku" (/reference/refund-transaction). */
const REFUNDABLE_METHODS: readonly PaymentMethod[] = ["credit", "qris", "ewallet"];

/** A reason is "String(255)" (/reference/refund-transaction). */
const REFUND_REASON_MAX = 255;

type Body = Record<string, unknown>;

/** "2026-11-24 09:30:00" in Jakarta time (GMT+7, as every Midtrans timestamp) → a Date, or null. */
export function midtransTime(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value.replace(" ", "T")}+07:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const rupiah = (value: unknown) => wholeRupiah(typeof value === "string" ? value.replace(/\.00$/, "") : value);
const text = (value: unknown) => (typeof value === "string" ? value : null);

export function createMidtrans(options: { serverKey: string; apiUrl: string; snapUrl: string }): GatewayClient {
  const headers = {
    Accept: "application/json",
    "Content-Type": "application/json",
    Authorization: `Basic ${Buffer.from(`${options.serverKey}:`).toString("base64")}`,
  };

  /**
   * One Core API call. Whatever Midtrans answers comes back with its code (the body's status_code,
   * else the HTTP status); only a network fault, a timeout or a body that is not JSON throws.
   */
  const call = async (method: "GET" | "POST", path: string, signal: AbortSignal, body?: unknown): Promise<{ code: number; body: Body }> => {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, redirect: "error" });
    } catch (error) {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans ${method} ${path}: ${(error as Error).name} ${(error as Error).message}`);
    }
    const raw = await response.text().catch(() => "");
    let parsed: unknown = null;
    try {
      parsed = raw === "" ? null : JSON.parse(raw);
    } catch {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans ${method} ${path}: ${response.status}, not JSON: ${raw.slice(0, 200)}`);
    }
    const answer = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
    return { code: midtransCode(answer, response.status), body: answer };
  };

  const fault = (method: string, path: string, answer: { code: number; body: Body }) =>
    new GatewayError(GATEWAY_UNAVAILABLE, `midtrans ${method} ${path}: ${answer.code} ${String(answer.body.status_message ?? "")} ${JSON.stringify(answer.body.validation_messages ?? "")}`);

  /** A charge: its answer must describe the transaction now created. */
  const charge = async (request: ChargeRequest, body: Body): Promise<Body> => {
    const answer = await call("POST", "/v2/charge", request.signal, body);
    if (midtransAnswerKind(answer.code) !== "transaction") throw fault("POST", "/v2/charge", answer);
    return answer.body;
  };

  const toStatus = (body: Body, orderId: string): GatewayStatus => {
    // Asked by order id, so the answer must be about that order (a transaction id in the path
    // would let a tampered notification borrow another order's status).
    if (body.order_id !== undefined && body.order_id !== orderId) throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans status of ${orderId} answered for ${String(body.order_id)}`);
    return {
      gatewayOrderId: orderId,
      outcome: midtransOutcome(body.transaction_status, body.fraud_status, body.refunds),
      amount: rupiah(body.gross_amount),
      currency: text(body.currency) ?? "IDR",
      gatewayTransactionId: text(body.transaction_id),
    };
  };

  const status = async (orderId: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const path = `/v2/${encodeURIComponent(orderId)}/status`;
    const answer = await call("GET", path, signal);
    switch (midtransAnswerKind(answer.code)) {
      case "transaction":
        return toStatus(answer.body, orderId);
      case "not_found":
        // No transaction yet (a Snap page where no method was chosen): nothing paid, nothing to change.
        return { gatewayOrderId: orderId, outcome: "pending", amount: Number.NaN, currency: "IDR", gatewayTransactionId: null };
      default:
        throw fault("GET", path, answer);
    }
  };

  const common = (request: ChargeRequest, paymentType: string) => {
    const wanted = Math.max(1, Math.ceil((request.expiresAt.getTime() - Date.now()) / 60_000));
    const minutes = Math.min(wanted, MIDTRANS_MAX_EXPIRY_MINUTES[paymentType] ?? wanted);
    return {
      transaction_details: { order_id: request.orderId, gross_amount: request.amount },
      item_details: [{ id: request.orderId.slice(0, 50), price: request.amount, quantity: 1, name: request.itemName.slice(0, 50) }],
      customer_details: {
        first_name: request.customer.firstName,
        last_name: request.customer.lastName,
        email: request.customer.email,
        ...(request.phone ? { phone: request.phone } : {}),
      },
      minutes,
    };
  };

  /** What every Core API charge answers: its transaction id and its own expiry. */
  const charged = (request: ChargeRequest, body: Body) => ({
    gatewayOrderId: request.orderId,
    gatewayTransactionId: text(body.transaction_id),
    expiresAt: midtransTime(body.expiry_time),
  });

  const createWallet = async (request: ChargeRequest): Promise<ChargeResult> => {
    const wallet = request.wallet ?? null;
    if (wallet !== "gopay" && wallet !== "shopeepay") throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans: wallet ${String(wallet)} not supported`);
    const { minutes, ...details } = common(request, wallet);
    // The member comes back to Kasih from the wallet app: GoPay appends the callback only with
    // enable_callback (/reference/gopay-object); ShopeePay takes callback_url (/reference/shopeepay-1).
    const walletDetails = wallet === "gopay" ? { gopay: { enable_callback: true, callback_url: request.returnUrl } } : { shopeepay: { callback_url: request.returnUrl } };
    const body = await charge(request, { payment_type: wallet, ...details, ...walletDetails, custom_expiry: { expiry_duration: minutes, unit: "minute" } });
    const actions = Array.isArray(body.actions) ? (body.actions as { name?: unknown; url?: unknown }[]) : [];
    const deeplink = actions.find((action) => action?.name === "deeplink-redirect")?.url;
    if (typeof deeplink !== "string" || deeplink === "") throw new GatewayError(GATEWAY_UNAVAILABLE, `midtrans ${wallet}: no deeplink-redirect action`);
    return { ...charged(request, body), paymentUrl: null, qrCode: null, virtualAccount: null, walletUrl: deeplink };
  };

  /**
   * A refund through POST /v2/{id}/refund, the one endpoint "for all refund usecases"
   * (/reference/refund-transaction; /refund/online/direct is kept only for existing merchants).
   */
  const refund: NonNullable<GatewayClient["refund"]> = async (request): Promise<RefundResult> => {
    // GoPay's static QRIS "can only be refunded by passing the Midtrans transaction ID".
    const id = encodeURIComponent(request.gatewayTransactionId ?? request.gatewayOrderId);
    const path = `/v2/${id}/refund`;
    const answer = await call("POST", path, request.signal, { refund_key: request.refundId, amount: request.amount, reason: request.reason.slice(0, REFUND_REASON_MAX) });
    const kind = midtransAnswerKind(answer.code);
    if (kind === "transaction" && answer.code !== 202) {
      // Approved; done when the bank confirms it, which a later notification says.
      return { state: refundConfirmed(answer.body.refunds) ? "refunded" : "pending", gatewayRefundId: answer.body.refund_chargeback_id === undefined ? request.refundId : String(answer.body.refund_chargeback_id) };
    }
    if (answer.code === 406 || answer.code === 412) {
      // 406 "Duplicate refund ID" (or 412 once refunded): this refund key was already used by an
      // earlier try whose answer was lost. 412 otherwise: not settled yet, and a card still in
      // `capture` is voided by Cancel instead.
      const current = await call("GET", `/v2/${encodeURIComponent(request.gatewayOrderId)}/status`, request.signal);
      const earlier = refundByKey(current.body.refunds, request.refundId);
      if (earlier !== null) return { state: refundConfirmed([earlier]) ? "refunded" : "pending", gatewayRefundId: request.refundId };
      if (answer.code === 412 && String(current.body.transaction_status).toLowerCase() === "capture") {
        const cancelPath = `/v2/${encodeURIComponent(request.gatewayOrderId)}/cancel`;
        const cancelled = await call("POST", cancelPath, request.signal);
        if (String(cancelled.body.transaction_status).toLowerCase() === "cancel") return { state: "refunded", gatewayRefundId: null };
        throw new GatewayError(`Midtrans: ${String(cancelled.body.status_message ?? "the card payment could not be cancelled")}`, `midtrans POST ${cancelPath}: ${cancelled.code}`);
      }
    }
    if (kind === "unavailable") throw fault("POST", path, answer);
    // Midtrans refused (202 "Refund denied by the bank", 412, 414 …): the operator sees its words.
    throw new GatewayError(`Midtrans: ${String(answer.body.status_message ?? `refund refused (${answer.code})`)}`, `midtrans POST ${path}: ${answer.code}`);
  };

  return {
    name: "midtrans",
    methods: ["qris", "credit", "bank", "ewallet"],
    wallets: MIDTRANS_WALLETS,
    mode: options.serverKey.startsWith("SB-") ? "test" : "live",
    // GoPay and ShopeePay open the wallet app from the deeplink; neither takes the payer's number.
    needsPhone: () => false,

    async create(request): Promise<ChargeResult> {
      if (request.method === "credit") {
        const { minutes, ...details } = common(request, "credit_card");
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
      if (request.method === "ewallet") return createWallet(request);
      if (request.method === "qris") {
        const { minutes, ...details } = common(request, "qris");
        const body = await charge(request, { payment_type: "qris", ...details, qris: { acquirer: "gopay" }, custom_expiry: { expiry_duration: minutes, unit: "minute" } });
        if (typeof body.qr_string !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans qris: no qr_string");
        return { ...charged(request, body), paymentUrl: null, qrCode: body.qr_string, virtualAccount: null };
      }
      if (request.method === "bank" && request.bank !== null) {
        const paymentType = request.bank === "Mandiri" ? "echannel" : "bank_transfer";
        const { minutes, ...details } = common(request, paymentType);
        const custom_expiry = { expiry_duration: minutes, unit: "minute" };
        if (request.bank === "Mandiri") {
          // Mandiri shows 10 characters of the label and 30 of its value (/reference/e-channel-object).
          const body = await charge(request, { payment_type: "echannel", ...details, echannel: { bill_info1: "Payment:", bill_info2: request.itemName.slice(0, 30) }, custom_expiry });
          if (typeof body.bill_key !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans echannel: no bill_key");
          return { ...charged(request, body), paymentUrl: null, qrCode: null, virtualAccount: body.bill_key, bankCode: text(body.biller_code) };
        }
        const body = await charge(request, { payment_type: "bank_transfer", ...details, bank_transfer: { bank: VA_BANKS[request.bank] }, custom_expiry });
        const va = (body.va_numbers as { va_number?: string }[] | undefined)?.[0]?.va_number;
        if (typeof va !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "midtrans bank_transfer: no va_number");
        return { ...charged(request, body), paymentUrl: null, qrCode: null, virtualAccount: va };
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
      if (typeof body !== "object" || body === null || typeof body.order_id !== "string" || body.order_id === "") return { kind: "malformed" };
      const { order_id, status_code, gross_amount, signature_key } = body;
      if (typeof signature_key !== "string" || typeof status_code !== "string" || typeof gross_amount !== "string") return { kind: "unauthorized" };
      if (!safeEqual(signature_key.toLowerCase(), midtransSignature(order_id, status_code, gross_amount, options.serverKey))) return { kind: "unauthorized" };
      // Verified; an order Kasih does not know is answered at once, without asking Midtrans.
      if (input.isKnownOrder !== undefined && !(await input.isKnownOrder(order_id))) return { kind: "unknown", gatewayOrderId: order_id };
      const reported = rupiah(gross_amount);
      return { kind: "verified", status: await status(order_id, input.signal), reportedAmount: Number.isNaN(reported) ? null : reported };
    },

    status,

    async testConnection(signal) {
      // An order id no payment ever has: valid keys get 404 "Transaction doesn't exist.", wrong
      // ones 401 "Access denied due to unauthorized transaction" (/reference/code-4xx).
      const path = `/v2/kasih-connection-test-${crypto.randomUUID()}/status`;
      const answer = await call("GET", path, signal);
      const kind = midtransAnswerKind(answer.code);
      if (kind === "not_found" || kind === "transaction") return;
      if (kind === "unauthorized" || kind === "refused") throw new GatewayError(`Midtrans: ${String(answer.body.status_message ?? `error ${answer.code}`)}`, `midtrans GET ${path}: ${answer.code}`);
      throw fault("GET", path, answer);
    },

    canRefund: (method) => REFUNDABLE_METHODS.includes(method),
    refund,
  };
}

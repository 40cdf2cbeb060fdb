/**
 * iPaymu v2 (iPaymu's API documentation, github.com/ipaymu/docs-ipaymu-api-v2: "Direct Payment",
 * "Redirect Payment", "Check Transaction", "Check Balance", "Callback", "Signature"): Direct
 * Payment for QRIS and virtual accounts, the Redirect Payment page for cards, the transaction
 * query. Thin `fetch` calls; no SDK.
 *
 * - Every request is signed: `signature` = hex(HMAC-SHA256(api key, "POST:" + va + ":" +
 *   lowercase(hex(SHA-256(body))) + ":" + api key)), sent with the `va` and a `timestamp`.
 * - Errors come back as HTTP 200 too, with `Status` other than 200: checked on every call.
 * - Direct Payment requires the buyer's `phone` (the member's, asked for by the payment dialog:
 *   `needsPhone`); QRIS is channel `mpm`; `expired` cannot be set for QRIS or BCA and is at most
 *   2 hours for BRI, so the expiry iPaymu answers is the payment's.
 * - A callback is signed (`X-Signature`, "Callback > Signature Validation") with the merchant's
 *   VA number as the key, which is not much of a secret: it is checked, and then the transaction
 *   is queried again with our signed request and only that answer counts (PAYMENTS.md).
 * - A payment is named by our order id, sent as iPaymu's `referenceId` and returned by the query;
 *   iPaymu's own transaction id (`trx_id`) is what the query takes.
 */
import { createHash, createHmac } from "node:crypto";
import {
  GatewayError,
  type Bank,
  type ChargeRequest,
  type ChargeResult,
  type GatewayClient,
  type GatewayOutcome,
  type GatewayStatus,
  type NotificationResult,
} from "./gateway";
import { GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";

export const IPAYMU_DEFAULT_API_URL = "https://my.ipaymu.com";
/** iPaymu's sandbox host: keys for it are test keys (ADMIN.md 'Gateway setup'). */
export const IPAYMU_SANDBOX_HOST = "sandbox.ipaymu.com";

const VA_CHANNELS: Record<Bank, string> = { BCA: "bca", Mandiri: "mandiri", BNI: "bni", BRI: "bri" };
/** "expired": "BCA VA can't be customized (default 12 hours)", "QRIS can't be customized". */
const FIXED_EXPIRY_CHANNELS = new Set(["bca", "mpm"]);
/** "expired": "BRI VA max 2 hours", "BSI VA max 3 hours". */
const MAX_EXPIRY_HOURS: Record<string, number> = { bri: 2, bsi: 3 };

/**
 * iPaymu's transaction Status codes ("Check Transaction"): 0 pending, 1 success, 2 cancelled,
 * 3 refund, 4 error, 5 failed, 6 success - unsettled, 7 escrow (Kasih never asks for escrow),
 * -2 expired. A refund only reaches a paid payment, which never goes back.
 */
const OUTCOMES: Record<string, GatewayOutcome> = { "-2": "expired", "0": "pending", "1": "paid", "2": "cancelled", "3": "cancelled", "4": "failed", "5": "failed", "6": "paid", "7": "pending" };

export function ipaymuSignature(va: string, apiKey: string, body: string): string {
  const digest = createHash("sha256").update(body).digest("hex").toLowerCase();
  return createHmac("sha256", apiKey).update(`POST:${va}:${digest}:${apiKey}`).digest("hex");
}

/** "20261124093000": iPaymu's timestamp. */
export const ipaymuTimestamp = (date = new Date()) => date.toISOString().replace(/[-:T]/g, "").slice(0, 14);

/** Test keys go to iPaymu's sandbox; the mode follows the address (PAYMENTS.md: `IPAYMU_API_URL`). */
export function ipaymuMode(apiUrl: string): "test" | "live" {
  try {
    return new URL(apiUrl).hostname === IPAYMU_SANDBOX_HOST ? "test" : "live";
  } catch {
    return "live";
  }
}

/** "+6281234567890" → "081234567890": the local form iPaymu's examples use. */
export function ipaymuPhone(phone: string): string {
  return phone.replace(/^\+62/, "0");
}

/** "2026-11-24 09:00:00" in Western Indonesian Time (UTC+7, iPaymu's clock) → a Date; null if not that. */
export function ipaymuExpiry(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value.replace(" ", "T")}+07:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** PHP's intval of a string, which iPaymu's callback signature applies to its integer fields. */
function phpIntval(value: string): number {
  const match = /^\s*[+-]?\d+/.exec(value);
  return match === null ? 0 : Number(match[0]);
}

/**
 * PHP's json_encode with its default flags, which iPaymu's callback signature is made with:
 * `/` escaped as `\/`, every character beyond ASCII as `\uXXXX`, an empty or list-keyed array as
 * a JSON list.
 */
export function phpJsonEncode(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "0";
  if (typeof value === "string") {
    return JSON.stringify(value)
      .replace(/\//g, "\\/")
      .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || entries.every(([key], index) => key === String(index))) return `[${entries.map(([, item]) => phpJsonEncode(item)).join(",")}]`;
  return `{${entries.map(([key, item]) => `${phpJsonEncode(key)}:${phpJsonEncode(item)}`).join(",")}}`;
}

/** The callback's fields as iPaymu signs them ("Callback > Signature Validation", steps 1-4). */
function callbackFields(rawBody: string, json: boolean): Record<string, unknown> | null {
  let fields: Record<string, unknown>;
  if (json) {
    try {
      const parsed: unknown = JSON.parse(rawBody);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
      fields = { ...(parsed as Record<string, unknown>) };
    } catch {
      return null;
    }
  } else {
    // A form post carries only text: iPaymu's types are restored before signing.
    fields = {};
    for (const [key, value] of new URLSearchParams(rawBody)) {
      if (key === "is_escrow") fields[key] = value === "1" || value === "true";
      else if (key === "trx_id" || key === "status_code" || key === "transaction_status_code" || key === "paid_off") fields[key] = phpIntval(value);
      else if (key === "additional_info" && value === "[]") fields[key] = [];
      else fields[key] = value;
    }
    if (!Object.hasOwn(fields, "additional_info")) fields.additional_info = [];
  }
  return fields;
}

/**
 * hex(HMAC-SHA256(VA, json_encode(ksort(fields without "signature")))). PHP's ksort orders the
 * keys byte by byte (as the documentation's PHP, Go and Python samples do; its JavaScript sample's
 * localeCompare would put "reference_id" before "referenceId", which PHP does not).
 */
export function ipaymuCallbackSignature(va: string, fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .filter((key) => key !== "signature")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const json = `{${sorted.map((key) => `${phpJsonEncode(key)}:${phpJsonEncode(fields[key])}`).join(",")}}`;
  return createHmac("sha256", va).update(json).digest("hex");
}

type Body = Record<string, unknown>;

export function createIpaymu(options: { va: string; apiKey: string; apiUrl: string }): GatewayClient {
  /** One signed POST; iPaymu's `Data` when its `Status` is 200, else a GatewayError with its Message. */
  const post = async (path: string, payload: unknown, signal: AbortSignal): Promise<Body> => {
    const text = JSON.stringify(payload);
    const url = `${options.apiUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        signal,
        redirect: "error",
        headers: { Accept: "application/json", "Content-Type": "application/json", va: options.va, signature: ipaymuSignature(options.va, options.apiKey, text), timestamp: ipaymuTimestamp() },
        body: text,
      });
    } catch (error) {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `POST ${url}: ${(error as Error).name} ${(error as Error).message}`);
    }
    const answer = await response.text().catch(() => "");
    let result: Body;
    try {
      result = (JSON.parse(answer) ?? {}) as Body;
    } catch {
      throw new GatewayError(GATEWAY_UNAVAILABLE, `POST ${url}: ${response.status}, not JSON: ${answer.slice(0, 200)}`);
    }
    if (!response.ok || Number(result.Status) !== 200) {
      const message = typeof result.Message === "string" && result.Message !== "" ? result.Message : null;
      throw new IpaymuRefusal(message, `ipaymu ${path}: ${response.status} ${String(result.Status)} ${String(result.Message)}`);
    }
    return (result.Data ?? {}) as Body;
  };

  /** The transaction as iPaymu holds it, by iPaymu's transaction id (the query takes no other). */
  const status = async (transactionId: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const data = await post("/api/v2/transaction", { transactionId: String(transactionId) }, signal);
    return {
      gatewayOrderId: String(data.ReferenceId ?? ""),
      outcome: OUTCOMES[String(data.Status)] ?? "pending",
      amount: wholeRupiah(data.Amount),
      currency: "IDR",
      gatewayTransactionId: data.TransactionId === undefined || data.TransactionId === null ? null : String(data.TransactionId),
    };
  };

  const buyerOf = (request: ChargeRequest) => ({ name: `${request.customer.firstName} ${request.customer.lastName}`.trim(), email: request.customer.email });

  return {
    name: "ipaymu",
    methods: ["qris", "credit", "bank"],
    mode: ipaymuMode(options.apiUrl),
    // Direct Payment requires `phone`; the card page gets it too (`buyerPhone`), so every method asks.
    needsPhone: () => true,
    // iPaymu has no refund API: a refund is made by hand and recorded with its note (PAYMENTS.md).
    canRefund: () => false,

    async create(request): Promise<ChargeResult> {
      const buyer = buyerOf(request);
      if (!request.phone) throw new GatewayError("A phone number is needed to pay with iPaymu.", `ipaymu: payment ${request.orderId} without a phone`);
      const phone = ipaymuPhone(request.phone);
      if (request.method === "credit") {
        const data = await post(
          "/api/v2/payment",
          {
            product: [request.itemName],
            qty: [1],
            price: [request.amount],
            description: [request.itemName],
            returnUrl: request.returnUrl,
            cancelUrl: request.returnUrl,
            notifyUrl: request.notifyUrl,
            referenceId: request.orderId,
            buyerName: buyer.name,
            buyerEmail: buyer.email,
            buyerPhone: phone,
            paymentMethod: "cc",
          },
          request.signal,
        );
        if (typeof data.Url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "ipaymu redirect: no Url");
        return { gatewayOrderId: request.orderId, paymentUrl: data.Url, qrCode: null, virtualAccount: null, expiresAt: null };
      }
      const channel = request.method === "qris" ? { paymentMethod: "qris", paymentChannel: "mpm" } : request.method === "bank" && request.bank !== null ? { paymentMethod: "va", paymentChannel: VA_CHANNELS[request.bank] } : null;
      if (channel === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `ipaymu: method ${request.method} not supported`);
      const wanted = Math.max(1, Math.ceil((request.expiresAt.getTime() - Date.now()) / 3_600_000));
      const expiry = FIXED_EXPIRY_CHANNELS.has(channel.paymentChannel) ? {} : { expired: Math.min(wanted, MAX_EXPIRY_HOURS[channel.paymentChannel] ?? wanted), expiredType: "hours" };
      const data = await post(
        "/api/v2/payment/direct",
        { ...buyer, phone, amount: request.amount, notifyUrl: request.notifyUrl, referenceId: request.orderId, comments: request.itemName, ...expiry, ...channel },
        request.signal,
      );
      const paymentNo = typeof data.PaymentNo === "string" || typeof data.PaymentNo === "number" ? String(data.PaymentNo) : null;
      const qrString = typeof data.QrString === "string" ? data.QrString : request.method === "qris" ? paymentNo : null;
      if (request.method === "qris" ? qrString === null : paymentNo === null) throw new GatewayError(GATEWAY_UNAVAILABLE, "ipaymu direct: no PaymentNo");
      return {
        gatewayOrderId: request.orderId,
        paymentUrl: null,
        qrCode: request.method === "qris" ? qrString : null,
        virtualAccount: request.method === "bank" ? paymentNo : null,
        expiresAt: ipaymuExpiry(data.Expired),
        gatewayTransactionId: data.TransactionId === undefined || data.TransactionId === null ? null : String(data.TransactionId),
      };
    },

    async readNotification(input): Promise<NotificationResult> {
      const json = (input.headers.get("Content-Type") ?? "").includes("json") || input.rawBody.trimStart().startsWith("{");
      const fields = callbackFields(input.rawBody, json);
      if (fields === null) return { kind: "unauthorized" };
      const given = (input.headers.get("X-Signature") ?? (typeof fields.signature === "string" ? fields.signature : "")).toLowerCase();
      if (given === "" || !safeEqual(given, ipaymuCallbackSignature(options.va, fields))) return { kind: "unauthorized" };
      const transactionId = String(fields.trx_id ?? "");
      const reference = fields.reference_id ?? fields.referenceId;
      if (typeof reference !== "string" || reference === "") return { kind: "malformed" };
      if (input.isKnownOrder !== undefined && !(await input.isKnownOrder(reference))) return { kind: "unknown", gatewayOrderId: reference };
      if (!/^\d{1,20}$/.test(transactionId) || transactionId === "0") return { kind: "malformed" };
      const now = await status(transactionId, input.signal);
      // iPaymu's own answer names the order; a callback pairing another order's transaction is refused.
      if (now.gatewayOrderId !== reference) return { kind: "malformed" };
      return { kind: "verified", status: now, reportedAmount: null };
    },

    status,

    // Check Balance: one harmless authenticated call ("Check Balance": POST /api/v2/balance).
    async testConnection(signal) {
      try {
        await post("/api/v2/balance", { account: options.va }, signal);
      } catch (error) {
        if (error instanceof IpaymuRefusal && error.ipaymuMessage !== null) throw new GatewayError(error.ipaymuMessage, error.detail);
        throw error;
      }
    },
  };
}

/** iPaymu refused; its own Message is kept for "Test connection" (the member sees GATEWAY_UNAVAILABLE). */
class IpaymuRefusal extends GatewayError {
  constructor(
    readonly ipaymuMessage: string | null,
    detail: string,
  ) {
    super(GATEWAY_UNAVAILABLE, detail);
  }
}

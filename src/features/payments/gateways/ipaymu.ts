/**
 * iPaymu v2 (ipaymu.com/en/api-documentation): Direct Payment for QRIS and virtual accounts, the
 * Redirect Payment page for cards, and the transaction query. Thin `fetch` calls; no SDK.
 *
 * - Every request is signed: `signature` = hex(HMAC-SHA256(api key, "POST:" + va + ":" +
 *   lowercase(hex(SHA-256(body))) + ":" + api key)), sent with the `va` and a `timestamp`.
 * - Errors come back as HTTP 200 too, with `Status` other than 200: checked on every call.
 * - iPaymu's notification (a form post: trx_id, sid, reference_id, status …) carries no
 *   signature (PAYMENTS.md), so nothing in it is believed: the transaction is queried again with
 *   our signed request and only that answer counts. The query is the authentication; a forged
 *   notification can only make us ask iPaymu about a real transaction of this merchant.
 * - A payment is named by our order id, sent as iPaymu's `referenceId` and returned by the query.
 */
import { createHash, createHmac } from "node:crypto";
import { GatewayError, type Bank, type ChargeResult, type GatewayClient, type GatewayOutcome, type GatewayStatus, type NotificationResult } from "./gateway";
import { gatewayFetch, GATEWAY_UNAVAILABLE, wholeRupiah } from "./http";

export const IPAYMU_DEFAULT_API_URL = "https://my.ipaymu.com";

const VA_CHANNELS: Record<Bank, string> = { BCA: "bca", Mandiri: "mandiri", BNI: "bni", BRI: "bri" };

/** iPaymu's transaction Status codes (API documentation, "Check Transaction"). */
const OUTCOMES: Record<string, GatewayOutcome> = { "-2": "expired", "0": "pending", "1": "paid", "2": "cancelled", "3": "cancelled", "4": "failed", "5": "failed", "6": "paid", "7": "pending" };

export function ipaymuSignature(va: string, apiKey: string, body: string): string {
  const digest = createHash("sha256").update(body).digest("hex").toLowerCase();
  return createHmac("sha256", apiKey).update(`POST:${va}:${digest}:${apiKey}`).digest("hex");
}

/** "20261124093000": iPaymu's timestamp. */
export const ipaymuTimestamp = (date = new Date()) => date.toISOString().replace(/[-:T]/g, "").slice(0, 14);

type Body = Record<string, unknown>;

export function createIpaymu(options: { va: string; apiKey: string; apiUrl: string }): GatewayClient {
  const post = async (path: string, payload: unknown, signal: AbortSignal): Promise<Body> => {
    const text = JSON.stringify(payload);
    const answer = await gatewayFetch(`${options.apiUrl}${path}`, {
      method: "POST",
      signal,
      headers: { Accept: "application/json", "Content-Type": "application/json", va: options.va, signature: ipaymuSignature(options.va, options.apiKey, text), timestamp: ipaymuTimestamp() },
      body: text,
    });
    const result = (answer.body ?? {}) as Body;
    if (Number(result.Status) !== 200) throw new GatewayError(GATEWAY_UNAVAILABLE, `ipaymu ${path}: ${String(result.Status)} ${String(result.Message)}`);
    return (result.Data ?? {}) as Body;
  };

  /** The transaction as iPaymu holds it, by iPaymu's transaction id. */
  const status = async (transactionId: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const data = await post("/api/v2/transaction", { transactionId: Number(transactionId) || transactionId, account: options.va }, signal);
    return { gatewayOrderId: String(data.ReferenceId ?? ""), outcome: OUTCOMES[String(data.Status)] ?? "pending", amount: wholeRupiah(data.Amount), currency: "IDR" };
  };

  return {
    name: "ipaymu",
    methods: ["qris", "credit", "bank"],

    async create(request): Promise<ChargeResult> {
      const buyer = { name: `${request.customer.firstName} ${request.customer.lastName}`.trim(), email: request.customer.email };
      if (request.method === "credit") {
        const data = await post(
          "/api/v2/payment",
          { product: [request.itemName], qty: [1], price: [request.amount], returnUrl: request.returnUrl, cancelUrl: request.returnUrl, notifyUrl: request.notifyUrl, referenceId: request.orderId, buyerName: buyer.name, buyerEmail: buyer.email, paymentMethod: "cc" },
          request.signal,
        );
        if (typeof data.Url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "ipaymu redirect: no Url");
        return { gatewayOrderId: request.orderId, paymentUrl: data.Url, qrCode: null, virtualAccount: null, expiresAt: null };
      }
      const channel = request.method === "qris" ? { paymentMethod: "qris", paymentChannel: "qris" } : request.method === "bank" && request.bank !== null ? { paymentMethod: "va", paymentChannel: VA_CHANNELS[request.bank] } : null;
      if (channel === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `ipaymu: method ${request.method} not supported`);
      const hours = Math.max(1, Math.ceil((request.expiresAt.getTime() - Date.now()) / 3_600_000));
      const data = await post(
        "/api/v2/payment/direct",
        { ...buyer, phone: "", amount: request.amount, notifyUrl: request.notifyUrl, referenceId: request.orderId, expired: hours, expiredType: "hours", product: [request.itemName], qty: [1], price: [request.amount], ...channel },
        request.signal,
      );
      const paymentNo = typeof data.PaymentNo === "string" || typeof data.PaymentNo === "number" ? String(data.PaymentNo) : null;
      const qrString = typeof data.QrString === "string" ? data.QrString : request.method === "qris" ? paymentNo : null;
      if (request.method === "qris" ? qrString === null : paymentNo === null) throw new GatewayError(GATEWAY_UNAVAILABLE, "ipaymu direct: no PaymentNo");
      return { gatewayOrderId: request.orderId, paymentUrl: null, qrCode: request.method === "qris" ? qrString : null, virtualAccount: request.method === "bank" ? paymentNo : null, expiresAt: null };
    },

    async readNotification(input): Promise<NotificationResult> {
      const fields = new URLSearchParams(input.rawBody);
      let transactionId = fields.get("trx_id");
      if (transactionId === null) {
        // Some accounts post JSON instead of a form.
        try {
          transactionId = String((JSON.parse(input.rawBody) as Body).trx_id ?? "") || null;
        } catch {
          transactionId = null;
        }
      }
      if (transactionId === null || !/^\d{1,20}$/.test(transactionId)) return { kind: "malformed" };
      return { kind: "verified", status: await status(transactionId, input.signal), reportedAmount: null };
    },

    status,
  };
}

/**
 * Xendit (developers.xendit.co): Payment Requests for QRIS and virtual accounts, Invoices for cards
 * (Xendit's hosted page), and the callback verification token. Thin `fetch` calls; no SDK.
 *
 * - Auth: HTTP Basic with the secret key as user name and an empty password.
 * - A payment is named by Xendit's own id: "pr-…" for a payment request, the invoice id otherwise.
 * - Callbacks carry `x-callback-token`, equal to the token in Xendit's dashboard; the payment
 *   request or invoice is then fetched again and only that answer counts (PAYMENTS.md).
 */
import { GatewayError, type Bank, type ChargeResult, type GatewayClient, type GatewayOutcome, type GatewayStatus, type NotificationResult } from "./gateway";
import { gatewayFetch, GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";

/** The Payment Requests API version these shapes are written against. */
export const XENDIT_API_VERSION = "2022-07-31";

const VA_CHANNELS: Record<Bank, string> = { BCA: "BCA", Mandiri: "MANDIRI", BNI: "BNI", BRI: "BRI" };

const PAYMENT_REQUEST_OUTCOMES: Record<string, GatewayOutcome> = { SUCCEEDED: "paid", PENDING: "pending", REQUIRES_ACTION: "pending", AWAITING_CAPTURE: "pending", FAILED: "failed", EXPIRED: "expired", CANCELED: "cancelled", VOIDED: "cancelled" };
const INVOICE_OUTCOMES: Record<string, GatewayOutcome> = { PAID: "paid", SETTLED: "paid", PENDING: "pending", EXPIRED: "expired" };

const isPaymentRequest = (id: string) => id.startsWith("pr-");

type Body = Record<string, unknown>;

export function createXendit(options: { secretKey: string; callbackToken: string | null; apiUrl: string }): GatewayClient {
  const headers = {
    Accept: "application/json",
    "Content-Type": "application/json",
    Authorization: `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`,
  };
  const call = async (method: "GET" | "POST", path: string, signal: AbortSignal, body?: unknown, extra: Record<string, string> = {}): Promise<Body> =>
    ((await gatewayFetch(`${options.apiUrl}${path}`, { method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body), signal })).body ?? {}) as Body;

  const status = async (id: string, signal: AbortSignal): Promise<GatewayStatus> => {
    const result = isPaymentRequest(id)
      ? await call("GET", `/payment_requests/${encodeURIComponent(id)}`, signal, undefined, { "api-version": XENDIT_API_VERSION })
      : await call("GET", `/v2/invoices/${encodeURIComponent(id)}`, signal);
    const table = isPaymentRequest(id) ? PAYMENT_REQUEST_OUTCOMES : INVOICE_OUTCOMES;
    return { gatewayOrderId: id, outcome: table[String(result.status)] ?? "pending", amount: wholeRupiah(result.amount), currency: typeof result.currency === "string" ? result.currency : "IDR" };
  };

  return {
    name: "xendit",
    methods: ["qris", "credit", "bank"],

    async create(request): Promise<ChargeResult> {
      const expiresAt = request.expiresAt.toISOString();
      if (request.method === "credit") {
        const invoice = await call("POST", "/v2/invoices", request.signal, {
          external_id: request.orderId,
          amount: request.amount,
          currency: "IDR",
          description: request.itemName,
          payer_email: request.customer.email,
          customer: { given_names: request.customer.firstName, surname: request.customer.lastName || undefined, email: request.customer.email },
          items: [{ name: request.itemName, quantity: 1, price: request.amount }],
          payment_methods: ["CREDIT_CARD"],
          invoice_duration: Math.max(60, Math.round((request.expiresAt.getTime() - Date.now()) / 1000)),
          success_redirect_url: request.returnUrl,
          failure_redirect_url: request.returnUrl,
        });
        if (typeof invoice.id !== "string" || typeof invoice.invoice_url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "xendit invoice: no id or invoice_url");
        return { gatewayOrderId: invoice.id, paymentUrl: invoice.invoice_url, qrCode: null, virtualAccount: null, expiresAt: null };
      }
      const paymentMethod =
        request.method === "qris"
          ? { type: "QR_CODE", reusability: "ONE_TIME_USE", qr_code: { channel_code: "QRIS", channel_properties: { expires_at: expiresAt } } }
          : request.method === "bank" && request.bank !== null
            ? { type: "VIRTUAL_ACCOUNT", reusability: "ONE_TIME_USE", virtual_account: { channel_code: VA_CHANNELS[request.bank], channel_properties: { customer_name: `${request.customer.firstName} ${request.customer.lastName}`.trim().slice(0, 50), expires_at: expiresAt } } }
            : null;
      if (paymentMethod === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `xendit: method ${request.method} not supported`);
      const result = await call(
        "POST",
        "/payment_requests",
        request.signal,
        { reference_id: request.orderId, amount: request.amount, currency: "IDR", country: "ID", payment_method: paymentMethod, description: request.itemName },
        // Idempotent by our order id: a retried create never makes a second charge.
        { "api-version": XENDIT_API_VERSION, "idempotency-key": request.orderId },
      );
      const method = (result.payment_method ?? {}) as { qr_code?: { channel_properties?: { qr_string?: string } }; virtual_account?: { channel_properties?: { virtual_account_number?: string } } };
      if (typeof result.id !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "xendit payment request: no id");
      const qrCode = method.qr_code?.channel_properties?.qr_string ?? null;
      const virtualAccount = method.virtual_account?.channel_properties?.virtual_account_number ?? null;
      if (qrCode === null && virtualAccount === null) throw new GatewayError(GATEWAY_UNAVAILABLE, "xendit payment request: no qr_string or virtual_account_number");
      return { gatewayOrderId: result.id, paymentUrl: null, qrCode, virtualAccount, expiresAt: null };
    },

    async readNotification(input): Promise<NotificationResult> {
      const token = input.headers.get("x-callback-token");
      if (options.callbackToken === null || token === null || !safeEqual(token, options.callbackToken)) return { kind: "unauthorized" };
      let body: Body;
      try {
        body = JSON.parse(input.rawBody) as Body;
      } catch {
        return { kind: "malformed" };
      }
      // A payment callback ({event, data: {payment_request_id …}}), a payment request callback
      // ({event: "payment_request.*", data: {id …}}) or an invoice callback ({id, external_id …}).
      const data = (typeof body.data === "object" && body.data !== null ? body.data : null) as Body | null;
      const id = data !== null ? (typeof data.payment_request_id === "string" ? data.payment_request_id : String(body.event ?? "").startsWith("payment_request") ? data.id : null) : typeof body.external_id === "string" ? body.id : null;
      if (typeof id !== "string" || id === "") return { kind: "malformed" };
      const reported = wholeRupiah((data ?? body).amount);
      return { kind: "verified", status: await status(id, input.signal), reportedAmount: Number.isNaN(reported) ? null : reported };
    },

    status,
  };
}

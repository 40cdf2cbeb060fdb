/**
 * Xendit, as its documentation says (docs/decisions/0122-xendit-as-documented.md). Thin `fetch`
 * calls; no SDK.
 *
 * - QRIS, virtual accounts and e-wallets: Payments API v3, `POST /v3/payment_requests` with the
 *   `api-version` header (docs.xendit.co/apidocs/create-payment-request). A payment is named by
 *   Xendit's payment request id ("pr-…").
 * - Cards: an Invoice, Xendit's hosted page (`POST /v2/invoices`, xendit-node docs/Invoice.md),
 *   named by the invoice id.
 * - Callbacks carry `x-callback-token`, equal to the token in Xendit's dashboard
 *   (docs.xendit.co/docs/handling-webhooks); a callback for a payment Kasih does not know is
 *   answered at once, otherwise the payment request or invoice is fetched again and only that
 *   answer counts (PAYMENTS.md 'Notifications').
 * - Refunds: `POST /refunds` (docs.xendit.co/apidocs/refund-payment-request), idempotent by
 *   Kasih's refund id.
 */
import { GatewayError, type Bank, type ChargeRequest, type ChargeResult, type GatewayClient, type GatewayOutcome, type GatewayStatus, type NotificationResult, type RefundRequest, type RefundResult, type Wallet } from "./gateway";
import type { PaymentMethod } from "../payment-methods";
import { GATEWAY_UNAVAILABLE, safeEqual, wholeRupiah } from "./http";
import { XENDIT_API_VERSION, xenditCall, xenditOk, xenditRefusal, type XenditAnswer, type XenditBody } from "./xendit-api";
import { readXenditCallback } from "./xendit-callbacks";

export { XENDIT_API_VERSION } from "./xendit-api";

/** Channel codes (docs.xendit.co/docs/{bca,mandiri,bni,bri}-virtual-account, …/{dana,ovo,linkaja,shopeepay-e-wallets-id}). */
export const XENDIT_VA_CHANNELS: Record<Bank, string> = { BCA: "BCA_VIRTUAL_ACCOUNT", Mandiri: "MANDIRI_VIRTUAL_ACCOUNT", BNI: "BNI_VIRTUAL_ACCOUNT", BRI: "BRI_VIRTUAL_ACCOUNT" };
export const XENDIT_WALLETS = ["dana", "shopeepay", "linkaja", "ovo"] as const satisfies readonly Wallet[];
export const XENDIT_WALLET_CHANNELS: Record<(typeof XENDIT_WALLETS)[number], string> = { dana: "DANA", shopeepay: "SHOPEEPAY", linkaja: "LINKAJA", ovo: "OVO" };

/** Test secret keys start so (the API reference's own example key, 'Authentication'); anything else is a live key. */
const TEST_KEY_PREFIX = "xnd_development_";
/**
 * A payment request id of the documented form (`pr-` and a UUID: 39 characters,
 * docs.xendit.co/apidocs/get-payment-request) that no payment request has: the connection test
 * asks for it and expects 404 DATA_NOT_FOUND with valid keys.
 */
const ABSENT_PAYMENT_REQUEST = "pr-00000000-0000-4000-8000-000000000000";
/** Xendit's reasons are an enum (FRAUDULENT, DUPLICATE, REQUESTED_BY_CUSTOMER, CANCELLATION, OTHERS); the operator's own words go in metadata. */
const REFUND_REASON = "OTHERS";
const DISPLAY_NAME_MAX = 50;

/** Payment request statuses (create-payment-request, 'Payments_API_PaymentRequestStatus'; PENDING from docs/pay-one-off-payment). */
const PAYMENT_REQUEST_OUTCOMES: Record<string, GatewayOutcome> = {
  SUCCEEDED: "paid",
  PENDING: "pending",
  REQUIRES_ACTION: "pending",
  ACCEPTING_PAYMENTS: "pending",
  // Cards with manual capture only; Kasih captures automatically, so never final here.
  AUTHORIZED: "pending",
  AWAITING_CAPTURE: "pending",
  FAILED: "failed",
  EXPIRED: "expired",
  CANCELED: "cancelled",
  VOIDED: "cancelled",
};
/** Invoice statuses (xendit-node invoice/models/InvoiceStatus.ts). */
const INVOICE_OUTCOMES: Record<string, GatewayOutcome> = { PAID: "paid", SETTLED: "paid", PENDING: "pending", EXPIRED: "expired" };
/** Refund statuses (refund-payment-request, 'Payments_API_RefundStatus'). */
const REFUND_STATES: Record<string, RefundResult["state"]> = { SUCCEEDED: "refunded", PENDING: "pending" };

const isPaymentRequest = (id: string) => id.startsWith("pr-");
const stringOr = (value: unknown, fallback: string) => (typeof value === "string" && value !== "" ? value : fallback);

interface Action {
  type?: unknown;
  descriptor?: unknown;
  value?: unknown;
}

function actionValue(body: XenditBody, type: string, descriptor: string): string | null {
  const actions = Array.isArray(body.actions) ? (body.actions as Action[]) : [];
  const found = actions.find((action) => action.type === type && action.descriptor === descriptor && typeof action.value === "string" && action.value !== "");
  return found === undefined ? null : (found.value as string);
}

export function createXendit(options: { secretKey: string; callbackToken: string | null; apiUrl: string }): GatewayClient {
  const versioned = { "api-version": XENDIT_API_VERSION };
  const call = (request: Parameters<typeof xenditCall>[1]) => xenditCall(options, request);

  async function getPaymentRequest(id: string, signal: AbortSignal): Promise<XenditBody> {
    const path = `/v3/payment_requests/${encodeURIComponent(id)}`;
    const answer = await call({ method: "GET", path, signal, headers: versioned });
    // A payment request made through the v2 API before this client moved to v3 (decision 0122)
    // may be unknown to v3: ask v2 for it, as the old client did.
    if (answer.status === 404) return xenditOk(await call({ method: "GET", path: `/payment_requests/${encodeURIComponent(id)}`, signal }), `GET ${path}`);
    return xenditOk(answer, `GET ${path}`);
  }

  const status = async (id: string, signal: AbortSignal): Promise<GatewayStatus> => {
    if (isPaymentRequest(id)) {
      const body = await getPaymentRequest(id, signal);
      return {
        gatewayOrderId: id,
        outcome: PAYMENT_REQUEST_OUTCOMES[String(body.status)] ?? "pending",
        amount: wholeRupiah(body.request_amount ?? body.amount),
        currency: stringOr(body.currency, "IDR"),
        gatewayTransactionId: typeof body.latest_payment_id === "string" ? body.latest_payment_id : null,
      };
    }
    const body = xenditOk(await call({ method: "GET", path: `/v2/invoices/${encodeURIComponent(id)}`, signal }), "GET /v2/invoices");
    return {
      gatewayOrderId: id,
      outcome: INVOICE_OUTCOMES[String(body.status)] ?? "pending",
      amount: wholeRupiah(body.amount),
      currency: stringOr(body.currency, "IDR"),
      gatewayTransactionId: typeof body.payment_id === "string" ? body.payment_id : null,
    };
  };

  async function createInvoice(request: ChargeRequest): Promise<ChargeResult> {
    const invoice = xenditOk(
      await call({
        method: "POST",
        path: "/v2/invoices",
        signal: request.signal,
        body: {
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
        },
      }),
      "POST /v2/invoices",
    );
    if (typeof invoice.id !== "string" || typeof invoice.invoice_url !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "xendit invoice: no id or invoice_url");
    const expiry = typeof invoice.expiry_date === "string" ? new Date(invoice.expiry_date) : null;
    return { gatewayOrderId: invoice.id, paymentUrl: invoice.invoice_url, qrCode: null, virtualAccount: null, expiresAt: expiry !== null && !Number.isNaN(expiry.getTime()) ? expiry : null, walletUrl: null, gatewayTransactionId: null };
  }

  /** The channel and its properties for a v3 payment request (docs per channel, see decision 0122). */
  function channelFor(request: ChargeRequest): { channel_code: string; channel_properties: XenditBody } {
    if (request.method === "qris") {
      // QRIS takes no expiry of ours ("Set Expiry: -", docs/qris): Xendit keeps the code payable
      // for 48 hours, and money arriving after Kasih expired the payment is honoured (PAYMENTS.md).
      return { channel_code: "QRIS", channel_properties: {} };
    }
    if (request.method === "bank" && request.bank !== null) {
      const name = `${request.customer.firstName} ${request.customer.lastName}`.trim().slice(0, DISPLAY_NAME_MAX) || "Kasih";
      return { channel_code: XENDIT_VA_CHANNELS[request.bank], channel_properties: { display_name: name, expires_at: request.expiresAt.toISOString() } };
    }
    if (request.method === "ewallet" && request.wallet != null && request.wallet in XENDIT_WALLET_CHANNELS) {
      const wallet = request.wallet as keyof typeof XENDIT_WALLET_CHANNELS;
      const returns = { success_return_url: request.returnUrl, failure_return_url: request.returnUrl };
      // OVO pushes the payment to the OVO app registered to this number (E.164, +62…).
      return { channel_code: XENDIT_WALLET_CHANNELS[wallet], channel_properties: wallet === "ovo" ? { ...returns, mobile_number: request.phone ?? undefined } : returns };
    }
    throw new GatewayError(GATEWAY_UNAVAILABLE, `xendit: method ${request.method} (${request.bank ?? request.wallet ?? "-"}) not supported`);
  }

  async function createPaymentRequest(request: ChargeRequest): Promise<ChargeResult> {
    const channel = channelFor(request);
    const result = xenditOk(
      await call({
        method: "POST",
        path: "/v3/payment_requests",
        signal: request.signal,
        body: { reference_id: request.orderId, type: "PAY", country: "ID", currency: "IDR", request_amount: request.amount, capture_method: "AUTOMATIC", ...channel, description: request.itemName },
        // Idempotent by our order id: a retried create never makes a second charge.
        headers: { ...versioned, "idempotency-key": request.orderId },
      }),
      "POST /v3/payment_requests",
    );
    const id = result.payment_request_id ?? result.id;
    if (typeof id !== "string") throw new GatewayError(GATEWAY_UNAVAILABLE, "xendit payment request: no payment_request_id");
    const properties = (typeof result.channel_properties === "object" && result.channel_properties !== null ? result.channel_properties : {}) as XenditBody;
    const expiry = typeof properties.expires_at === "string" ? new Date(properties.expires_at) : null;
    const charge: ChargeResult = {
      gatewayOrderId: id,
      paymentUrl: null,
      qrCode: request.method === "qris" ? actionValue(result, "PRESENT_TO_CUSTOMER", "QR_STRING") : null,
      virtualAccount: request.method === "bank" ? actionValue(result, "PRESENT_TO_CUSTOMER", "VIRTUAL_ACCOUNT_NUMBER") : null,
      expiresAt: expiry !== null && !Number.isNaN(expiry.getTime()) ? expiry : null,
      // The app on the phone in hand where Xendit gives a deeplink, else the wallet's mobile web
      // checkout; OVO has neither: the member approves in the OVO app it was pushed to.
      walletUrl: request.method === "ewallet" && request.wallet !== "ovo" ? (actionValue(result, "REDIRECT_CUSTOMER", "DEEPLINK_URL") ?? actionValue(result, "REDIRECT_CUSTOMER", "WEB_URL")) : null,
      gatewayTransactionId: typeof result.latest_payment_id === "string" ? result.latest_payment_id : null,
    };
    const missing = (request.method === "qris" && charge.qrCode === null) || (request.method === "bank" && charge.virtualAccount === null) || (request.method === "ewallet" && request.wallet !== "ovo" && charge.walletUrl === null);
    if (missing) throw new GatewayError(GATEWAY_UNAVAILABLE, `xendit payment request ${id}: no action for ${request.method} (${JSON.stringify(result.actions ?? null).slice(0, 200)})`);
    return charge;
  }

  async function refundStatusOf(answer: XenditAnswer, where: string): Promise<RefundResult> {
    // Xendit refusing (a channel without refunds, a refund window passed, too little balance) is
    // the operator's to read: its own message, the payment stays paid (PAYMENTS.md 'Refunds').
    if (answer.status >= 400) throw new GatewayError(xenditRefusal(answer), `xendit ${where}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    const state = REFUND_STATES[String(answer.body.status)];
    if (state === undefined) throw new GatewayError(`Xendit: refund ${String(answer.body.status ?? "not made")}${typeof answer.body.failure_code === "string" ? ` (${answer.body.failure_code})` : ""}`, `xendit ${where}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    return { state, gatewayRefundId: typeof answer.body.id === "string" ? answer.body.id : null };
  }

  return {
    name: "xendit",
    methods: ["qris", "credit", "bank", "ewallet"],
    wallets: XENDIT_WALLETS,
    mode: options.secretKey.startsWith(TEST_KEY_PREFIX) ? "test" : "live",

    needsPhone: (method: PaymentMethod, wallet: Wallet | null) => method === "ewallet" && wallet === "ovo",

    /**
     * Refunds by API where the channel's page says "Refund ✓": cards, QRIS, DANA, ShopeePay,
     * LinkAja. Not virtual accounts ("Refund -"), and not a one-off OVO payment ("Only for
     * Merchant Initiated Transaction", docs/ovo). Without the wallet, an e-wallet counts as
     * refundable and Xendit's own refusal (REFUND_NOT_SUPPORTED) is what the operator reads.
     */
    canRefund: (method: PaymentMethod, wallet?: Wallet | null) => method === "credit" || method === "qris" || (method === "ewallet" && wallet !== "ovo"),

    create: (request) => (request.method === "credit" ? createInvoice(request) : createPaymentRequest(request)),

    async readNotification(input): Promise<NotificationResult> {
      const token = input.headers.get("x-callback-token");
      if (options.callbackToken === null || token === null || !safeEqual(token, options.callbackToken)) return { kind: "unauthorized" };
      const callback = readXenditCallback(input.rawBody);
      if (callback.kind === "malformed") return { kind: "malformed" };

      if (callback.kind === "payment") {
        if (input.isKnownOrder !== undefined && !(await input.isKnownOrder(callback.gatewayOrderId))) return { kind: "unknown", gatewayOrderId: callback.gatewayOrderId };
        return { kind: "verified", status: await status(callback.gatewayOrderId, input.signal), reportedAmount: callback.reportedAmount };
      }

      // A refund callback: the payment it names must be Kasih's before Xendit is asked anything;
      // one that names none is looked up by the refund id, the only way to learn its payment.
      if (callback.gatewayOrderId !== null && input.isKnownOrder !== undefined && !(await input.isKnownOrder(callback.gatewayOrderId))) return { kind: "unknown", gatewayOrderId: callback.gatewayOrderId };
      const refund = xenditOk(await call({ method: "GET", path: `/refunds/${encodeURIComponent(callback.refundId)}`, signal: input.signal }), "GET /refunds");
      const gatewayOrderId = stringOr(refund.payment_request_id, stringOr(refund.invoice_id, ""));
      if (gatewayOrderId === "" || (callback.gatewayOrderId !== null && gatewayOrderId !== callback.gatewayOrderId)) return { kind: "malformed" };
      if (callback.gatewayOrderId === null && input.isKnownOrder !== undefined && !(await input.isKnownOrder(gatewayOrderId))) return { kind: "unknown", gatewayOrderId };
      const refundStatus = String(refund.status);
      // Done: refunded. Failed or cancelled: the money stayed, the payment is paid. Else pending.
      const refundFailed = refundStatus === "FAILED" || refundStatus === "CANCELLED";
      const outcome: GatewayOutcome = refundStatus === "SUCCEEDED" ? "refunded" : refundFailed ? "paid" : "pending";
      const paid = await status(gatewayOrderId, input.signal);
      if (paid.outcome !== "paid") return { kind: "verified", status: paid, reportedAmount: null };
      return { kind: "verified", status: { ...paid, outcome, ...(refundFailed ? { refundFailed } : {}) }, reportedAmount: null };
    },

    status,

    async testConnection(signal) {
      const answer = await call({ method: "GET", path: `/v3/payment_requests/${ABSENT_PAYMENT_REQUEST}`, signal, headers: versioned });
      // Valid keys: "not found" (docs.xendit.co/apidocs/get-payment-request, 404 DATA_NOT_FOUND).
      if (answer.status === 404) return;
      throw new GatewayError(answer.status < 300 ? "Xendit answered an unexpected payment request" : xenditRefusal(answer), `xendit test connection: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const named = isPaymentRequest(request.gatewayOrderId) ? { payment_request_id: request.gatewayOrderId } : { invoice_id: request.gatewayOrderId };
      const answer = await call({
        method: "POST",
        path: "/refunds",
        signal: request.signal,
        body: { ...named, reference_id: request.refundId, amount: request.amount, currency: "IDR", reason: REFUND_REASON, metadata: { reason: request.reason.slice(0, 500) } },
        // The same refund asked twice (a retry after a timeout) is one refund.
        headers: { "idempotency-key": request.refundId },
      });
      return refundStatusOf(answer, "POST /refunds");
    },
  };
}

/**
 * A local Xendit for tests, written from Xendit's documentation (not from the client): it checks
 * what Xendit checks and answers in Xendit's shapes, `{error_code, message}` errors included.
 *
 * - Auth: HTTP Basic, the secret key and an empty password (docs.xendit.co/apidocs/quick-setup);
 *   anything else is 401 INVALID_API_KEY.
 * - Payments API v3 (docs.xendit.co/apidocs/create-payment-request, get-payment-request): the
 *   `api-version: 2024-11-11` header; a PAY request needs reference_id, type, country, currency,
 *   request_amount, channel_code, channel_properties; IDR belongs to country ID; each channel has
 *   its documented amount limits and channel properties (docs.xendit.co/docs/<channel>); the
 *   payment request id in a GET is 39 characters.
 * - Invoices (xendit-node invoice/): external_id and amount required.
 * - Refunds (docs.xendit.co/apidocs/refund-payment-request): payment_request_id (or invoice_id) and
 *   reason required; only a succeeded payment; channels without refunds answer 403
 *   REFUND_NOT_SUPPORTED; the same idempotency-key answers the same refund.
 *
 * Every request is recorded (`requests`), so a test can show that nothing was asked.
 */
import { startStandInServer, type StandInBody as Body } from "./stand-in-server";
import { xenditSamples } from "./xendit-doc-samples.test-support";

const API_VERSION = "2024-11-11";
const REFUND_REASONS = new Set(["FRAUDULENT", "DUPLICATE", "REQUESTED_BY_CUSTOMER", "CANCELLATION", "OTHERS"]);

interface Channel {
  kind: "qr" | "va" | "ewallet";
  min: number;
  max: number;
  refund: boolean;
  /** How the member is sent to pay on a phone (the channel page's 'Mobile Support'). */
  mobile?: "DEEPLINK_URL" | "WEB_URL" | "PUSH";
}

/** Amount limits and refunds as each channel's page gives them (docs.xendit.co/docs/<channel>). */
const CHANNELS: Record<string, Channel> = {
  QRIS: { kind: "qr", min: 1, max: 10_000_000, refund: true },
  BCA_VIRTUAL_ACCOUNT: { kind: "va", min: 10_000, max: 50_000_000, refund: false },
  MANDIRI_VIRTUAL_ACCOUNT: { kind: "va", min: 1, max: 50_000_000_000, refund: false },
  BNI_VIRTUAL_ACCOUNT: { kind: "va", min: 1, max: 50_000_000_000, refund: false },
  BRI_VIRTUAL_ACCOUNT: { kind: "va", min: 1, max: 50_000_000_000, refund: false },
  DANA: { kind: "ewallet", min: 100, max: 20_000_000, refund: true, mobile: "DEEPLINK_URL" },
  SHOPEEPAY: { kind: "ewallet", min: 1, max: 20_000_000, refund: true, mobile: "DEEPLINK_URL" },
  LINKAJA: { kind: "ewallet", min: 100, max: 10_000_000, refund: true, mobile: "WEB_URL" },
  // A one-off OVO payment is pushed to the OVO app; refunds only for merchant-initiated ones.
  OVO: { kind: "ewallet", min: 100, max: 20_000_000, refund: false, mobile: "PUSH" },
};

interface Held {
  id: string;
  kind: "payment_request" | "invoice";
  /** A payment request made through the v2 API (before decision 0122), answered only there. */
  v2?: boolean;
  reference: string;
  amount: number;
  currency: string;
  status: string;
  channel: string;
  /** The channel_properties as sent (Xendit echoes them). */
  properties?: Body;
}

interface HeldRefund {
  id: string;
  paymentId: string;
  idempotencyKey: string | null;
  reference: string | null;
  amount: number;
  status: string;
}

export async function startXenditStandIn(options: { secretKey: string; callbackToken: string }) {
  const held = new Map<string, Held>();
  const refunds = new Map<string, HeldRefund>();
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const error = (status: number, error_code: string, message: string) => Response.json({ error_code, message }, { status });
  const notFound = () => error(404, "DATA_NOT_FOUND", "ID specified in request cannot be found.");

  function paymentRequestJson(found: Held, origin: string): Body {
    const channel = CHANNELS[found.channel]!;
    const actions: Body[] = [];
    if (channel.kind === "qr") actions.push({ type: "PRESENT_TO_CUSTOMER", descriptor: "QR_STRING", value: `00020101021226590013ID.CO.XENDIT.WWW0118${found.id.slice(3, 21)}5204581253033605404${found.amount}5802ID6304ABCD` });
    if (channel.kind === "va") actions.push({ type: "PRESENT_TO_CUSTOMER", descriptor: "VIRTUAL_ACCOUNT_NUMBER", value: `8808${String([...held.keys()].indexOf(found.id) + 1).padStart(9, "0")}` });
    if (channel.kind === "ewallet" && channel.mobile !== "PUSH") {
      actions.push({ type: "REDIRECT_CUSTOMER", descriptor: "WEB_URL", value: `${origin}/ewallets/${found.channel.toLowerCase()}/checkout/${found.id}` });
      if (channel.mobile === "DEEPLINK_URL") actions.push({ type: "REDIRECT_CUSTOMER", descriptor: "DEEPLINK_URL", value: `${found.channel.toLowerCase()}://pay?token=${found.id}` });
    }
    return {
      business_id: "5f27a14a9bf05c73dd040bc8",
      reference_id: found.reference,
      payment_request_id: found.id,
      type: "PAY",
      country: "ID",
      currency: found.currency,
      request_amount: found.amount,
      capture_method: "AUTOMATIC",
      channel_code: found.channel,
      channel_properties: found.properties ?? {},
      actions,
      status: found.status,
      ...(found.status === "SUCCEEDED" ? { latest_payment_id: `py-${found.id.slice(3)}` } : {}),
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    };
  }

  function createPaymentRequest(body: Body | null, origin: string): Response {
    if (body === null) return error(400, "API_VALIDATION_ERROR", "Request body is required");
    for (const field of ["reference_id", "type", "country", "currency", "request_amount", "channel_code", "channel_properties"]) {
      if (body[field] === undefined || body[field] === null) return error(400, "API_VALIDATION_ERROR", `${field} is required`);
    }
    if (typeof body.reference_id !== "string" || body.reference_id.length < 1 || body.reference_id.length > 255) return error(400, "API_VALIDATION_ERROR", "reference_id must be a string of 1 to 255 characters");
    if (body.type !== "PAY") return error(400, "API_VALIDATION_ERROR", "type must be one of PAY, PAY_AND_SAVE, REUSABLE_PAYMENT_CODE");
    if (body.country !== "ID" || body.currency !== "IDR") return error(400, "API_VALIDATION_ERROR", "country ID and currency IDR are required for Indonesian channels");
    const amount = body.request_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) return error(400, "API_VALIDATION_ERROR", "request_amount must be a positive whole number for IDR");
    const channel = CHANNELS[String(body.channel_code)];
    if (channel === undefined) return error(400, "API_VALIDATION_ERROR", `channel_code ${String(body.channel_code)} is not supported`);
    if (amount < channel.min || amount > channel.max) return error(400, "INVALID_VALUE_ERROR", `request_amount must be between ${channel.min} and ${channel.max} for ${String(body.channel_code)}`);
    const properties = body.channel_properties;
    if (typeof properties !== "object" || properties === null) return error(400, "API_VALIDATION_ERROR", "channel_properties must be an object");
    const props = properties as Body;
    if (channel.kind === "va" && (typeof props.display_name !== "string" || props.display_name === "")) return error(400, "API_VALIDATION_ERROR", "channel_properties.display_name is required");
    if (channel.kind === "qr" && props.expires_at !== undefined) return error(400, "API_VALIDATION_ERROR", "channel_properties.expires_at is not allowed for QRIS");
    if (channel.kind === "ewallet" && channel.mobile !== "PUSH" && typeof props.success_return_url !== "string") return error(400, "API_VALIDATION_ERROR", "channel_properties.success_return_url is required");
    if (channel.mobile === "PUSH" && (typeof props.mobile_number !== "string" || !/^\+62\d{8,13}$/.test(props.mobile_number))) {
      return error(400, "API_VALIDATION_ERROR", "channel_properties.mobile_number is required in E.164 format (+62…) for OVO");
    }
    const id = `pr-${crypto.randomUUID()}`;
    const found: Held = { id, kind: "payment_request", reference: body.reference_id, amount, currency: "IDR", status: channel.kind === "ewallet" && channel.mobile === "PUSH" ? "PENDING" : "REQUIRES_ACTION", channel: String(body.channel_code), properties: props };
    held.set(id, found);
    return Response.json(paymentRequestJson(found, origin), { status: 201 });
  }

  function createRefund(request: { body: Body | null; headers: Headers }): Response {
    const key = request.headers.get("idempotency-key");
    const again = key === null ? undefined : [...refunds.values()].find((refund) => refund.idempotencyKey === key);
    const body = request.body ?? {};
    const paymentId = typeof body.payment_request_id === "string" ? body.payment_request_id : typeof body.invoice_id === "string" ? body.invoice_id : null;
    if (again !== undefined) return again.paymentId === paymentId ? Response.json(refundJson(again)) : error(409, "DUPLICATE_ERROR", "idempotency-key was used for another refund");
    if (paymentId === null) return error(400, "API_VALIDATION_ERROR", "payment_request_id is required");
    if (!REFUND_REASONS.has(String(body.reason))) return error(400, "API_VALIDATION_ERROR", "reason must be one of FRAUDULENT, DUPLICATE, REQUESTED_BY_CUSTOMER, CANCELLATION, OTHERS");
    const payment = held.get(paymentId);
    if (payment === undefined) return notFound();
    if (payment.status !== "SUCCEEDED" && payment.status !== "PAID" && payment.status !== "SETTLED") return error(400, "INELIGIBLE_TRANSACTION_STATUS", "Refund is only possible for a successful payment");
    if (payment.kind === "payment_request" && !CHANNELS[payment.channel]!.refund) return error(403, "REFUND_NOT_SUPPORTED", "Refund feature is not available for this payment channel.");
    const amount = body.amount === undefined ? payment.amount : body.amount;
    if (typeof amount !== "number" || amount <= 0) return error(400, "API_VALIDATION_ERROR", "amount must be a positive number");
    const refunded = [...refunds.values()].filter((refund) => refund.paymentId === paymentId && refund.status !== "FAILED").reduce((sum, refund) => sum + refund.amount, 0);
    if (amount + refunded > payment.amount) return error(400, "REFUND_AMOUNT_EXCEEDED", "Refund amount specified in refund request must be less than or equal to unrefunded capture amount.");
    const refund: HeldRefund = { id: `rfd-${crypto.randomUUID()}`, paymentId, idempotencyKey: key, reference: typeof body.reference_id === "string" ? body.reference_id : null, amount, status: "PENDING" };
    refunds.set(refund.id, refund);
    return Response.json(refundJson(refund));
  }

  function refundJson(refund: HeldRefund): Body {
    const payment = held.get(refund.paymentId)!;
    return {
      id: refund.id,
      ...(payment.kind === "payment_request" ? { payment_request_id: payment.id, invoice_id: null } : { invoice_id: payment.id }),
      reference_id: refund.reference,
      channel_code: payment.channel,
      currency: "IDR",
      amount: refund.amount,
      status: refund.status,
      reason: "OTHERS",
      failure_code: refund.status === "FAILED" ? "REFUND_FAILED" : null,
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    };
  }

  const server = startStandInServer({
    outage: () => error(500, "SERVER_ERROR", "An unexpected error occured, our team has been notified and will troubleshoot the issue"),
    handle(request) {
      const { url, body } = request;
      if (request.headers.get("Authorization") !== expectedAuth) return error(401, "INVALID_API_KEY", "API key is not authorized for this API service");
      const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);

      if (parts[0] === "v3" && parts[1] === "payment_requests") {
        if (request.headers.get("api-version") !== API_VERSION) return error(400, "API_VALIDATION_ERROR", `api-version header must be ${API_VERSION}`);
        if (request.method === "POST" && parts.length === 2) return createPaymentRequest(body, url.origin);
        if (request.method === "GET" && parts.length === 3) {
          if (parts[2]!.length !== 39) return error(400, "API_VALIDATION_ERROR", "payment_request_id must be 39 characters");
          const found = held.get(parts[2]!);
          return found === undefined || found.kind !== "payment_request" || found.v2 === true ? notFound() : Response.json(paymentRequestJson(found, url.origin));
        }
      }
      // The v2 Payment Request API, for payment requests made before v3 (no api-version header).
      if (parts[0] === "payment_requests" && request.method === "GET" && parts.length === 2) {
        const found = held.get(parts[1]!);
        return found?.v2 !== true ? notFound() : Response.json({ id: found.id, reference_id: found.reference, amount: found.amount, currency: found.currency, country: "ID", status: found.status });
      }
      if (parts[0] === "v2" && parts[1] === "invoices") {
        if (request.method === "GET" && parts.length === 3) {
          const found = held.get(parts[2]!);
          return found?.kind !== "invoice" ? notFound() : Response.json({ id: found.id, external_id: found.reference, amount: found.amount, currency: found.currency, status: found.status });
        }
        if (request.method === "POST" && parts.length === 2) {
          if (typeof body?.external_id !== "string" || body.external_id === "") return error(400, "API_VALIDATION_ERROR", "external_id is required");
          if (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0) return error(400, "API_VALIDATION_ERROR", "amount must be a positive whole number for IDR");
          const id = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
          held.set(id, { id, kind: "invoice", reference: body.external_id, amount: body.amount, currency: String(body.currency ?? "IDR"), status: "PENDING", channel: "CREDIT_CARD" });
          return Response.json({ id, external_id: body.external_id, status: "PENDING", amount: body.amount, currency: "IDR", invoice_url: `${url.origin}/web/invoices/${id}`, expiry_date: new Date(Date.now() + 86_400_000).toISOString() });
        }
      }
      if (parts[0] === "refunds") {
        if (request.method === "POST" && parts.length === 1) return createRefund(request);
        if (request.method === "GET" && parts.length === 2) {
          const found = refunds.get(parts[1]!);
          return found === undefined ? notFound() : Response.json(refundJson(found));
        }
      }
      return error(404, "NOT_FOUND", "The requested resource was not found");
    },
  });

  const heldOrThrow = (id: string) => {
    const found = held.get(id);
    if (found === undefined) throw new Error(`no payment ${id}`);
    return found;
  };
  const headers = { "Content-Type": "application/json", "x-callback-token": options.callbackToken };
  const ref = (found: Held) => ({ paymentRequestId: found.id, referenceId: found.reference, amount: found.amount, channelCode: found.channel });
  const samples = {
    paymentCapture: (id: string) => ({ headers, body: xenditSamples.paymentCapture(ref(heldOrThrow(id))) }),
    paymentFailure: (id: string) => ({ headers, body: xenditSamples.paymentFailure(ref(heldOrThrow(id))) }),
    paymentRequestExpiry: (id: string) => ({ headers, body: xenditSamples.paymentRequestExpiry(ref(heldOrThrow(id))) }),
    invoicePaid: (id: string) => ({ headers, body: xenditSamples.invoicePaid({ id, externalId: heldOrThrow(id).reference, amount: heldOrThrow(id).amount }) }),
    invoiceExpired: (id: string) => ({ headers, body: xenditSamples.invoiceExpired({ id, externalId: heldOrThrow(id).reference, amount: heldOrThrow(id).amount }) }),
    refund: (event: "refund.succeeded" | "refund.failed", refundId: string, options: { namePayment?: boolean } = {}) => {
      const found = refunds.get(refundId);
      if (found === undefined) throw new Error(`no refund ${refundId}`);
      return { headers, body: xenditSamples.refund(event, { id: found.id, referenceId: found.reference ?? "", amount: found.amount, paymentRequestId: options.namePayment === true ? found.paymentId : undefined }) };
    },
  };

  return {
    ...server,
    held,
    refunds,
    /** What the payer did at Xendit: "SUCCEEDED", "FAILED", "EXPIRED" (payment requests) or "PAID", "EXPIRED" (invoices). */
    setStatus(id: string, status: string) {
      heldOrThrow(id).status = status;
    },
    setRefundStatus(id: string, status: "SUCCEEDED" | "FAILED" | "PENDING") {
      const found = refunds.get(id);
      if (found === undefined) throw new Error(`no refund ${id}`);
      found.status = status;
    },
    /** A payment request made through the v2 API before decision 0122 (answered by v2 only). */
    holdV2PaymentRequest(reference: string, amount: number, status = "PENDING") {
      const id = `pr-${crypto.randomUUID()}`;
      held.set(id, { id, kind: "payment_request", v2: true, reference, amount, currency: "IDR", status, channel: "QRIS" });
      return id;
    },
    /** Xendit's documented callbacks for a held payment, with the callback token (xendit-doc-samples). */
    samples,
    /** The callback Xendit posts when a payment request is paid (payment.capture) or an invoice is paid. */
    callbackFor(id: string) {
      const found = heldOrThrow(id);
      return found.kind === "invoice" ? samples.invoicePaid(id) : samples.paymentCapture(id);
    },
  };
}

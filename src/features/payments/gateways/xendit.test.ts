import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest, type NotificationInput } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createXendit, XENDIT_API_VERSION } from "./xendit";
import { startXenditStandIn } from "./xendit.stand-in";

const secretKey = "xnd_development_standin000000000000";
const callbackToken = "callback-token-standin-0000";
let standIn: Awaited<ReturnType<typeof startXenditStandIn>>;
beforeAll(async () => {
  standIn = await startXenditStandIn({ secretKey, callbackToken });
});
afterAll(() => standIn.stop());

const client = (key = secretKey, token: string | null = callbackToken) => createXendit({ secretKey: key, callbackToken: token, apiUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 49000, ...overrides });
const read = (headers: Record<string, string>, body: unknown, options: { c?: ReturnType<typeof client>; known?: NotificationInput["isKnownOrder"] } = {}) =>
  (options.c ?? client()).readNotification({
    headers: new Headers(headers),
    rawBody: JSON.stringify(body),
    path: "/api/payment/notify/xendit",
    signal: AbortSignal.timeout(5000),
    isKnownOrder: options.known ?? (async () => true),
  });
const lastSent = () => standIn.requests.at(-1)!;

describe("Xendit client against the stand-in: creating payments (Payments API v3, Invoices)", () => {
  it("creates a QRIS payment request with api-version, country ID, an idempotency key and Basic auth", async () => {
    const order = request();
    const charge = await client().create(order);
    expect(charge.gatewayOrderId).toMatch(/^pr-[0-9a-f-]{36}$/);
    expect(charge.qrCode).toStartWith("000201");
    const sent = lastSent();
    expect(sent.path).toBe("/v3/payment_requests");
    expect(sent.headers.get("api-version")).toBe(XENDIT_API_VERSION);
    expect(XENDIT_API_VERSION).toBe("2024-11-11");
    expect(sent.headers.get("idempotency-key")).toBe(order.orderId);
    expect(sent.headers.get("authorization")).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`);
    expect(sent.body).toMatchObject({ reference_id: order.orderId, type: "PAY", country: "ID", currency: "IDR", request_amount: 49000, channel_code: "QRIS" });
  });

  it("creates a virtual account per bank, with the member's name and Kasih's expiry", async () => {
    for (const [bank, channel] of [["BCA", "BCA_VIRTUAL_ACCOUNT"], ["Mandiri", "MANDIRI_VIRTUAL_ACCOUNT"], ["BNI", "BNI_VIRTUAL_ACCOUNT"], ["BRI", "BRI_VIRTUAL_ACCOUNT"]] as const) {
      const order = request({ method: "bank", bank });
      const charge = await client().create(order);
      expect(charge.virtualAccount).toMatch(/^8808\d+$/);
      expect(charge.expiresAt).toEqual(order.expiresAt);
      expect(lastSent().body).toMatchObject({ channel_code: channel, country: "ID", channel_properties: { display_name: "Sarah Wijaya", expires_at: order.expiresAt.toISOString() } });
    }
  });

  it("creates a card invoice with its hosted page", async () => {
    const card = await client().create(request({ method: "credit" }));
    expect(card.paymentUrl).toStartWith(`${standIn.url}/web/invoices/`);
    expect(lastSent().path).toBe("/v2/invoices");
    expect(lastSent().body).toMatchObject({ payment_methods: ["CREDIT_CARD"], currency: "IDR", amount: 49000 });
  });

  it("charges DANA, ShopeePay and LinkAja with return URLs; the deeplink where Xendit gives one, else the web checkout", async () => {
    for (const [wallet, channel, link] of [["dana", "DANA", /^dana:\/\//], ["shopeepay", "SHOPEEPAY", /^shopeepay:\/\//], ["linkaja", "LINKAJA", new RegExp(`^${standIn.url}/ewallets/linkaja/`)]] as const) {
      const order = request({ method: "ewallet", wallet });
      const charge = await client().create(order);
      expect(charge.walletUrl).toMatch(link);
      expect(charge.qrCode).toBeNull();
      expect(lastSent().body).toMatchObject({ channel_code: channel, country: "ID", channel_properties: { success_return_url: order.returnUrl, failure_return_url: order.returnUrl } });
    }
  });

  it("pushes OVO to the member's phone (mobile_number, E.164) with no link; without a phone Xendit refuses", async () => {
    const xendit = client();
    expect(xendit.wallets).toEqual(["dana", "shopeepay", "linkaja", "ovo"]);
    expect(xendit.needsPhone!("ewallet", "ovo")).toBe(true);
    expect(xendit.needsPhone!("ewallet", "dana")).toBe(false);
    expect(xendit.needsPhone!("qris", null)).toBe(false);
    const charge = await xendit.create(request({ method: "ewallet", wallet: "ovo", phone: "+6281234567890" }));
    expect(charge.walletUrl).toBeNull();
    expect(lastSent().body).toMatchObject({ channel_code: "OVO", channel_properties: { mobile_number: "+6281234567890" } });

    await expect(xendit.create(request({ method: "ewallet", wallet: "ovo", phone: null }))).rejects.toBeInstanceOf(GatewayError);
    const refused = await fetch(`${standIn.url}/v3/payment_requests`, { method: "POST", headers: { Authorization: lastSent().headers.get("authorization")!, "api-version": "2024-11-11", "Content-Type": "application/json" }, body: JSON.stringify({ ...(lastSent().body ?? {}) }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_code: "API_VALIDATION_ERROR", message: expect.stringContaining("mobile_number") });
  });

  it("the stand-in refuses what Xendit refuses: no api-version, no country, a channel's amount limits, an unknown channel", async () => {
    const headers = { Authorization: `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`, "Content-Type": "application/json" };
    const body = { reference_id: "r-1", type: "PAY", country: "ID", currency: "IDR", request_amount: 49000, channel_code: "QRIS", channel_properties: {} };
    const post = (extra: Record<string, string>, payload: unknown) => fetch(`${standIn.url}/v3/payment_requests`, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(payload) });
    expect((await post({}, body)).status).toBe(400);
    const { country: _country, ...noCountry } = body;
    expect(await (await post({ "api-version": "2024-11-11" }, noCountry)).json()).toMatchObject({ error_code: "API_VALIDATION_ERROR", message: "country is required" });
    expect(await (await post({ "api-version": "2024-11-11" }, { ...body, channel_code: "BCA_VIRTUAL_ACCOUNT", request_amount: 5000, channel_properties: { display_name: "A" } })).json()).toMatchObject({ error_code: "INVALID_VALUE_ERROR" });
    expect(await (await post({ "api-version": "2024-11-11" }, { ...body, request_amount: 10_000_001 })).json()).toMatchObject({ error_code: "INVALID_VALUE_ERROR" });
    expect((await post({ "api-version": "2024-11-11" }, { ...body, channel_code: "GOPAY" })).status).toBe(400);
    expect((await post({ "api-version": "2024-11-11" }, body)).status).toBe(201);
  });

  it("turns a wrong key, a 500 and a slow answer into a GatewayError", async () => {
    await expect(client("xnd_development_wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("Xendit callbacks: the documentation's samples, the token, and a fetch only for a payment Kasih knows", () => {
  it("accepts only the callback token (compared in constant time), then trusts what Xendit answers, not the callback", async () => {
    const charge = await client().create(request());
    const callback = standIn.samples.paymentCapture(charge.gatewayOrderId);
    // The sample says SUCCEEDED; Xendit still holds the payment request as REQUIRES_ACTION: pending.
    expect(await read(callback.headers, callback.body)).toEqual({ kind: "verified", status: { gatewayOrderId: charge.gatewayOrderId, outcome: "pending", amount: 49000, currency: "IDR", gatewayTransactionId: null }, reportedAmount: 49000 });
    expect(await read({ ...callback.headers, "x-callback-token": "wrong-token-0000000000000" }, callback.body)).toEqual({ kind: "unauthorized" });
    expect(await read({ "Content-Type": "application/json" }, callback.body)).toEqual({ kind: "unauthorized" });
    // No token stored in Settings: nothing can be verified.
    expect(await read(callback.headers, callback.body, { c: client(secretKey, null) })).toEqual({ kind: "unauthorized" });
    expect(await read(callback.headers, { hello: "world" })).toEqual({ kind: "malformed" });
  });

  it("payment.capture (QRIS and an e-wallet), payment.failure and payment_request.expiry end the payment as Xendit means", async () => {
    const qris = await client().create(request());
    standIn.setStatus(qris.gatewayOrderId, "SUCCEEDED");
    const capture = standIn.samples.paymentCapture(qris.gatewayOrderId);
    expect(await read(capture.headers, capture.body)).toMatchObject({ kind: "verified", status: { outcome: "paid", amount: 49000, gatewayTransactionId: expect.stringMatching(/^py-/) }, reportedAmount: 49000 });

    const dana = await client().create(request({ method: "ewallet", wallet: "dana" }));
    standIn.setStatus(dana.gatewayOrderId, "SUCCEEDED");
    const danaCapture = standIn.samples.paymentCapture(dana.gatewayOrderId);
    expect((danaCapture.body.data as Record<string, unknown>).channel_code).toBe("DANA");
    expect(await read(danaCapture.headers, danaCapture.body)).toMatchObject({ kind: "verified", status: { gatewayOrderId: dana.gatewayOrderId, outcome: "paid" } });

    const failed = await client().create(request({ method: "ewallet", wallet: "shopeepay" }));
    standIn.setStatus(failed.gatewayOrderId, "FAILED");
    const failure = standIn.samples.paymentFailure(failed.gatewayOrderId);
    expect(await read(failure.headers, failure.body)).toMatchObject({ kind: "verified", status: { outcome: "failed" } });

    const expired = await client().create(request({ method: "bank", bank: "BNI" }));
    standIn.setStatus(expired.gatewayOrderId, "EXPIRED");
    const expiry = standIn.samples.paymentRequestExpiry(expired.gatewayOrderId);
    expect(await read(expiry.headers, expiry.body)).toMatchObject({ kind: "verified", status: { outcome: "expired" } });
  });

  it("reads the invoice paid and expired callbacks", async () => {
    const card = await client().create(request({ method: "credit" }));
    standIn.setStatus(card.gatewayOrderId, "PAID");
    const paid = standIn.samples.invoicePaid(card.gatewayOrderId);
    expect(await read(paid.headers, paid.body)).toMatchObject({ kind: "verified", status: { gatewayOrderId: card.gatewayOrderId, outcome: "paid", amount: 49000 }, reportedAmount: 49000 });

    const lapsed = await client().create(request({ method: "credit" }));
    standIn.setStatus(lapsed.gatewayOrderId, "EXPIRED");
    const expired = standIn.samples.invoiceExpired(lapsed.gatewayOrderId);
    expect(await read(expired.headers, expired.body)).toMatchObject({ kind: "verified", status: { outcome: "expired" } });
  });

  it("answers a callback for a payment Kasih does not know as unknown, without asking Xendit", async () => {
    const charge = await client().create(request());
    const asked: string[] = [];
    const before = standIn.requests.length;
    for (const callback of [standIn.samples.paymentCapture(charge.gatewayOrderId), standIn.samples.paymentRequestExpiry(charge.gatewayOrderId)]) {
      expect(await read(callback.headers, callback.body, { known: async (id) => (asked.push(id), false) })).toEqual({ kind: "unknown", gatewayOrderId: charge.gatewayOrderId });
    }
    const card = await client().create(request({ method: "credit" }));
    const invoiceBefore = standIn.requests.length;
    const invoice = standIn.samples.invoicePaid(card.gatewayOrderId);
    expect(await read(invoice.headers, invoice.body, { known: async () => false })).toEqual({ kind: "unknown", gatewayOrderId: card.gatewayOrderId });
    expect(standIn.requests.length).toBe(invoiceBefore);
    expect(asked).toEqual([charge.gatewayOrderId, charge.gatewayOrderId]);
    expect(standIn.requests.length).toBe(before + 1); // only the invoice's creation
  });

  it("still reads a payment request made through the v2 API before the move to v3", async () => {
    const id = standIn.holdV2PaymentRequest("order-v2", 49000, "SUCCEEDED");
    expect(await client().status(id, AbortSignal.timeout(5000))).toMatchObject({ gatewayOrderId: id, outcome: "paid", amount: 49000 });
    expect(lastSent().path).toBe(`/payment_requests/${id}`);
    expect(lastSent().headers.get("api-version")).toBeNull();
  });
});

describe("Xendit refunds, mode and connection test", () => {
  it("refunds by the Refunds API with Kasih's refund id as idempotency key; the refund callback is checked with Xendit", async () => {
    const xendit = client();
    const charge = await xendit.create(request({ method: "ewallet", wallet: "dana" }));
    standIn.setStatus(charge.gatewayOrderId, "SUCCEEDED");
    const refundId = `refund-${crypto.randomUUID()}`;
    const ask = () => xendit.refund!({ gatewayOrderId: charge.gatewayOrderId, gatewayTransactionId: null, method: "ewallet", amount: 49000, reason: "Member asked", refundId, signal: AbortSignal.timeout(5000) });
    const first = await ask();
    expect(first).toEqual({ state: "pending", gatewayRefundId: expect.stringMatching(/^rfd-/) });
    expect(lastSent().path).toBe("/refunds");
    expect(lastSent().headers.get("idempotency-key")).toBe(refundId);
    expect(lastSent().body).toMatchObject({ payment_request_id: charge.gatewayOrderId, reference_id: refundId, amount: 49000, currency: "IDR", reason: "OTHERS", metadata: { reason: "Member asked" } });
    // Asked again (a retry after a timeout): the same refund, not a second one.
    expect(await ask()).toEqual(first);
    expect([...standIn.refunds.values()].filter((refund) => refund.paymentId === charge.gatewayOrderId)).toHaveLength(1);

    // refund.succeeded, the documentation's sample (which names no payment request): Xendit is asked for the refund.
    standIn.setRefundStatus(first.gatewayRefundId!, "SUCCEEDED");
    const done = standIn.samples.refund("refund.succeeded", first.gatewayRefundId!);
    expect(await read(done.headers, done.body)).toMatchObject({ kind: "verified", status: { gatewayOrderId: charge.gatewayOrderId, outcome: "refunded" } });
    // A refund that failed leaves the money where it was: the payment is paid.
    standIn.setRefundStatus(first.gatewayRefundId!, "FAILED");
    const failed = standIn.samples.refund("refund.failed", first.gatewayRefundId!);
    expect(await read(failed.headers, failed.body)).toMatchObject({ kind: "verified", status: { outcome: "paid", refundFailed: true } });
    // Naming a payment Kasih does not know: unknown, nothing asked.
    const before = standIn.requests.length;
    const named = standIn.samples.refund("refund.succeeded", first.gatewayRefundId!, { namePayment: true });
    expect(await read(named.headers, named.body, { known: async () => false })).toEqual({ kind: "unknown", gatewayOrderId: charge.gatewayOrderId });
    expect(standIn.requests.length).toBe(before);
  });

  it("refunds cards, QRIS and wallets other than OVO; Xendit's refusal is the operator's message", async () => {
    const xendit = client();
    expect([xendit.canRefund!("credit"), xendit.canRefund!("qris"), xendit.canRefund!("ewallet", "dana"), xendit.canRefund!("ewallet", "ovo"), xendit.canRefund!("bank")]).toEqual([true, true, true, false, false]);
    const va = await xendit.create(request({ method: "bank", bank: "BRI" }));
    standIn.setStatus(va.gatewayOrderId, "SUCCEEDED");
    const refused = xendit.refund!({ gatewayOrderId: va.gatewayOrderId, gatewayTransactionId: null, method: "bank", amount: 49000, reason: "x", refundId: crypto.randomUUID(), signal: AbortSignal.timeout(5000) });
    await expect(refused).rejects.toThrow("Xendit: Refund feature is not available for this payment channel. (REFUND_NOT_SUPPORTED)");

    const card = await xendit.create(request({ method: "credit" }));
    const unpaid = xendit.refund!({ gatewayOrderId: card.gatewayOrderId, gatewayTransactionId: null, method: "credit", amount: 49000, reason: "x", refundId: crypto.randomUUID(), signal: AbortSignal.timeout(5000) });
    await expect(unpaid).rejects.toThrow("INELIGIBLE_TRANSACTION_STATUS");
    standIn.setStatus(card.gatewayOrderId, "PAID");
    expect(await xendit.refund!({ gatewayOrderId: card.gatewayOrderId, gatewayTransactionId: null, method: "credit", amount: 49000, reason: "x", refundId: crypto.randomUUID(), signal: AbortSignal.timeout(5000) })).toMatchObject({ state: "pending" });
    expect(lastSent().body).toMatchObject({ invoice_id: card.gatewayOrderId });
  });

  it("says test for xnd_development_ keys, live otherwise", () => {
    expect(client().mode).toBe("test");
    expect(client("xnd_production_abc").mode).toBe("live");
  });

  it("tests the connection with a payment request that cannot exist: 404 with good keys, Xendit's message with bad ones", async () => {
    await client().testConnection!(AbortSignal.timeout(5000));
    expect(lastSent().path).toMatch(/^\/v3\/payment_requests\/pr-[0-9a-f-]{36}$/);
    expect(lastSent().headers.get("api-version")).toBe("2024-11-11");
    await expect(client("xnd_development_wrong").testConnection!(AbortSignal.timeout(5000))).rejects.toThrow("Xendit: API key is not authorized for this API service (INVALID_API_KEY)");
    standIn.failNext("500");
    await expect(client().testConnection!(AbortSignal.timeout(5000))).rejects.toBeInstanceOf(GatewayError);
  });
});

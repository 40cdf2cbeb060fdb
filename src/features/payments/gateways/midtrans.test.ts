import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest, type RefundRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createMidtrans, midtransDefaultUrls, midtransSignature, midtransTime } from "./midtrans";
import { midtransAnswerKind, midtransCode, midtransOutcome } from "./midtrans-status";
import { startMidtransStandIn, type MidtransTransaction } from "./midtrans.stand-in";
import * as samples from "./midtrans-samples.test-support";

const serverKey = "SB-Mid-server-standin0000000000000";
let standIn: Awaited<ReturnType<typeof startMidtransStandIn>>;
beforeAll(async () => {
  standIn = await startMidtransStandIn({ serverKey });
});
afterAll(() => standIn.stop());

const client = (key = serverKey) => createMidtrans({ serverKey: key, apiUrl: standIn.url, snapUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 99000, ...overrides });
const signal = () => AbortSignal.timeout(5000);
const read = (body: unknown, isKnownOrder: (orderId: string) => Promise<boolean> = async () => true, key = serverKey) =>
  client(key).readNotification({ headers: new Headers(), rawBody: JSON.stringify(body), path: "/api/payment/notify/midtrans", signal: signal(), isKnownOrder });
const refundRequest = (overrides: Partial<RefundRequest> & Pick<RefundRequest, "gatewayOrderId">): RefundRequest => ({
  gatewayTransactionId: null,
  method: "qris",
  amount: 99000,
  reason: "Member asked for a refund",
  refundId: `refund-${crypto.randomUUID().slice(0, 8)}`,
  signal: signal(),
  ...overrides,
});

describe("midtransDefaultUrls and mode", () => {
  it("sends SB- keys to Midtrans's sandbox and calls them test keys; others go to production, live", () => {
    expect(midtransDefaultUrls("SB-Mid-server-x").apiUrl).toBe("https://api.sandbox.midtrans.com");
    expect(midtransDefaultUrls("Mid-server-x")).toEqual({ apiUrl: "https://api.midtrans.com", snapUrl: "https://app.midtrans.com" });
    expect(client().mode).toBe("test");
    expect(client("Mid-server-live0000").mode).toBe("live");
  });
});

describe("Midtrans's status codes and statuses (docs.midtrans.com/reference/status-codes)", () => {
  it("reads the code from the body first, whatever the HTTP status, and sorts every documented code", () => {
    expect(midtransCode({ status_code: "404" }, 200)).toBe(404);
    expect(midtransCode({}, 401)).toBe(401);
    expect([200, 201, 202, 407].map(midtransAnswerKind)).toEqual(Array(4).fill("transaction"));
    expect(midtransAnswerKind(404)).toBe("not_found");
    expect(midtransAnswerKind(401)).toBe("unauthorized");
    expect([400, 402, 403, 405, 406, 408, 410, 411, 412, 413, 414].map(midtransAnswerKind)).toEqual(Array(11).fill("refused"));
    expect([300, 429, 500, 501, 502, 503, 504, 505].map(midtransAnswerKind)).toEqual(Array(8).fill("unavailable"));
  });

  it("maps every documented transaction_status, capture counting only with fraud_status accept", () => {
    expect(midtransOutcome("settlement", undefined)).toBe("paid");
    expect(midtransOutcome("settlement", "accept")).toBe("paid");
    expect(midtransOutcome("capture", "accept")).toBe("paid");
    expect(midtransOutcome("capture", "challenge")).toBe("pending");
    expect(midtransOutcome("capture", undefined)).toBe("pending");
    expect(midtransOutcome("capture", "deny")).toBe("failed");
    expect(midtransOutcome("PENDING", "accept")).toBe("pending");
    expect(midtransOutcome("authorize", "accept")).toBe("pending");
    expect(midtransOutcome("deny", "accept")).toBe("failed");
    expect(midtransOutcome("failure", undefined)).toBe("failed");
    expect(midtransOutcome("cancel", "accept")).toBe("cancelled");
    expect(midtransOutcome("expire", undefined)).toBe("expired");
    expect(midtransOutcome("refund", undefined, [{ refund_key: "a" }])).toBe("pending");
    expect(midtransOutcome("refund", undefined, [{ refund_key: "a", bank_confirmed_at: "2026-11-24 10:00:00" }])).toBe("refunded");
    expect(midtransOutcome("chargeback", undefined)).toBe("refunded");
    expect(midtransOutcome("partial_refund", "accept")).toBe("paid");
    expect(midtransOutcome("something-new", "accept")).toBe("pending");
  });

  it("reads Midtrans's timestamps as Jakarta time", () => {
    expect(midtransTime("2026-11-24 09:30:00")?.toISOString()).toBe("2026-11-24T02:30:00.000Z");
    expect(midtransTime("soon")).toBeNull();
  });
});

describe("Midtrans charges against the stand-in", () => {
  it("charges QRIS through the Core API with Basic auth, the items summing to the amount, and the gateway's own expiry", async () => {
    const charge = await client().create(request());
    expect(charge.qrCode).toStartWith("000201");
    expect(charge.gatewayTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(charge.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe("/v2/charge");
    expect(sent.headers.get("Authorization")).toBe(`Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`);
    expect(sent.body).toMatchObject({ payment_type: "qris", transaction_details: { gross_amount: 99000 }, custom_expiry: { expiry_duration: 30, unit: "minute" } });
  });

  it("gives a bank transfer its virtual account, and Mandiri its bill key and biller code", async () => {
    const bca = await client().create(request({ method: "bank", bank: "BCA" }));
    expect(bca.virtualAccount).toMatch(/^\d+$/);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_type: "bank_transfer", bank_transfer: { bank: "bca" } });
    const mandiri = await client().create(request({ method: "bank", bank: "Mandiri" }));
    expect(mandiri).toMatchObject({ virtualAccount: expect.stringMatching(/^7000\d+$/), bankCode: "70012" });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_type: "echannel", echannel: { bill_info1: "Payment:" } });
  });

  it("sends cards to Snap's hosted page", async () => {
    const charge = await client().create(request({ method: "credit" }));
    expect(charge.paymentUrl).toStartWith(`${standIn.url}/snap/v4/redirection/`);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ enabled_payments: ["credit_card"], credit_card: { secure: true } });
  });

  it("charges GoPay and ShopeePay as e-wallets: the deeplink-redirect action is the wallet link, and the member comes back to Kasih", async () => {
    expect(client().wallets).toEqual(["gopay", "shopeepay"]);
    expect(client().methods).toContain("ewallet");
    expect(client().needsPhone!("ewallet", "gopay")).toBe(false);
    const returnUrl = "https://kasih.example/settings?payment=done";
    const gopay = await client().create(request({ method: "ewallet", wallet: "gopay", returnUrl, phone: "+6281234567890" }));
    const gopaySent = standIn.requests.at(-1)!.body!;
    expect(gopaySent).toMatchObject({ payment_type: "gopay", gopay: { enable_callback: true, callback_url: returnUrl }, customer_details: { phone: "+6281234567890" } });
    expect(gopay.walletUrl).toStartWith("gojek://gopay/merchanttransfer?");
    expect(decodeURIComponent(gopay.walletUrl!)).toContain(`callback_url=${returnUrl}?order_id=`);
    expect(gopay).toMatchObject({ paymentUrl: null, qrCode: null, virtualAccount: null });

    const shopeepay = await client().create(request({ method: "ewallet", wallet: "shopeepay", returnUrl }));
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_type: "shopeepay", shopeepay: { callback_url: returnUrl } });
    expect(shopeepay.walletUrl).toStartWith("https://wsa.uat.wallet.airpay.co.id/universal-link/wallet/pay?");
    await expect(client().create(request({ method: "ewallet", wallet: "ovo" }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("keeps a wallet's expiry within what Midtrans takes (GoPay 7 days, ShopeePay 5 days)", async () => {
    const tenDays = new Date(Date.now() + 10 * 86_400_000);
    await client().create(request({ method: "ewallet", wallet: "gopay", expiresAt: tenDays }));
    expect(standIn.requests.at(-1)!.body).toMatchObject({ custom_expiry: { expiry_duration: 7 * 24 * 60, unit: "minute" } });
    await client().create(request({ method: "ewallet", wallet: "shopeepay", expiresAt: tenDays }));
    expect(standIn.requests.at(-1)!.body).toMatchObject({ custom_expiry: { expiry_duration: 5 * 24 * 60, unit: "minute" } });
  });

  it("turns a wrong key, a 500, a refusal and a slow answer into a GatewayError", async () => {
    await expect(client("SB-Mid-server-wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    const duplicate = request();
    await client().create(duplicate);
    await expect(client().create({ ...duplicate, signal: signal() })).rejects.toBeInstanceOf(GatewayError);
    await expect(client().create(request({ orderId: "order/with#odd?characters" }))).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    const started = performance.now();
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe("Midtrans's status API as documented", () => {
  const seeded = (transaction_status: string, extra: Partial<MidtransTransaction> = {}) =>
    standIn.seed({ order_id: `status-${crypto.randomUUID().slice(0, 8)}`, gross_amount: "49000.00", payment_type: "bank_transfer", transaction_status, fraud_status: "accept", ...extra });

  it("takes 407, the answer for an expired transaction, as an answer: expired", async () => {
    const transaction = seeded("expire");
    const raw = await fetch(`${standIn.url}/v2/${transaction.order_id}/status`, { headers: { Authorization: `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}` } });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { status_code: string }).status_code).toBe("407");
    expect(await client().status(transaction.order_id, signal())).toEqual({ gatewayOrderId: transaction.order_id, outcome: "expired", amount: 49000, currency: "IDR", gatewayTransactionId: transaction.transaction_id });
  });

  it("answers 200 settlement paid, 201 pending pending, 202 deny failed, 200 cancel cancelled", async () => {
    expect((await client().status(seeded("settlement").order_id, signal())).outcome).toBe("paid");
    expect((await client().status(seeded("pending").order_id, signal())).outcome).toBe("pending");
    expect((await client().status(seeded("deny", { payment_type: "credit_card" }).order_id, signal())).outcome).toBe("failed");
    expect((await client().status(seeded("cancel", { payment_type: "credit_card" }).order_id, signal())).outcome).toBe("cancelled");
  });

  it("takes 404 (a Snap page where no method was chosen yet) as pending, and a wrong key as a fault", async () => {
    const card = request({ method: "credit" });
    await client().create(card);
    expect(await client().status(card.orderId, signal())).toMatchObject({ outcome: "pending", amount: Number.NaN });
    await expect(client("SB-Mid-server-wrong").status(card.orderId, signal())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().status(card.orderId, signal())).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("Midtrans notifications: the documentation's samples, re-signed with a test server key", () => {
  /** The sample's order as Midtrans holds it, in the state the sample reports, then the sample read. */
  const readSample = async (sample: Record<string, unknown>, extra: Partial<MidtransTransaction> = {}) => {
    standIn.seed({
      order_id: String(sample.order_id),
      gross_amount: String(sample.gross_amount),
      payment_type: String(sample.payment_type),
      transaction_status: String(sample.transaction_status),
      ...(typeof sample.fraud_status === "string" ? { fraud_status: sample.fraud_status } : {}),
      ...extra,
    });
    return read(standIn.signed(sample));
  };
  const outcomeOf = async (sample: Record<string, unknown>, extra: Partial<MidtransTransaction> = {}) => {
    const result = await readSample(sample, extra);
    if (result.kind !== "verified") throw new Error(`not verified: ${result.kind}`);
    return result.status.outcome;
  };

  it("refuses the samples as published: they are signed with Midtrans's own key, not ours", async () => {
    standIn.seed({ order_id: "Order-5100", gross_amount: "154600.00", payment_type: "gopay", transaction_status: "settlement" });
    expect(await read(samples.GOPAY_SETTLEMENT)).toEqual({ kind: "unauthorized" });
  });

  it("settlement and an accepted capture are paid; a challenged capture is not", async () => {
    expect(await readSample(samples.GOPAY_SETTLEMENT)).toEqual({
      kind: "verified",
      status: { gatewayOrderId: "Order-5100", outcome: "paid", amount: 154600, currency: "IDR", gatewayTransactionId: expect.any(String) },
      reportedAmount: 154600,
    });
    expect(await outcomeOf(samples.CARD_CAPTURE)).toBe("paid");
    expect(await outcomeOf(samples.CARD_CAPTURE_CHALLENGE)).toBe("pending");
  });

  it("pending stays pending, expire is expired (the status API answering 407), deny failed, cancel cancelled", async () => {
    expect(await outcomeOf(samples.SHOPEEPAY_PENDING)).toBe("pending");
    expect(await outcomeOf(samples.BANK_TRANSFER_EXPIRE)).toBe("expired");
    expect(await outcomeOf(samples.CARD_DENY)).toBe("failed");
    expect(await outcomeOf(samples.CARD_CANCEL)).toBe("cancelled");
  });

  it("a refund is refunded once the bank confirmed it; a partial refund leaves the payment paid", async () => {
    const refunds = samples.CARD_REFUND.refunds as MidtransTransaction["refunds"];
    expect(await outcomeOf(samples.CARD_REFUND, { refunds })).toBe("pending");
    expect(await outcomeOf(samples.CARD_REFUND_CONFIRMED, { refunds: samples.CARD_REFUND_CONFIRMED.refunds as MidtransTransaction["refunds"] })).toBe("refunded");
    expect(await outcomeOf(samples.CARD_PARTIAL_REFUND, { refunds })).toBe("paid");
  });

  it("trusts only what the status API says, not the notification's claim", async () => {
    // The notification claims settlement; Midtrans still holds it pending: pending it is.
    expect(await outcomeOf({ ...samples.SHOPEEPAY_PENDING, transaction_status: "settlement", status_code: "200" }, { transaction_status: "pending" })).toBe("pending");
  });

  it("answers an order Kasih does not know 'unknown' without asking Midtrans, and checks the signature first", async () => {
    const before = standIn.statusCalls();
    const asked: string[] = [];
    const unknown = async (orderId: string) => {
      asked.push(orderId);
      return false;
    };
    expect(await read(standIn.signed(samples.GOPAY_SETTLEMENT), unknown)).toEqual({ kind: "unknown", gatewayOrderId: "Order-5100" });
    expect(await read(samples.GOPAY_SETTLEMENT, unknown)).toEqual({ kind: "unauthorized" });
    expect(asked).toEqual(["Order-5100"]);
    expect(standIn.statusCalls()).toBe(before);
  });

  it("refuses a forged, unsigned or altered notification, and calls a body that names no order malformed", async () => {
    const signed = standIn.signed(samples.GOPAY_SETTLEMENT);
    expect(await read({ ...signed, signature_key: "f".repeat(128) })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...signed, signature_key: undefined })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...signed, gross_amount: "1000.00" })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...signed, status_code: "201" })).toEqual({ kind: "unauthorized" });
    expect(await read(signed, async () => true, "SB-Mid-server-other")).toEqual({ kind: "unauthorized" });
    expect(await client().readNotification({ headers: new Headers(), rawBody: "not json", path: "/", signal: signal() })).toEqual({ kind: "malformed" });
    expect(await read({ transaction_status: "settlement" })).toEqual({ kind: "malformed" });
  });

  it("signs as the documentation's formula says: SHA512(order_id + status_code + gross_amount + server key)", () => {
    // The cancel sample's own values, hashed by hand through the formula the docs print.
    const expected = new Bun.CryptoHasher("sha512").update(`160288131764202244108.00${serverKey}`).digest("hex");
    expect(midtransSignature("160288131764", "202", "244108.00", serverKey)).toBe(expected);
  });
});

describe("Midtrans refunds (docs.midtrans.com/reference/refund-transaction)", () => {
  const paid = async (overrides: Partial<ChargeRequest> = {}) => {
    const order = request(overrides);
    const charge = await client().create(order);
    standIn.setStatus(order.orderId, "settlement");
    return { order, charge };
  };

  it("refunds card, QRIS and e-wallet payments through the API, bank transfers only by hand", () => {
    expect(["credit", "qris", "ewallet", "bank", "googlepay"].map((method) => client().canRefund!(method as never))).toEqual([true, true, true, false, false]);
  });

  it("sends the refund key, amount and reason to /v2/{transaction_id}/refund; pending until the bank confirms", async () => {
    const { order, charge } = await paid();
    const refund = refundRequest({ gatewayOrderId: order.orderId, gatewayTransactionId: charge.gatewayTransactionId! });
    expect(await client().refund!(refund)).toEqual({ state: "pending", gatewayRefundId: expect.stringMatching(/^\d+$/) });
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe(`/v2/${charge.gatewayTransactionId}/refund`);
    expect(sent.body).toEqual({ refund_key: refund.refundId, amount: 99000, reason: "Member asked for a refund" });
    expect((await client().status(order.orderId, signal())).outcome).toBe("pending");
    standIn.confirmRefunds(order.orderId);
    expect((await client().status(order.orderId, signal())).outcome).toBe("refunded");
    expect(await read(standIn.notificationFor(order.orderId))).toMatchObject({ kind: "verified", status: { outcome: "refunded", amount: 99000 } });
  });

  it("asked again with the same refund key (an answer lost on the way), finds the refund it made", async () => {
    const { order } = await paid({ method: "ewallet", wallet: "shopeepay" });
    const refund = refundRequest({ gatewayOrderId: order.orderId, method: "ewallet" });
    const first = await client().refund!(refund);
    expect(await client().refund!({ ...refund, signal: signal() })).toEqual({ state: "pending", gatewayRefundId: refund.refundId });
    expect(first.state).toBe("pending");
    expect(standIn.transactions.get(order.orderId)!.refunds).toHaveLength(1);
  });

  it("voids a card payment not yet settled (capture) with Cancel, as the refund page says to", async () => {
    const order = request({ method: "credit" });
    await client().create(order);
    standIn.setStatus(order.orderId, "capture", { fraud_status: "accept" });
    expect(await client().refund!(refundRequest({ gatewayOrderId: order.orderId, method: "credit" }))).toEqual({ state: "refunded", gatewayRefundId: null });
    expect(standIn.transactions.get(order.orderId)!.transaction_status).toBe("cancel");
  });

  it("passes Midtrans's refusal on in its own words: a bank transfer, an unpaid payment", async () => {
    const { order } = await paid({ method: "bank", bank: "BNI" });
    const refused = client().refund!(refundRequest({ gatewayOrderId: order.orderId, method: "bank" }));
    await expect(refused).rejects.toThrow("Midtrans: Merchant cannot modify the status of the transaction");
    const unpaid = request();
    await client().create(unpaid);
    await expect(client().refund!(refundRequest({ gatewayOrderId: unpaid.orderId }))).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().refund!(refundRequest({ gatewayOrderId: order.orderId }))).rejects.toThrow("The payment provider is not responding");
  });
});

describe("Midtrans testConnection", () => {
  it("passes with good keys (Midtrans answers 404 for the made-up order) and fails with Midtrans's words for bad ones", async () => {
    await client().testConnection!(signal());
    expect(standIn.requests.at(-1)!.path).toMatch(/^\/v2\/kasih-connection-test-[0-9a-f-]+\/status$/);
    await expect(client("SB-Mid-server-wrong").testConnection!(signal())).rejects.toThrow("Midtrans: Access denied due to unauthorized transaction, please check client or server key");
    standIn.failNext("500");
    await expect(client().testConnection!(signal())).rejects.toBeInstanceOf(GatewayError);
  });
});

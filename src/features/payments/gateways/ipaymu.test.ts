import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createIpaymu, ipaymuCallbackSignature, ipaymuMode, ipaymuSignature, ipaymuTimestamp } from "./ipaymu";
import { signedFormCallback, signedJsonCallback, startIpaymuStandIn } from "./ipaymu.stand-in";

const va = "0000001234567890";
const apiKey = "SANDBOX-STANDIN-0000-0000";
let standIn: Awaited<ReturnType<typeof startIpaymuStandIn>>;
beforeAll(async () => {
  standIn = await startIpaymuStandIn({ va, apiKey });
});
afterAll(() => standIn.stop());

const HOUR = 3_600_000;
const client = (key = apiKey) => createIpaymu({ va, apiKey: key, apiUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 49000, phone: "+6281234567890", ...overrides });
const read = (notification: { headers: Record<string, string>; body: string }, isKnownOrder?: (id: string) => Promise<boolean>) =>
  client().readNotification({ headers: new Headers(notification.headers), rawBody: notification.body, path: "/api/payment/notify/ipaymu", signal: AbortSignal.timeout(5000), isKnownOrder });
const lastBody = () => standIn.requests.at(-1)!.body!;
const queries = () => standIn.requests.filter((request) => request.path === "/api/v2/transaction").length;

/** The form fields of the documentation's callback example ("Callback > x-www-form-urlencoded Example"). */
const DOCUMENTED_CALLBACK: Record<string, string> = {
  buyer_email: "customer@example.com",
  buyer_name: "John Doe",
  buyer_phone: "081234567890",
  created_at: "2025-11-11 10:00:00",
  expired_at: "2025-11-11 11:00:00",
  fee: "1500",
  paid_at: "2025-11-11 10:10:52",
  reference_id: "ORDER123456",
  sid: "SESSION789",
  status: "berhasil",
  status_code: "1",
  status_desc: "Success",
  channel: "bca",
  paid_off: "98500",
  product: "Product Name",
  quantity: "1",
  merchant: "YOUR_IPAYMU_VA",
  merchant_name: "Your Store",
  system_notes: "Payment completed",
  trscode: "TRX789012",
  trx_id: "12345678",
  unique_code: "0",
  via: "va",
  payment_no: "1234567890",
  va: "1234567890",
  url: "https://your-domain.com/callback",
  additional_info: "[]",
  transaction_status_code: "1",
  settlement_status: "unsettle",
  settlement_date: "null",
  expired_time: "3600",
  expired_unix: "1762842000",
  is_escrow: "0",
  is_refund: "0",
  is_sandbox: "false",
  total: "100000",
  amount: "100000",
  sub_total: "100000",
  referenceId: "ORDER123456",
};

describe("iPaymu client against the stand-in", () => {
  it("pays QRIS by channel mpm and BCA without an expiry of ours, and takes the expiry iPaymu answers", async () => {
    const qris = await client().create(request({ expiresAt: new Date(Date.now() + 30 * 60_000) }));
    expect(qris.qrCode).toStartWith("000201");
    expect(lastBody()).toMatchObject({ paymentMethod: "qris", paymentChannel: "mpm", amount: 49000, phone: "081234567890" });
    expect(lastBody()).not.toContainKey("expired");
    expect(qris.expiresAt!.getTime() - Date.now()).toBeWithin(4 * 60_000, 5 * 60_000 + 1000);
    const bca = await client().create(request({ method: "bank", bank: "BCA", expiresAt: new Date(Date.now() + 24 * HOUR) }));
    expect(lastBody()).toMatchObject({ paymentMethod: "va", paymentChannel: "bca" });
    expect(lastBody()).not.toContainKey("expired");
    expect(bca.expiresAt!.getTime() - Date.now()).toBeWithin(12 * HOUR - 60_000, 12 * HOUR + 1000);
    expect(bca.gatewayTransactionId).toBe(String(standIn.idFor(bca.gatewayOrderId)));
  });

  it("caps BRI's expiry at its 2 hours and asks the rest for the payment's own", async () => {
    const bri = await client().create(request({ method: "bank", bank: "BRI", expiresAt: new Date(Date.now() + 24 * HOUR) }));
    expect(bri.virtualAccount).toMatch(/^8808\d{10}$/);
    expect(lastBody()).toMatchObject({ paymentMethod: "va", paymentChannel: "bri", expired: 2, expiredType: "hours" });
    expect(bri.expiresAt!.getTime() - Date.now()).toBeWithin(2 * HOUR - 60_000, 2 * HOUR + 1000);
    await client().create(request({ method: "bank", bank: "Mandiri", expiresAt: new Date(Date.now() + 24 * HOUR) }));
    expect(lastBody()).toMatchObject({ paymentChannel: "mandiri", expired: 24, expiredType: "hours" });
  });

  it("sends the card's redirect payment with description[] and the buyer's phone", async () => {
    const card = await client().create(request({ method: "credit" }));
    expect(card.paymentUrl).toStartWith(`${standIn.url}/payment/`);
    expect(standIn.requests.at(-1)!.path).toBe("/api/v2/payment");
    expect(lastBody()).toMatchObject({ product: ["Kasih Premium Monthly (30 days)"], qty: [1], price: [49000], description: ["Kasih Premium Monthly (30 days)"], buyerPhone: "081234567890", paymentMethod: "cc" });
  });

  it("needs the payer's phone for every method: the client asks for it, iPaymu refuses a payment without it", async () => {
    const ipaymu = client();
    for (const method of ["qris", "bank", "credit"] as const) expect(ipaymu.needsPhone!(method, null)).toBe(true);
    const before = standIn.requests.length;
    await expect(ipaymu.create(request({ phone: null }))).rejects.toBeInstanceOf(GatewayError);
    expect(standIn.requests.length).toBe(before);
    // What iPaymu itself answers to the body the app used to send (phone "").
    const body = JSON.stringify({ name: "Sarah", phone: "", email: "sarah@example.com", amount: 49000, notifyUrl: "https://kasih.example/n", referenceId: "r-1", paymentMethod: "qris", paymentChannel: "mpm" });
    const answer = await fetch(`${standIn.url}/api/v2/payment/direct`, { method: "POST", headers: { "Content-Type": "application/json", va, signature: ipaymuSignature(va, apiKey, body), timestamp: ipaymuTimestamp() }, body });
    expect(await answer.json()).toMatchObject({ Status: 400, Message: "phone is required" });
    // The QRIS channel that was sent before ("qris") is not one of iPaymu's.
    await expect(
      fetch(`${standIn.url}/api/v2/payment/direct`, { method: "POST", headers: { va, signature: ipaymuSignature(va, apiKey, body.replace('"mpm"', '"qris"').replace('""', '"0812"')), timestamp: ipaymuTimestamp() }, body: body.replace('"mpm"', '"qris"').replace('""', '"0812"') }).then((r) => r.json()),
    ).resolves.toMatchObject({ Status: 400, Message: "paymentChannel not supported" });
  });

  it("signs as iPaymu documents: HMAC-SHA256 of POST:va:sha256(body):key", () => {
    const body = '{"amount":49000}';
    const bodyHash = new Bun.CryptoHasher("sha256").update(body).digest("hex");
    const expected = new Bun.CryptoHasher("sha256", apiKey).update(`POST:${va}:${bodyHash}:${apiKey}`).digest("hex");
    expect(ipaymuSignature(va, apiKey, body)).toBe(expected);
  });

  it("checks a callback's X-Signature as the Callback page's PHP does: keys byte-ordered, slashes and non-ASCII escaped, keyed by the VA", () => {
    const fields = { url: "https://x.example/y", reference_id: "a", referenceId: "b", buyer_name: "Zoë", trx_id: 7, is_escrow: false, additional_info: [] };
    const json = '{"additional_info":[],"buyer_name":"Zo\\u00eb","is_escrow":false,"referenceId":"b","reference_id":"a","trx_id":7,"url":"https:\\/\\/x.example\\/y"}';
    expect(ipaymuCallbackSignature(va, fields)).toBe(new Bun.CryptoHasher("sha256", va).update(json).digest("hex"));
  });

  it("turns a wrong key (refused with Status 401 in an HTTP 200), a 502 page and a slow answer into a GatewayError", async () => {
    await expect(client("WRONG-KEY").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("verifies the documentation's own callback (form and JSON), then believes only the transaction query", async () => {
    standIn.transactions.set(12345678, { id: 12345678, reference: "ORDER123456", amount: 100000, status: 0, via: "va", channel: "bca", paymentNo: "1234567890", buyer: { name: "John Doe", email: "customer@example.com", phone: "081234567890" }, expiresAt: new Date() });
    const form = signedFormCallback(va, DOCUMENTED_CALLBACK);
    const { additional_info: _text, settlement_date: _null, ...rest } = DOCUMENTED_CALLBACK;
    const json = signedJsonCallback(va, { ...rest, additional_info: [], settlement_date: null });
    // The callback says "berhasil"; iPaymu's query says pending: pending.
    expect(await read(form)).toEqual({ kind: "verified", status: { gatewayOrderId: "ORDER123456", outcome: "pending", amount: 100000, currency: "IDR", gatewayTransactionId: "12345678" }, reportedAmount: null });
    standIn.setStatus(12345678, 1);
    expect(await read(form)).toMatchObject({ kind: "verified", status: { gatewayOrderId: "ORDER123456", outcome: "paid", amount: 100000 } });
    expect(await read(json)).toMatchObject({ kind: "verified", status: { outcome: "paid" } });
    // Every documented status code, as the query answers it.
    for (const [code, outcome] of [[6, "paid"], [-2, "expired"], [2, "cancelled"], [5, "failed"], [0, "pending"]] as const) {
      standIn.setStatus(12345678, code);
      expect(await read(form)).toMatchObject({ status: { outcome } });
    }
  });

  it("refuses a callback with a missing, wrong or tampered X-Signature, and answers an unknown order without asking iPaymu", async () => {
    const order = request({ method: "bank", bank: "BNI", expiresAt: new Date(Date.now() + 24 * HOUR) });
    await client().create(order);
    const id = standIn.idFor(order.orderId);
    const callback = standIn.notificationFor(id);
    const before = queries();
    const { "X-Signature": signature, ...unsigned } = callback.headers;
    expect(await read({ ...callback, headers: unsigned })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...callback, headers: { ...callback.headers, "X-Signature": "0".repeat(64) } })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...callback, body: callback.body.replace("status_code=0", "status_code=1") })).toEqual({ kind: "unauthorized" });
    expect(await read(signedFormCallback("0000000000000000", { trx_id: String(id), reference_id: order.orderId }))).toEqual({ kind: "unauthorized" });
    expect(queries()).toBe(before);
    // Signed, but for an order Kasih does not know: unknown, and iPaymu is not asked.
    const asked: string[] = [];
    expect(await read(callback, async (reference) => (asked.push(reference), false))).toEqual({ kind: "unknown", gatewayOrderId: order.orderId });
    expect(asked).toEqual([order.orderId]);
    expect(queries()).toBe(before);
    expect(await read({ ...callback, headers: { ...callback.headers, "X-Signature": signature!.toUpperCase() } }, async () => true)).toMatchObject({ kind: "verified" });
    // Signed, but pairing another order with this transaction: refused after the query.
    expect(await read(standIn.notificationFor(id, { reference_id: "someone-else", referenceId: "someone-else" }))).toEqual({ kind: "malformed" });
    expect(await read(signedFormCallback(va, { reference_id: order.orderId }))).toEqual({ kind: "malformed" });
    // A transaction iPaymu does not know: the query fails, and the service answers 503.
    await expect(read(standIn.notificationFor(id, { trx_id: "999999999" }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("tells test keys by the sandbox address, tests the connection with Check Balance, and refunds by hand", async () => {
    expect(ipaymuMode("https://sandbox.ipaymu.com")).toBe("test");
    expect(ipaymuMode("https://my.ipaymu.com")).toBe("live");
    await client().testConnection!(AbortSignal.timeout(5000));
    expect(standIn.requests.at(-1)!).toMatchObject({ path: "/api/v2/balance", body: { account: va } });
    const refused = await client("WRONG-KEY").testConnection!(AbortSignal.timeout(5000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).message).toBe("unauthorized signature");
    expect(client().canRefund!("bank")).toBe(false);
    expect(client().refund).toBeUndefined();
  });
});

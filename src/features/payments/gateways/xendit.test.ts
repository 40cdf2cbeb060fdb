import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createXendit } from "./xendit";
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
const read = (headers: Record<string, string>, body: unknown, c = client()) =>
  c.readNotification({ headers: new Headers(headers), rawBody: JSON.stringify(body), path: "/api/payment/notify/xendit", signal: AbortSignal.timeout(5000) });

describe("Xendit client against the stand-in", () => {
  it("creates a QRIS payment request with the API version and an idempotency key", async () => {
    const order = request();
    const charge = await client().create(order);
    expect(charge.gatewayOrderId).toStartWith("pr-");
    expect(charge.qrCode).toStartWith("000201");
    const sent = standIn.requests.at(-1)!;
    expect(sent.headers.get("api-version")).toBe("2022-07-31");
    expect(sent.headers.get("idempotency-key")).toBe(order.orderId);
    expect(sent.body).toMatchObject({ reference_id: order.orderId, amount: 49000, currency: "IDR", payment_method: { type: "QR_CODE", qr_code: { channel_code: "QRIS" } } });
  });

  it("creates virtual accounts per bank and a card invoice with its hosted page", async () => {
    const mandiri = await client().create(request({ method: "bank", bank: "Mandiri" }));
    expect(mandiri.virtualAccount).toMatch(/^88088\d+$/);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_method: { type: "VIRTUAL_ACCOUNT", virtual_account: { channel_code: "MANDIRI" } } });
    const card = await client().create(request({ method: "credit" }));
    expect(card.paymentUrl).toStartWith(`${standIn.url}/web/invoices/`);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_methods: ["CREDIT_CARD"], currency: "IDR" });
  });

  it("turns a wrong key, a 500 and a slow answer into a GatewayError", async () => {
    await expect(client("xnd_development_wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("accepts only the callback token, then fetches the payment again and trusts that", async () => {
    const charge = await client().create(request());
    const callback = standIn.callbackFor(charge.gatewayOrderId);
    // The callback says SUCCEEDED; Xendit still holds it as PENDING: pending.
    expect(await read(callback.headers, callback.body)).toEqual({ kind: "verified", status: { gatewayOrderId: charge.gatewayOrderId, outcome: "pending", amount: 49000, currency: "IDR" }, reportedAmount: 49000 });
    standIn.setStatus(charge.gatewayOrderId, "SUCCEEDED");
    expect(await read(callback.headers, callback.body)).toMatchObject({ kind: "verified", status: { outcome: "paid" } });
    expect(await read({ ...callback.headers, "x-callback-token": "wrong-token-0000000000000" }, callback.body)).toEqual({ kind: "unauthorized" });
    expect(await read({ "Content-Type": "application/json" }, callback.body)).toEqual({ kind: "unauthorized" });
    // No token stored in Settings: nothing can be verified.
    expect(await read(callback.headers, callback.body, client(secretKey, null))).toEqual({ kind: "unauthorized" });
    expect(await read(callback.headers, { hello: "world" })).toEqual({ kind: "malformed" });
  });

  it("reads invoice callbacks the same way", async () => {
    const card = await client().create(request({ method: "credit" }));
    standIn.setStatus(card.gatewayOrderId, "PAID");
    const callback = standIn.callbackFor(card.gatewayOrderId);
    expect(await read(callback.headers, callback.body)).toMatchObject({ kind: "verified", status: { gatewayOrderId: card.gatewayOrderId, outcome: "paid", amount: 49000 } });
  });
});

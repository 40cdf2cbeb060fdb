import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createMidtrans, midtransDefaultUrls } from "./midtrans";
import { startMidtransStandIn } from "./midtrans.stand-in";

const serverKey = "SB-Mid-server-standin0000000000000";
let standIn: Awaited<ReturnType<typeof startMidtransStandIn>>;
beforeAll(async () => {
  standIn = await startMidtransStandIn({ serverKey });
});
afterAll(() => standIn.stop());

const client = (key = serverKey) => createMidtrans({ serverKey: key, apiUrl: standIn.url, snapUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 99000, ...overrides });

describe("midtransDefaultUrls", () => {
  it("sends SB- keys to Midtrans's sandbox and others to production", () => {
    expect(midtransDefaultUrls("SB-Mid-server-x").apiUrl).toBe("https://api.sandbox.midtrans.com");
    expect(midtransDefaultUrls("Mid-server-x")).toEqual({ apiUrl: "https://api.midtrans.com", snapUrl: "https://app.midtrans.com" });
  });
});

describe("Midtrans client against the stand-in", () => {
  it("charges QRIS through the Core API with Basic auth and the items summing to the amount", async () => {
    const charge = await client().create(request());
    expect(charge.qrCode).toStartWith("000201");
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe("/v2/charge");
    expect(sent.headers.get("Authorization")).toBe(`Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`);
    expect(sent.body).toMatchObject({ payment_type: "qris", transaction_details: { gross_amount: 99000 }, custom_expiry: { unit: "minute" } });
  });

  it("gives a bank transfer its virtual account, and Mandiri its bill key and biller code", async () => {
    const bca = await client().create(request({ method: "bank", bank: "BCA" }));
    expect(bca.virtualAccount).toMatch(/^\d+$/);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_type: "bank_transfer", bank_transfer: { bank: "bca" } });
    const mandiri = await client().create(request({ method: "bank", bank: "Mandiri" }));
    expect(mandiri).toMatchObject({ virtualAccount: expect.stringMatching(/^7000\d+$/), bankCode: "70012" });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment_type: "echannel" });
  });

  it("sends cards to Snap's hosted page", async () => {
    const charge = await client().create(request({ method: "credit" }));
    expect(charge.paymentUrl).toStartWith(`${standIn.url}/snap/v4/redirection/`);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ enabled_payments: ["credit_card"], credit_card: { secure: true } });
  });

  it("turns a wrong key, a 500, a refusal in the body and a slow answer into a GatewayError", async () => {
    await expect(client("SB-Mid-server-wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    const duplicate = request();
    await client().create(duplicate);
    await expect(client().create({ ...duplicate, signal: AbortSignal.timeout(5000) })).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    const started = performance.now();
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("verifies a notification's signature, then trusts only the status Midtrans gives when asked", async () => {
    const order = request();
    await client().create(order);
    const read = (body: unknown) => client().readNotification({ headers: new Headers(), rawBody: JSON.stringify(body), path: "/api/payment/notify/midtrans", signal: AbortSignal.timeout(5000) });
    // The notification claims settlement; Midtrans still says pending: pending it is.
    const claimed = standIn.notificationFor(order.orderId, { transaction_status: "settlement", status_code: "200" });
    const signedClaim = { ...claimed, signature_key: (await import("./midtrans")).midtransSignature(order.orderId, "200", claimed.gross_amount, serverKey) };
    expect(await read(signedClaim)).toEqual({ kind: "verified", status: { gatewayOrderId: order.orderId, outcome: "pending", amount: 99000, currency: "IDR" }, reportedAmount: 99000 });
    standIn.setStatus(order.orderId, "settlement");
    expect(await read(standIn.notificationFor(order.orderId))).toMatchObject({ kind: "verified", status: { outcome: "paid", amount: 99000 } });
    // A card capture counts only once the fraud check accepted it.
    standIn.setStatus(order.orderId, "capture", { fraud_status: "challenge" });
    expect(await read(standIn.notificationFor(order.orderId))).toMatchObject({ status: { outcome: "pending" } });
    expect(await read({ ...standIn.notificationFor(order.orderId), signature_key: "f".repeat(128) })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...standIn.notificationFor(order.orderId), signature_key: undefined })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...standIn.notificationFor(order.orderId), gross_amount: "1000.00" })).toEqual({ kind: "unauthorized" });
    expect(await client().readNotification({ headers: new Headers(), rawBody: "not json", path: "/", signal: AbortSignal.timeout(1000) })).toEqual({ kind: "malformed" });
  });
});

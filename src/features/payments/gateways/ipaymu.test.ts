import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { GatewayError, type ChargeRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";
import { createIpaymu, ipaymuSignature } from "./ipaymu";
import { startIpaymuStandIn } from "./ipaymu.stand-in";

const va = "0000001234567890";
const apiKey = "SANDBOX-STANDIN-0000-0000";
let standIn: Awaited<ReturnType<typeof startIpaymuStandIn>>;
beforeAll(async () => {
  standIn = await startIpaymuStandIn({ va, apiKey });
});
afterAll(() => standIn.stop());

const client = (key = apiKey) => createIpaymu({ va, apiKey: key, apiUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 49000, ...overrides });
const read = (notification: { headers: Record<string, string>; body: string }) =>
  client().readNotification({ headers: new Headers(notification.headers), rawBody: notification.body, path: "/api/payment/notify/ipaymu", signal: AbortSignal.timeout(5000) });

describe("iPaymu client against the stand-in", () => {
  it("signs direct payments for QRIS and virtual accounts and a redirect payment for cards", async () => {
    const qris = await client().create(request());
    expect(qris.qrCode).toStartWith("000201");
    expect(standIn.requests.at(-1)!.body).toMatchObject({ paymentMethod: "qris", paymentChannel: "qris", amount: 49000 });
    const bri = await client().create(request({ method: "bank", bank: "BRI" }));
    expect(bri.virtualAccount).toMatch(/^8808\d{10}$/);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ paymentMethod: "va", paymentChannel: "bri" });
    const card = await client().create(request({ method: "credit" }));
    expect(card.paymentUrl).toStartWith(`${standIn.url}/payment/`);
    expect(standIn.requests.at(-1)!.path).toBe("/api/v2/payment");
  });

  it("signs as iPaymu documents: HMAC-SHA256 of POST:va:sha256(body):key", () => {
    const body = '{"amount":49000}';
    const bodyHash = new Bun.CryptoHasher("sha256").update(body).digest("hex");
    const expected = new Bun.CryptoHasher("sha256", apiKey).update(`POST:${va}:${bodyHash}:${apiKey}`).digest("hex");
    expect(ipaymuSignature(va, apiKey, body)).toBe(expected);
  });

  it("turns a wrong key (refused with Status 401 in an HTTP 200), a 502 page and a slow answer into a GatewayError", async () => {
    await expect(client("WRONG-KEY").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("believes nothing in the unsigned notification: the transaction is queried again", async () => {
    const order = request({ method: "bank", bank: "BCA" });
    await client().create(order);
    const id = standIn.idFor(order.orderId);
    // The form says "berhasil"; iPaymu says pending: pending.
    expect(await read(standIn.notificationFor(id))).toEqual({ kind: "verified", status: { gatewayOrderId: order.orderId, outcome: "pending", amount: 49000, currency: "IDR" }, reportedAmount: null });
    standIn.setStatus(id, 1);
    expect(await read(standIn.notificationFor(id))).toMatchObject({ kind: "verified", status: { gatewayOrderId: order.orderId, outcome: "paid" } });
    expect(await read({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "status=berhasil" })).toEqual({ kind: "malformed" });
    // A transaction iPaymu does not know: the query fails, and the service answers 503.
    await expect(read(standIn.notificationFor(id, { trx_id: "999999999" }))).rejects.toBeInstanceOf(GatewayError);
  });
});

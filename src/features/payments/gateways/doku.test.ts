import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createDoku, dokuSignature } from "./doku";
import { startDokuStandIn } from "./doku.stand-in";
import { GatewayError, type ChargeRequest } from "./gateway";
import { chargeRequest } from "./charge-request.test-support";

const clientId = "BRN-0000-1700000000000";
const secretKey = "SK-standin00000000000000";
let standIn: Awaited<ReturnType<typeof startDokuStandIn>>;
beforeAll(async () => {
  standIn = await startDokuStandIn({ clientId, secretKey });
});
afterAll(() => standIn.stop());

const client = (key = secretKey) => createDoku({ clientId, secretKey: key, apiUrl: standIn.url });
const request = (overrides: Partial<ChargeRequest> = {}) => chargeRequest({ amount: 99000, method: "bank", bank: "BCA", expiresAt: new Date(Date.now() + 24 * 60 * 60_000), ...overrides });
const read = (notification: { headers: Record<string, string>; body: string }, path = "/api/payment/notify/doku") =>
  client().readNotification({ headers: new Headers(notification.headers), rawBody: notification.body, path, signal: AbortSignal.timeout(5000) });

describe("DOKU client against the stand-in", () => {
  it("signs a Checkout request the stand-in verifies and gets the hosted page for each method", async () => {
    for (const overrides of [{ method: "qris" as const, bank: null }, { method: "credit" as const, bank: null }, { method: "bank" as const, bank: "Mandiri" as const }]) {
      const charge = await client().create(request(overrides));
      expect(charge.paymentUrl).toStartWith(`${standIn.url}/checkout/link/`);
      expect(charge.qrCode).toBeNull();
    }
    expect(standIn.requests.at(-1)!.body).toMatchObject({ payment: { payment_method_types: ["VIRTUAL_ACCOUNT_BANK_MANDIRI"] }, order: { amount: 99000 } });
  });

  it("is refused with a wrong secret key, and turns a 500 and a slow answer into a GatewayError", async () => {
    await expect(client("SK-wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("verifies a notification's signature over its exact body and path, then asks DOKU for the status", async () => {
    const order = request();
    await client().create(order);
    const notification = standIn.notificationFor(order.orderId);
    // The body says SUCCESS; DOKU still says PENDING when asked: pending.
    expect(await read(notification)).toEqual({ kind: "verified", status: { gatewayOrderId: order.orderId, outcome: "pending", amount: 99000, currency: "IDR" }, reportedAmount: 99000 });
    standIn.setStatus(order.orderId, "SUCCESS");
    expect(await read(notification)).toMatchObject({ kind: "verified", status: { outcome: "paid" } });
    expect(await read({ ...notification, body: notification.body.replace("99000", "1000") })).toEqual({ kind: "unauthorized" });
    expect(await read(notification, "/api/payment/notify/other")).toEqual({ kind: "unauthorized" });
    expect(await read({ ...notification, headers: { ...notification.headers, "Client-Id": "BRN-someone-else" } })).toEqual({ kind: "unauthorized" });
    const { Signature: _dropped, ...unsigned } = notification.headers;
    expect(await read({ ...notification, headers: unsigned })).toEqual({ kind: "unauthorized" });
  });

  it("matches DOKU's documented signature component", () => {
    // "Client-Id:…\nRequest-Id:…\nRequest-Timestamp:…\nRequest-Target:…\nDigest:…", HMAC-SHA256, base64.
    const signature = dokuSignature("secret", { clientId: "MCH-0001", requestId: "cc682442-6c22-493e-8121-b9ef6b3fa728", timestamp: "2020-10-21T03:38:28Z", target: "/request-target/goes-here", body: '{"hello":"world"}' });
    expect(signature).toMatch(/^HMACSHA256=[A-Za-z0-9+/]{43}=$/);
    expect(dokuSignature("secret", { clientId: "MCH-0001", requestId: "a", timestamp: "t", target: "/x", body: null })).not.toBe(dokuSignature("secret", { clientId: "MCH-0001", requestId: "a", timestamp: "t", target: "/x", body: "" }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createDoku, dokuMode, dokuSignature } from "./doku";
import { signedNotification, startDokuStandIn } from "./doku.stand-in";
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
const read = (notification: { headers: Record<string, string>; body: string }, path = "/api/payment/notify/doku", isKnownOrder?: (id: string) => Promise<boolean>) =>
  client().readNotification({ headers: new Headers(notification.headers), rawBody: notification.body, path, signal: AbortSignal.timeout(5000), isKnownOrder });
const statusChecksOf = (invoice: string) => standIn.statusChecks.filter((check) => check.invoice === invoice);

/**
 * The Virtual Account notification of DOKU's documentation ("HTTP Notification Sample - Non
 * SNAP", BCA VA tab), byte for byte apart from the indentation; re-signed with the test keys.
 */
const DOCUMENTED_BCA_VA_NOTIFICATION = `{
    "service": {
        "id": "VIRTUAL_ACCOUNT"
    },
    "acquirer": {
        "id": "BCA"
    },
    "channel": {
        "id": "VIRTUAL_ACCOUNT_BCA"
    },
    "transaction": {
        "status": "SUCCESS",
        "date": "2021-01-27T03:24:23Z",
        "original_request_id": "15022aab-444f-4b04-afa8-ddfce89432ec"
    },
    "order": {
        "invoice_number": "INV-20210124-0001",
        "amount": 150000
    },
    "virtual_account_info": {
        "virtual_account_number": "1900600000000046"
    },
    "virtual_account_payment": {
        "identifer": [
            {
                "name": "REQUEST_ID",
                "value": "7892931"
            },
            {
                "name": "REFERENCE",
                "value": "6769200"
            },
            {
                "name": "CHANNEL_TYPE",
                "value": "6010"
            }
        ]
    }
}`;

describe("DOKU client against the stand-in", () => {
  it("signs a Checkout request the stand-in verifies and gets the hosted page for each method", async () => {
    for (const overrides of [{ method: "qris" as const, bank: null }, { method: "credit" as const, bank: null }, { method: "bank" as const, bank: "Mandiri" as const }]) {
      const charge = await client().create(request(overrides));
      expect(charge.paymentUrl).toStartWith(`${standIn.url}/checkout/link/`);
      expect(charge.qrCode).toBeNull();
    }
    const sent = standIn.requests.at(-1)!.body!;
    expect(sent).toMatchObject({ payment: { payment_method_types: ["VIRTUAL_ACCOUNT_BANK_MANDIRI"], payment_due_date: 24 * 60 }, order: { amount: 99000, currency: "IDR", line_items: [{ price: 99000, quantity: 1 }] } });
  });

  it("is refused with a wrong secret key, and turns a 500 and a slow answer into a GatewayError", async () => {
    await expect(client("SK-wrong").create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("500");
    await expect(client().create(request())).rejects.toBeInstanceOf(GatewayError);
    standIn.failNext("slow");
    await expect(client().create(request({ signal: AbortSignal.timeout(300) }))).rejects.toBeInstanceOf(GatewayError);
  });

  it("trusts the documentation's own signed notification as it is, without asking DOKU", async () => {
    const before = standIn.statusChecks.length;
    const result = await read(signedNotification({ clientId, secretKey }, DOCUMENTED_BCA_VA_NOTIFICATION));
    expect(result).toEqual({
      kind: "verified",
      status: { gatewayOrderId: "INV-20210124-0001", outcome: "paid", amount: 150000, currency: "IDR", gatewayTransactionId: "15022aab-444f-4b04-afa8-ddfce89432ec" },
      reportedAmount: 150000,
    });
    expect(standIn.statusChecks.length).toBe(before);
  });

  it("takes a signed SUCCESS as paid while Check Status would still say PENDING, and asks nobody within DOKU's 60 s", async () => {
    const order = request();
    await client().create(order);
    standIn.setStatus(order.orderId, "SUCCESS");
    const paid = standIn.notificationFor(order.orderId);
    // DOKU's Check Status still answers PENDING a few seconds after the payment.
    standIn.setStatus(order.orderId, "PENDING");
    expect(await read(paid)).toMatchObject({ kind: "verified", status: { gatewayOrderId: order.orderId, outcome: "paid", amount: 99000 }, reportedAmount: 99000 });
    expect(statusChecksOf(order.orderId)).toEqual([]);
    expect(standIn.earlyStatusChecks()).toEqual([]);
    // The other documented statuses, as the notification says them.
    for (const [status, outcome] of [["FAILED", "failed"], ["EXPIRED", "expired"], ["PENDING", "pending"]] as const) {
      const notification = standIn.notificationFor(order.orderId, undefined, { transaction: { status, date: "2026-11-22T03:00:00Z", original_request_id: "x" } });
      expect(await read(notification)).toMatchObject({ kind: "verified", status: { outcome } });
    }
  });

  it("refuses a notification whose body, path, client or signature is not DOKU's, and answers an unknown order without asking DOKU", async () => {
    const order = request();
    await client().create(order);
    standIn.setStatus(order.orderId, "SUCCESS");
    const notification = standIn.notificationFor(order.orderId);
    expect(await read({ ...notification, body: notification.body.replace("99000", "1000") })).toEqual({ kind: "unauthorized" });
    expect(await read({ ...notification, body: notification.body.replace('"SUCCESS"', '"SUCCESS" ') })).toEqual({ kind: "unauthorized" });
    expect(await read(notification, "/api/payment/notify/other")).toEqual({ kind: "unauthorized" });
    expect(await read({ ...notification, headers: { ...notification.headers, "Client-Id": "BRN-someone-else" } })).toEqual({ kind: "unauthorized" });
    const { Signature: _dropped, ...unsigned } = notification.headers;
    expect(await read({ ...notification, headers: unsigned })).toEqual({ kind: "unauthorized" });
    // Verified, but not ours: unknown, asked of nobody; the same for a notification we know.
    const asked: string[] = [];
    const known = (answer: boolean) => async (id: string) => (asked.push(id), answer);
    expect(await read(notification, undefined, known(false))).toEqual({ kind: "unknown", gatewayOrderId: order.orderId });
    expect(await read(notification, undefined, known(true))).toMatchObject({ kind: "verified" });
    expect(asked).toEqual([order.orderId, order.orderId]);
    expect(statusChecksOf(order.orderId)).toEqual([]);
    // Signed, but without an amount or a status: not a notification DOKU sends.
    expect(await read(signedNotification({ clientId, secretKey }, JSON.stringify({ order: { invoice_number: order.orderId }, transaction: { status: "SUCCESS" } })))).toEqual({ kind: "malformed" });
    expect(await read(signedNotification({ clientId, secretKey }, JSON.stringify({ order: { invoice_number: order.orderId, amount: 99000 } })))).toEqual({ kind: "malformed" });
  });

  it("reads Check Status as documented: PENDING, SUCCESS with its original request id, and Not Found before a channel is chosen as pending", async () => {
    const order = request({ method: "credit", bank: null });
    await client().create(order);
    expect(await client().status(order.orderId, AbortSignal.timeout(5000))).toMatchObject({ outcome: "pending", amount: 99000 });
    standIn.setStatus(order.orderId, "SUCCESS");
    const paid = await client().status(order.orderId, AbortSignal.timeout(5000));
    expect(paid).toMatchObject({ gatewayOrderId: order.orderId, outcome: "paid", amount: 99000, currency: "IDR" });
    expect(paid.gatewayTransactionId).toBe(standIn.orders.get(order.orderId)!.originalRequestId);
    expect(await client().status("no-such-invoice", AbortSignal.timeout(5000))).toMatchObject({ outcome: "pending" });
    await expect(client("SK-wrong").status(order.orderId, AbortSignal.timeout(5000))).rejects.toBeInstanceOf(GatewayError);
  });

  it("tells test keys by DOKU's sandbox address and tests the connection with a Check Status of an unknown invoice", async () => {
    expect(dokuMode("https://api-sandbox.doku.com")).toBe("test");
    expect(dokuMode("https://api.doku.com")).toBe("live");
    expect(createDoku({ clientId, secretKey, apiUrl: "https://api-sandbox.doku.com" }).mode).toBe("test");
    await client().testConnection!(AbortSignal.timeout(5000));
    expect(standIn.requests.at(-1)!.path).toStartWith("/orders/v1/status/kasih-connection-test-");
    const refused = await client("SK-wrong").testConnection!(AbortSignal.timeout(5000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).message).toBe("Invalid Header Signature");
  });

  it("refunds a paid card payment by its original request id, once; other methods are refunded by hand", async () => {
    expect(client().canRefund!("credit")).toBe(true);
    expect(client().canRefund!("qris")).toBe(false);
    expect(client().canRefund!("bank")).toBe(false);
    const order = request({ method: "credit", bank: null });
    await client().create(order);
    standIn.setStatus(order.orderId, "SUCCESS");
    const refund = { gatewayOrderId: order.orderId, gatewayTransactionId: null, method: "credit" as const, amount: 99000, reason: "asked", refundId: "refund-0001", signal: AbortSignal.timeout(5000) };
    expect(await client().refund!(refund)).toEqual({ state: "refunded", gatewayRefundId: null });
    expect(standIn.requests.at(-1)!.body).toEqual({ order: { invoice_number: order.orderId }, payment: { original_request_id: standIn.orders.get(order.orderId)!.originalRequestId }, refund: { amount: 99000 } });
    expect(standIn.orders.get(order.orderId)!.status).toBe("REFUNDED");
    // The same refund again (same Request-Id): refused, nothing paid twice.
    await expect(client().refund!(refund)).rejects.toBeInstanceOf(GatewayError);
    await expect(client().refund!({ ...refund, method: "bank", refundId: "refund-0002" })).rejects.toBeInstanceOf(GatewayError);
  });

  it("matches DOKU's documented signature component", () => {
    // "Client-Id:…\nRequest-Id:…\nRequest-Timestamp:…\nRequest-Target:…\nDigest:…", HMAC-SHA256, base64.
    const signature = dokuSignature("secret", { clientId: "MCH-0001", requestId: "cc682442-6c22-493e-8121-b9ef6b3fa728", timestamp: "2020-10-21T03:38:28Z", target: "/request-target/goes-here", body: '{"hello":"world"}' });
    const digest = new Bun.CryptoHasher("sha256").update('{"hello":"world"}').digest("base64");
    const component = `Client-Id:MCH-0001\nRequest-Id:cc682442-6c22-493e-8121-b9ef6b3fa728\nRequest-Timestamp:2020-10-21T03:38:28Z\nRequest-Target:/request-target/goes-here\nDigest:${digest}`;
    expect(signature).toBe(`HMACSHA256=${new Bun.CryptoHasher("sha256", "secret").update(component).digest("base64")}`);
    expect(dokuSignature("secret", { clientId: "MCH-0001", requestId: "a", timestamp: "t", target: "/x", body: null })).not.toBe(dokuSignature("secret", { clientId: "MCH-0001", requestId: "a", timestamp: "t", target: "/x", body: "" }));
  });
});

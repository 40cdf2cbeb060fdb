/**
 * DOKU's notifications through the app (POST /api/payment/notify/doku; PAYMENTS.md
 * 'Notifications'): a verified signed notification is applied as it is, without a Check Status
 * sooner than DOKU allows; a forged one is 401; one for an order Kasih does not know is 404 at
 * once; a replay changes nothing; a later EXPIRED never takes back a paid payment.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { PAYMENT_PERIOD_MS } from "../../../platform/constants";
import { signedNotification } from "./doku.stand-in";
import { DOKU_KEYS, gatewayApp } from "./gateway-app.test-support";

let harness: Awaited<ReturnType<typeof gatewayApp>>;
beforeAll(async () => {
  harness = await gatewayApp({ doku: true });
});
afterAll(() => harness.close());

describe("DOKU notifications through the app", () => {
  it("make a payment paid on a signed SUCCESS while Check Status still says PENDING, asking DOKU nothing", async () => {
    const { doku, pay, notify, statusOf, planOf, app } = harness;
    const payment = await pay({ paymentMethod: "bank", bank: "BCA" });
    expect(payment.gateway).toBe("doku");
    doku!.setStatus(payment.gatewayOrderId, "SUCCESS");
    const paid = doku!.notificationFor(payment.gatewayOrderId);
    doku!.setStatus(payment.gatewayOrderId, "PENDING");

    expect((await notify("doku", paid)).status).toBe(200);
    expect(await statusOf(payment.paymentId)).toBe("paid");
    const plan = await planOf();
    expect(plan).toEqual({ plan: "premium", planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) });
    expect(doku!.statusChecks.filter((check) => check.invoice === payment.gatewayOrderId)).toEqual([]);

    // Sent again (DOKU retries), and again at once: applied once.
    const again = await Promise.all([notify("doku", paid), notify("doku", doku!.notificationFor(payment.gatewayOrderId, undefined, { transaction: { status: "SUCCESS" } }))]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await planOf()).toEqual(plan);

    // The order expiring at DOKU later never takes the payment back.
    doku!.setStatus(payment.gatewayOrderId, "EXPIRED");
    expect((await notify("doku", doku!.notificationFor(payment.gatewayOrderId))).status).toBe(200);
    expect(await statusOf(payment.paymentId)).toBe("paid");
    expect(await planOf()).toEqual(plan);
  });

  it("apply the documentation's sample notification, re-signed, to the payment it names", async () => {
    const { pay, notify, statusOf } = harness;
    const payment = await pay({ paymentMethod: "bank", bank: "Mandiri" });
    const body = {
      service: { id: "VIRTUAL_ACCOUNT" },
      acquirer: { id: "BANK_MANDIRI" },
      channel: { id: "VIRTUAL_ACCOUNT_BANK_MANDIRI" },
      transaction: { status: "SUCCESS", date: "2021-01-27T07:24:50Z", original_request_id: "cc682442-6c22-493e-8121-b9ef6b3fa728" },
      order: { invoice_number: payment.gatewayOrderId, amount: payment.amount },
      virtual_account_info: { virtual_account_number: "8889940000000048" },
    };
    expect((await notify("doku", signedNotification(DOKU_KEYS, JSON.stringify(body)))).status).toBe(200);
    expect(await statusOf(payment.paymentId)).toBe("paid");
  });

  it("answer a forged one 401, another amount 400, and an unknown order 404, changing nothing and asking DOKU nothing", async () => {
    const { doku, pay, notify, statusOf } = harness;
    const payment = await pay({ paymentMethod: "bank", bank: "BNI" });
    doku!.setStatus(payment.gatewayOrderId, "SUCCESS");
    const notification = doku!.notificationFor(payment.gatewayOrderId);
    const checksBefore = doku!.statusChecks.length;

    expect((await notify("doku", { ...notification, body: notification.body.replace(`"amount":${payment.amount}`, '"amount":1000') })).status).toBe(401);
    expect((await notify("doku", { ...notification, headers: { ...notification.headers, Signature: "HMACSHA256=AAAA" } })).status).toBe(401);
    expect(await statusOf(payment.paymentId)).toBe("pending");

    const unknown = signedNotification(DOKU_KEYS, JSON.stringify({ order: { invoice_number: "INV-NOT-OURS-0001", amount: 49000 }, transaction: { status: "SUCCESS", original_request_id: "x" } }));
    const answer = await notify("doku", unknown);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: "Payment not found" });

    // Signed by DOKU, but for another amount: refused, and the payment is not paid.
    const cheaper = signedNotification(DOKU_KEYS, JSON.stringify({ order: { invoice_number: payment.gatewayOrderId, amount: 1000 }, transaction: { status: "SUCCESS", original_request_id: "x" } }));
    expect((await notify("doku", cheaper)).status).toBe(400);
    expect(await statusOf(payment.paymentId)).not.toBe("paid");
    expect(doku!.statusChecks.length).toBe(checksBefore);
  });
});

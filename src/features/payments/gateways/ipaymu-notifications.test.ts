/**
 * iPaymu's callbacks through the app (POST /api/payment/notify/ipaymu; PAYMENTS.md
 * 'Notifications'): the X-Signature is checked (bad → 401), an order Kasih does not know is 404
 * before iPaymu is asked, and only the transaction query's answer counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { PAYMENT_PERIOD_MS } from "../../../platform/constants";
import { IPAYMU_KEYS, gatewayApp } from "./gateway-app.test-support";
import { signedFormCallback } from "./ipaymu.stand-in";

let harness: Awaited<ReturnType<typeof gatewayApp>>;
beforeAll(async () => {
  harness = await gatewayApp({ ipaymu: true });
});
afterAll(() => harness.close());

const queries = () => harness.ipaymu!.requests.filter((request) => request.path === "/api/v2/transaction").length;

describe("iPaymu callbacks through the app", () => {
  it("are verified by X-Signature, re-queried, and applied once when iPaymu says paid", async () => {
    const { ipaymu, pay, notify, statusOf, planOf, app } = harness;
    const payment = await pay({ paymentMethod: "bank", bank: "BRI", phone: "081234567890" });
    expect(payment.gateway).toBe("ipaymu");
    expect(ipaymu!.requests.at(-1)!.body).toMatchObject({ phone: "081234567890", paymentChannel: "bri" });
    const id = ipaymu!.idFor(payment.gatewayOrderId);

    // The callback claims success; iPaymu's query says pending: nothing changes.
    expect((await notify("ipaymu", ipaymu!.notificationFor(id, { status: "berhasil", status_code: "1" }))).status).toBe(200);
    expect(await statusOf(payment.paymentId)).toBe("pending");

    ipaymu!.setStatus(id, 1);
    const callbacks = await Promise.all([notify("ipaymu", ipaymu!.notificationFor(id)), notify("ipaymu", ipaymu!.notificationFor(id, {}, "json"))]);
    expect(callbacks.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await statusOf(payment.paymentId)).toBe("paid");
    expect(await planOf()).toEqual({ plan: "premium", planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) });
  });

  it("answer a bad signature 401 and an unknown order 404 without asking iPaymu", async () => {
    const { ipaymu, pay, notify, statusOf } = harness;
    const payment = await pay({ paymentMethod: "qris", phone: "081234567890" });
    expect(ipaymu!.requests.at(-1)!.body).toMatchObject({ paymentMethod: "qris", paymentChannel: "mpm" });
    expect(ipaymu!.requests.at(-1)!.body).not.toContainKey("expired");
    const id = ipaymu!.idFor(payment.gatewayOrderId);
    ipaymu!.setStatus(id, 1);
    const before = queries();

    const callback = ipaymu!.notificationFor(id);
    expect((await notify("ipaymu", { ...callback, headers: { ...callback.headers, "X-Signature": "f".repeat(64) } })).status).toBe(401);
    const { "X-Signature": _dropped, ...unsigned } = callback.headers;
    expect((await notify("ipaymu", { ...callback, headers: unsigned })).status).toBe(401);
    expect(await statusOf(payment.paymentId)).toBe("pending");

    const unknown = await notify("ipaymu", signedFormCallback(IPAYMU_KEYS.va, { trx_id: String(id), reference_id: "not-an-order-of-ours", status: "berhasil", status_code: "1" }));
    expect(unknown.status).toBe(404);
    expect(queries()).toBe(before);
    expect(await statusOf(payment.paymentId)).toBe("pending");
  });
});

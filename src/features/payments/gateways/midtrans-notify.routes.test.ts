/**
 * Midtrans's notifications through the app (POST /api/payment/notify/midtrans, PAYMENTS.md
 * 'Notifications', docs/decisions/0121-midtrans-as-documented.md): Midtrans's status API answers
 * an expired transaction with status_code 407; before decision 0121 that was taken for a fault,
 * the notification was answered 503 and the payment stayed pending. Now the payment ends expired
 * and Midtrans hears 200. A notification for an order Kasih does not know is 404 at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import type { SettingKey } from "../../admin/settings.registry";
import { settingUpsert } from "../../admin/settings.service";
import { createMember } from "../../discovery/discovery.test-support";
import type { PaymentCreatedJson } from "../payments.schemas";
import { startMidtransStandIn } from "./midtrans.stand-in";
import { BANK_TRANSFER_EXPIRE, GOPAY_SETTLEMENT } from "./midtrans-samples.test-support";

const serverKey = "SB-Mid-server-notifyroute00000000";
let standIn: Awaited<ReturnType<typeof startMidtransStandIn>>;
let app: TestApp;

beforeAll(async () => {
  standIn = await startMidtransStandIn({ serverKey });
  app = await createTestApp({ env: { MIDTRANS_API_URL: standIn.url, MIDTRANS_SNAP_URL: standIn.url } });
  const admin = await createMember(app, { isAdmin: true, profile: false, photo: false });
  const settings: [SettingKey, unknown][] = [
    ["midtrans_gateway", { enabled: true }],
    ["midtrans_server_key", serverKey],
  ];
  await app.deps.db.batch(settings.map(([key, value]) => settingUpsert(app.deps, admin, key, value as never)) as never);
});
afterAll(async () => {
  standIn.stop();
  await app.close();
});

const notify = (body: unknown) => app.app.request("/api/payment/notify/midtrans", { method: "POST", headers: { "Content-Type": "application/json", "User-Agent": "Veritrans" }, body: JSON.stringify(body) });
const statusOf = async (paymentId: string) => (await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.status;

async function bankPayment(): Promise<{ paymentId: string; orderId: string }> {
  const member = await createMember(app, { profile: false, photo: false });
  const created = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "bank", bank: "BNI" } });
  expect(created.status).toBe(201);
  const payment = (await created.json()) as PaymentCreatedJson;
  expect(payment.gateway).toBe("midtrans");
  const [row] = await app.deps.db.select({ gatewayOrderId: payments.gatewayOrderId }).from(payments).where(eq(payments.id, payment.paymentId));
  return { paymentId: payment.paymentId, orderId: row!.gatewayOrderId };
}

describe("POST /api/payment/notify/midtrans", () => {
  it("ends a payment expired, answering 200, when Midtrans's status API says 407 (expired)", async () => {
    const { paymentId, orderId } = await bankPayment();
    standIn.setStatus(orderId, "expire");
    // Midtrans's own expire notification (/reference/expire-transaction), for this order, re-signed with our key.
    const notification = standIn.signed({ ...BANK_TRANSFER_EXPIRE, order_id: orderId, gross_amount: standIn.transactions.get(orderId)!.gross_amount });
    const before = standIn.statusCalls(orderId);
    const answer = await notify(notification);
    expect(answer.status).toBe(200);
    expect(standIn.statusCalls(orderId)).toBe(before + 1);
    const asked = await fetch(`${standIn.url}/v2/${orderId}/status`, { headers: { Authorization: `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}` } });
    expect(((await asked.json()) as { status_code: string }).status_code).toBe("407");
    expect(await statusOf(paymentId)).toBe("expired");
    // Sent again (Midtrans retries what it thinks failed): still 200, still expired.
    expect((await notify(notification)).status).toBe(200);
    expect(await statusOf(paymentId)).toBe("expired");
  });

  it("answers a verified notification for an order Kasih does not know 404 without asking Midtrans; a forged one 401", async () => {
    const before = standIn.statusCalls();
    const answer = await notify(standIn.signed(GOPAY_SETTLEMENT));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: "Payment not found" });
    expect((await notify(GOPAY_SETTLEMENT)).status).toBe(401);
    expect(standIn.statusCalls()).toBe(before);
  });

  it("makes a settled payment paid, answering 200", async () => {
    const { paymentId, orderId } = await bankPayment();
    standIn.setStatus(orderId, "settlement");
    expect((await notify(standIn.notificationFor(orderId))).status).toBe(200);
    expect(await statusOf(paymentId)).toBe("paid");
  });
});

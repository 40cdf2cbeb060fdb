/**
 * Each real gateway end to end through the app (PAYMENTS.md 'Notifications'): the admin's keys and
 * switch, POST /api/payment/create to the gateway's stand-in, the member paying at the "gateway",
 * and its notification posted to /api/payment/notify/{gateway} — verified, re-checked, applied once
 * however often and however concurrently it arrives; a forged one changes nothing.
 */
import { afterAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { payments, users } from "../../../db/schema";
import { PAYMENT_PERIOD_MS } from "../../platform/constants";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { SettingKey } from "../admin/settings.registry";
import { settingUpsert } from "../admin/settings.service";
import { createMember } from "../discovery/discovery.test-support";
import { startDokuStandIn } from "./gateways/doku.stand-in";
import { startIpaymuStandIn } from "./gateways/ipaymu.stand-in";
import { startMidtransStandIn } from "./gateways/midtrans.stand-in";
import { startXenditStandIn } from "./gateways/xendit.stand-in";
import type { PaymentCreatedJson } from "./payments.schemas";

setDefaultTimeout(30_000);

type Notification = { headers: Record<string, string>; body: string };

interface Harness {
  env: Record<string, string>;
  keys: Partial<Record<SettingKey, string>>;
  /** The gateway's own id of a payment we created (what its notifications name). */
  pay(payment: PaymentCreatedJson, gatewayOrderId: string): void;
  notification(payment: PaymentCreatedJson, gatewayOrderId: string): Notification;
  /** The same notification, tampered with; null where the gateway signs nothing. */
  forged(payment: PaymentCreatedJson, gatewayOrderId: string): Notification | null;
  stop(): void;
}

const json = (headers: Record<string, string>, body: unknown): Notification => ({ headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

const harnesses: Record<string, () => Promise<Harness>> = {
  async midtrans() {
    const serverKey = "SB-Mid-server-notifytest000000000";
    const standIn = await startMidtransStandIn({ serverKey });
    return {
      env: { MIDTRANS_API_URL: standIn.url, MIDTRANS_SNAP_URL: standIn.url },
      keys: { midtrans_server_key: serverKey },
      pay: (_payment, id) => standIn.setStatus(id, "settlement"),
      notification: (_payment, id) => json({}, standIn.notificationFor(id)),
      forged: (_payment, id) => json({}, { ...standIn.notificationFor(id), signature_key: "0".repeat(128) }),
      stop: () => standIn.stop(),
    };
  },
  async xendit() {
    const [secretKey, callbackToken] = ["xnd_development_notifytest0000000000", "xendit-callback-token-notifytest"];
    const standIn = await startXenditStandIn({ secretKey, callbackToken });
    return {
      env: { XENDIT_API_URL: standIn.url },
      keys: { xendit_secret_key: secretKey, xendit_callback_token: callbackToken },
      pay: (_payment, id) => standIn.setStatus(id, "SUCCEEDED"),
      notification: (_payment, id) => {
        const callback = standIn.callbackFor(id);
        return { headers: callback.headers, body: JSON.stringify(callback.body) };
      },
      forged: (_payment, id) => {
        const callback = standIn.callbackFor(id);
        return { headers: { ...callback.headers, "x-callback-token": "guessed-token-0000000000000000" }, body: JSON.stringify(callback.body) };
      },
      stop: () => standIn.stop(),
    };
  },
  async doku() {
    const [clientId, secretKey] = ["BRN-0001-1700000000001", "SK-notifytest000000000000"];
    const standIn = await startDokuStandIn({ clientId, secretKey });
    return {
      env: { DOKU_API_URL: standIn.url },
      keys: { doku_client_id: clientId, doku_secret_key: secretKey, doku_public_key: "-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----" },
      pay: (_payment, id) => standIn.setStatus(id, "SUCCESS"),
      notification: (_payment, id) => standIn.notificationFor(id),
      forged: (_payment, id) => {
        const notification = standIn.notificationFor(id);
        // The signature covers the body: another amount is a forgery.
        return { ...notification, body: notification.body.replace(/"amount":(\d+)/, '"amount":1$1') };
      },
      stop: () => standIn.stop(),
    };
  },
  async ipaymu() {
    const [va, apiKey] = ["0000009876543210", "SANDBOX-NOTIFYTEST-0000"];
    const standIn = await startIpaymuStandIn({ va, apiKey });
    return {
      env: { IPAYMU_API_URL: standIn.url },
      keys: { ipaymu_va: va, ipaymu_api_key: apiKey },
      pay: (_payment, id) => standIn.setStatus(standIn.idFor(id), 1),
      notification: (_payment, id) => standIn.notificationFor(standIn.idFor(id)),
      forged: (_payment, id) => {
        const callback = standIn.notificationFor(standIn.idFor(id));
        return { ...callback, headers: { ...callback.headers, "X-Signature": "0".repeat(64) } };
      },
      stop: () => standIn.stop(),
    };
  },
};

const open: { app: TestApp; harness: Harness }[] = [];
afterAll(async () => {
  for (const { app, harness } of open) {
    harness.stop();
    await app.close();
  }
});

for (const [gateway, start] of Object.entries(harnesses)) {
  describe(`${gateway} notifications`, () => {
    it("are verified, re-checked with the gateway and applied once, however often and concurrently they arrive", async () => {
      const harness = await start();
      const app = await createTestApp({ env: harness.env });
      open.push({ app, harness });
      const admin = await createMember(app, { isAdmin: true, profile: false, photo: false });
      await app.deps.db.batch([
        settingUpsert(app.deps, admin, `${gateway}_gateway` as SettingKey, { enabled: true }),
        ...Object.entries(harness.keys).map(([key, value]) => settingUpsert(app.deps, admin, key as SettingKey, value)),
      ] as never);
      const member = await createMember(app, { profile: false, photo: false });
      const created = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium_plus", paymentMethod: "bank", bank: "BNI", phone: "081234567890" } });
      expect(created.status).toBe(201);
      const payment = (await created.json()) as PaymentCreatedJson;
      expect(payment.gateway).toBe(gateway);
      const [row] = await app.deps.db.select({ gatewayOrderId: payments.gatewayOrderId }).from(payments).where(eq(payments.id, payment.paymentId));
      const gatewayOrderId = row!.gatewayOrderId;
      const post = (notification: Notification) => app.app.request(`/api/payment/notify/${gateway}`, { method: "POST", headers: notification.headers, body: notification.body });

      // A forged notification changes nothing.
      const forged = harness.forged(payment, gatewayOrderId);
      if (forged !== null) expect((await post(forged)).status).toBe(401);
      // Before the member pays, the gateway says pending, whatever the notification claims.
      expect((await post(harness.notification(payment, gatewayOrderId))).status).toBe(200);
      expect((await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.paymentId)))[0]!.status).toBe("pending");

      harness.pay(payment, gatewayOrderId);
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(harness.notification(payment, gatewayOrderId))));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const [user] = await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, member.id));
      expect(user).toEqual({ plan: "premium_plus", planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) });
      expect((await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.paymentId)))[0]!.status).toBe("paid");
    });
  });
}

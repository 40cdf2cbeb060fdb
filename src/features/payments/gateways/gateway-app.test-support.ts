/**
 * Test support: a test app whose admin enabled DOKU and/or iPaymu with keys, pointed at their
 * stand-ins (which share the app's fake clock), and a member to pay.
 */
import { eq } from "drizzle-orm";
import { payments, users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import type { SettingKey } from "../../admin/settings.registry";
import { settingUpsert } from "../../admin/settings.service";
import { createMember } from "../../discovery/discovery.test-support";
import type { PaymentCreatedJson } from "../payments.schemas";
import { startDokuStandIn } from "./doku.stand-in";
import { startIpaymuStandIn } from "./ipaymu.stand-in";

export const DOKU_KEYS = { clientId: "BRN-0001-1700000000042", secretKey: "SK-appnotifytest0000000000" };
export const IPAYMU_KEYS = { va: "0000009876543210", apiKey: "SANDBOX-APPNOTIFY-0000" };

export async function gatewayApp(gateways: { doku?: boolean; ipaymu?: boolean }) {
  const clock = fakeClock();
  const doku = gateways.doku ? await startDokuStandIn({ ...DOKU_KEYS, now: clock.now }) : null;
  const ipaymu = gateways.ipaymu ? await startIpaymuStandIn(IPAYMU_KEYS) : null;
  const app: TestApp = await createTestApp({ clock, env: { DOKU_API_URL: doku?.url ?? "http://127.0.0.1:1", IPAYMU_API_URL: ipaymu?.url ?? "http://127.0.0.1:1" } });
  const admin = await createMember(app, { isAdmin: true, profile: false, photo: false });
  const keys: [SettingKey, unknown][] = [];
  if (doku !== null) keys.push(["doku_gateway", { enabled: true }], ["doku_client_id", DOKU_KEYS.clientId], ["doku_secret_key", DOKU_KEYS.secretKey]);
  if (ipaymu !== null) keys.push(["ipaymu_gateway", { enabled: true }], ["ipaymu_va", IPAYMU_KEYS.va], ["ipaymu_api_key", IPAYMU_KEYS.apiKey]);
  await app.deps.db.batch(keys.map(([key, value]) => settingUpsert(app.deps, admin, key, value)) as never);
  const member = await createMember(app, { profile: false, photo: false });

  const pay = async (body: Record<string, unknown>) => {
    const created = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", ...body } });
    if (created.status !== 201) throw new Error(`payment not created: ${created.status} ${await created.text()}`);
    const payment = (await created.json()) as PaymentCreatedJson;
    const [row] = await app.deps.db.select({ gatewayOrderId: payments.gatewayOrderId }).from(payments).where(eq(payments.id, payment.paymentId));
    return { ...payment, gatewayOrderId: row!.gatewayOrderId };
  };
  const notify = (gateway: "doku" | "ipaymu", notification: { headers: Record<string, string>; body: string }) =>
    app.app.request(`/api/payment/notify/${gateway}`, { method: "POST", headers: notification.headers, body: notification.body });
  const statusOf = async (paymentId: string) => (await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]!.status;
  const planOf = async () => (await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, member.id)))[0]!;
  const close = async () => {
    doku?.stop();
    ipaymu?.stop();
    await app.close();
  };
  return { app, doku, ipaymu, member, pay, notify, statusOf, planOf, close };
}

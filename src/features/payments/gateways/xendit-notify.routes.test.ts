/**
 * Xendit's callbacks through the app (POST /api/payment/notify/xendit, PAYMENTS.md
 * 'Notifications'): a callback for a payment Kasih does not know is answered 404 at once, with no
 * call to Xendit (before decision 0122 it answered 503 and Xendit retried for days); one for a
 * payment Kasih made is checked with Xendit and applied. E-wallets end to end: DANA's deeplink
 * handed to the member, OVO pushed to the phone the member typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import type { SettingKey } from "../../admin/settings.registry";
import { settingUpsert } from "../../admin/settings.service";
import { createMember } from "../../discovery/discovery.test-support";
import type { PaymentCreatedJson } from "../payments.schemas";
import { startXenditStandIn } from "./xendit.stand-in";
import { xenditSamples } from "./xendit-doc-samples.test-support";

const [secretKey, callbackToken] = ["xnd_development_notifyroute000000000", "xendit-callback-token-notifyroute"];
let standIn: Awaited<ReturnType<typeof startXenditStandIn>>;
let app: TestApp;

beforeAll(async () => {
  standIn = await startXenditStandIn({ secretKey, callbackToken });
  app = await createTestApp({ env: { XENDIT_API_URL: standIn.url } });
  const admin = await createMember(app, { isAdmin: true, profile: false, photo: false });
  const settings: [SettingKey, unknown][] = [
    ["xendit_gateway", { enabled: true }],
    ["xendit_secret_key", secretKey],
    ["xendit_callback_token", callbackToken],
  ];
  await app.deps.db.batch(settings.map(([key, value]) => settingUpsert(app.deps, admin, key, value as never)) as never);
});
afterAll(async () => {
  standIn.stop();
  await app.close();
});

const notify = (headers: Record<string, string>, body: unknown) => app.app.request("/api/payment/notify/xendit", { method: "POST", headers, body: JSON.stringify(body) });
const headers = { "Content-Type": "application/json", "x-callback-token": callbackToken };

describe("POST /api/payment/notify/xendit", () => {
  it("answers a callback for a payment request or invoice Kasih does not know 404, without asking Xendit", async () => {
    const before = standIn.requests.length;
    const unknownRequest = { paymentRequestId: "pr-1fdaf346-dd2e-4b6c-b938-124c7167a822", referenceId: "example_reference_id", amount: 49000, channelCode: "QRIS" };
    for (const body of [xenditSamples.paymentCapture(unknownRequest), xenditSamples.paymentRequestExpiry(unknownRequest), xenditSamples.invoicePaid({ id: "593f4ed1c3d3bb7f39733d83", externalId: "testing-invoice", amount: 49000 })]) {
      const answer = await notify(headers, body);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: "Payment not found" });
    }
    expect(standIn.requests.length).toBe(before);
    // The token is checked first: a forged callback is 401, whatever it names.
    expect((await notify({ ...headers, "x-callback-token": "guessed-token-000000000000000000" }, xenditSamples.paymentCapture(unknownRequest))).status).toBe(401);
  });

  it("checks a callback for a payment Kasih made with Xendit and applies it", async () => {
    const member = await createMember(app, { profile: false, photo: false });
    const created = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "qris" } });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as PaymentCreatedJson;
    const [row] = await app.deps.db.select({ gatewayOrderId: payments.gatewayOrderId }).from(payments).where(eq(payments.id, payment.paymentId));
    expect(standIn.requests.at(-1)!.body).toMatchObject({ country: "ID", channel_code: "QRIS", reference_id: payment.paymentId });

    standIn.setStatus(row!.gatewayOrderId, "SUCCEEDED");
    const before = standIn.requests.length;
    expect((await notify(headers, standIn.samples.paymentCapture(row!.gatewayOrderId).body)).status).toBe(200);
    expect(standIn.requests.length).toBe(before + 1);
    expect(standIn.requests.at(-1)!.path).toBe(`/v3/payment_requests/${row!.gatewayOrderId}`);
    const [after] = await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.paymentId));
    expect(after!.status).toBe("paid");
  });

  it("pays with DANA through its deeplink, and pushes OVO to the member's phone in E.164 with no link", async () => {
    const member = await createMember(app, { profile: false, photo: false });
    const dana = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "ewallet", wallet: "dana" } });
    expect(dana.status).toBe(201);
    const danaPayment = (await dana.json()) as PaymentCreatedJson;
    expect(danaPayment.walletUrl).toStartWith("dana://");
    expect(standIn.requests.at(-1)!.body).toMatchObject({ channel_code: "DANA", country: "ID", channel_properties: { success_return_url: expect.any(String), failure_return_url: expect.any(String) } });
    const [row] = await app.deps.db.select({ gatewayOrderId: payments.gatewayOrderId }).from(payments).where(eq(payments.id, danaPayment.paymentId));
    standIn.setStatus(row!.gatewayOrderId, "SUCCEEDED");
    expect((await notify(headers, standIn.samples.paymentCapture(row!.gatewayOrderId).body)).status).toBe(200);
    expect((await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, danaPayment.paymentId)))[0]!.status).toBe("paid");

    const other = await createMember(app, { profile: false, photo: false });
    const ovo = await app.request("POST", "/api/payment/create", { cookie: other.cookie, body: { plan: "premium", paymentMethod: "ewallet", wallet: "ovo", phone: "0812-3456-7890" } });
    expect(ovo.status).toBe(201);
    expect(((await ovo.json()) as PaymentCreatedJson).walletUrl).toBeNull();
    expect(standIn.requests.at(-1)!.body).toMatchObject({ channel_code: "OVO", channel_properties: { mobile_number: "+6281234567890" } });
  });
});

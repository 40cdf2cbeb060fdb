import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { payments, subscriptions, users } from "../../../db/schema";
import { PAYMENT_CREATIONS_PER_HOUR, PAYMENT_PERIOD_MS, PAYMENT_EXPIRY_GRACE_MS } from "../../platform/constants";
import { outboxMessages, waitForOutbox } from "../../testing/outbox";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { sandboxKey } from "./gateway-choice";
import { sandboxNotification, type SandboxTransactionStatus } from "./gateways/sandbox";
import type { PaymentCreatedJson, PaymentJson } from "./payments.schemas";

setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" } });
});
afterAll(() => app.close());

type Member = Awaited<ReturnType<typeof newMember>>;

/** A signed-in member written straight to the database (registering dozens would hit its rate limit). */
async function newMember(options: { firstName?: string; isAdmin?: boolean } = {}) {
  const account = await createMember(app, { profile: false, photo: false, ...options });
  return { ...account, email: `${account.id}@example.com` };
}
const DAY = 24 * 60 * 60_000;

async function create(member: Member, body: Record<string, unknown>) {
  const response = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body });
  return { status: response.status, body: (await response.json()) as PaymentCreatedJson & { message?: string } };
}

/** The sandbox's notification as its page sends it, posted by a gateway (no Origin, no cookie). */
function notify(body: unknown, headers: Record<string, string> = {}) {
  return app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

function signed(paymentId: string, amount: number, status: SandboxTransactionStatus = "settlement") {
  return sandboxNotification(sandboxKey(app.dataDir), paymentId, amount, status);
}

const userRow = async (id: string) => (await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, id)))[0]!;
const paymentRow = async (id: string) => (await app.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const paymentCount = async () => (await app.deps.db.select({ id: payments.id }).from(payments)).length;

describe("POST /api/subscription", () => {
  it("records the plan at the server's price and gives the open request back when asked again", async () => {
    const member = await newMember();
    const first = await app.request("POST", "/api/subscription", { cookie: member.cookie, body: { planType: "premium_plus", amount: 99000, currency: "IDR" } });
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toEqual({ subscriptionId: expect.any(String), planType: "premium_plus", amount: 99000, currency: "IDR", status: "pending" });
    const again = await (await app.request("POST", "/api/subscription", { cookie: member.cookie, body: { planType: "premium_plus", amount: 99000, currency: "IDR" } })).json();
    expect(again.subscriptionId).toBe(body.subscriptionId);
  });

  it("refuses a changed amount or currency and an unknown plan with PAYMENTS.md's messages, storing nothing", async () => {
    const member = await newMember();
    const post = (body: unknown) => app.request("POST", "/api/subscription", { cookie: member.cookie, body });
    for (const body of [{ planType: "premium", amount: 1000, currency: "IDR" }, { planType: "premium_plus", amount: 49000, currency: "IDR" }, { planType: "premium", amount: 49000, currency: "USD" }]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid amount" });
    }
    const unknown = await post({ planType: "gold", amount: 49000, currency: "IDR" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: "Invalid plan" });
    expect(await app.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);
  });

  it("answers 401 to a visitor", async () => {
    expect((await app.request("POST", "/api/subscription", { body: { planType: "premium", amount: 49000, currency: "IDR" } })).status).toBe(401);
  });
});

describe("POST /api/payment/create", () => {
  it("creates a QRIS payment with a well-formed QRIS string, the hosted page and a 30-minute expiry", async () => {
    const member = await newMember();
    const { status, body } = await create(member, { plan: "premium_plus", paymentMethod: "qris" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "pending", paymentUrl: `/pay/sandbox/${body.paymentId}`, googlePayToken: null, bankInstructions: null, bankOptions: null, plan: "premium_plus", amount: 99000, gateway: "sandbox" });
    expect(body.qrCode).toStartWith("000201010212");
    expect(body.qrCode).toContain("5303360");
    expect(body.qrCode).toContain("540599000");
    expect(new Date(body.expiresAt).getTime() - app.clock.now().getTime()).toBe(30 * 60_000);
    const row = await paymentRow(body.paymentId);
    expect(row).toMatchObject({ userId: member.id, status: "pending", amount: 99000, method: "qris", gateway: "sandbox" });
    // The subscription request of the plan dialog becomes this payment's.
    const [subscription] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.paymentId, body.paymentId));
    expect(subscription).toMatchObject({ userId: member.id, plan: "premium_plus", status: "pending" });
  });

  it("gives a bank transfer the chosen bank's virtual account, the four banks as options and a 24-hour expiry", async () => {
    const member = await newMember();
    const { status, body } = await create(member, { plan: "premium", paymentMethod: "bank", bank: "BNI" });
    expect(status).toBe(201);
    expect(body.bankInstructions).toEqual({ bank_name: "BNI", bank_code: "009", virtual_account: expect.stringMatching(/^\d{16}$/), account_holder: "Kasih" });
    expect(body.bankOptions?.map((option) => option.bank_name)).toEqual(["BCA", "Mandiri", "BNI", "BRI"]);
    expect(body.qrCode).toBeNull();
    expect(new Date(body.expiresAt).getTime() - app.clock.now().getTime()).toBe(DAY);
  });

  it("refuses an unknown plan, an unknown method, an unknown bank and a method switched off, storing nothing", async () => {
    const member = await newMember();
    const before = await paymentCount();
    expect(await create(member, { plan: "gold", paymentMethod: "qris" })).toEqual({ status: 400, body: { message: "Invalid plan" } as never });
    expect(await create(member, { plan: "premium", paymentMethod: "bitcoin" })).toEqual({ status: 400, body: { message: "Payment method not available" } as never });
    expect(await create(member, { plan: "premium", paymentMethod: "bank", bank: "HSBC" })).toEqual({ status: 400, body: { message: "Invalid bank" } as never });
    const admin = await newMember({ isAdmin: true });
    expect((await app.request("POST", "/api/admin/settings/payment_qris", { cookie: admin.cookie, body: { value: false } })).status).toBe(200);
    expect(await create(member, { plan: "premium", paymentMethod: "qris" })).toEqual({ status: 400, body: { message: "Payment method not available" } as never });
    await app.request("POST", "/api/admin/settings/payment_qris", { cookie: admin.cookie, body: { value: true } });
    expect(await paymentCount()).toBe(before);
  });

  it("refuses Premium to a member whose Premium Plus runs", async () => {
    const member = await newMember();
    await app.deps.db.update(users).set({ plan: "premium_plus", planExpiresAt: new Date(app.clock.now().getTime() + 10 * DAY) }).where(eq(users.id, member.id));
    expect(await create(member, { plan: "premium", paymentMethod: "qris" })).toEqual({ status: 400, body: { message: "Your Premium Plus plan already includes Premium" } as never });
  });

  it("limits how many payments a member may start in an hour (each is a charge at the gateway)", async () => {
    const member = await newMember();
    for (let attempt = 0; attempt < PAYMENT_CREATIONS_PER_HOUR; attempt++) expect((await create(member, { plan: "premium", paymentMethod: "credit" })).status).toBe(201);
    const refused = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "credit" } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).not.toBeNull();
    expect(await refused.json()).toEqual({ message: "Too many payment attempts. Please try again later." });
  });

  it("answers 503 'Payments are not configured' when no gateway is enabled and the sandbox is off", async () => {
    const plain = await createTestApp();
    try {
      const member = await plain.registerUser();
      const response = await plain.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "qris" } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: "Payments are not configured" });
      expect(await plain.deps.db.select().from(payments)).toEqual([]);
      // And the dialog offers nothing rather than methods that cannot work.
      expect(await (await plain.request("GET", "/api/payment/methods", { cookie: member.cookie })).json()).toEqual({ methods: [], wallets: [], needsPhone: { methods: [], wallets: [] } });
    } finally {
      await plain.close();
    }
  });
});

describe("GET /api/payment/{id} and GET /api/payments", () => {
  it("shows members their own payments, newest first, and answers 404 for another member's or an unknown id", async () => {
    const owner = await newMember();
    const other = await newMember();
    const first = (await create(owner, { plan: "premium", paymentMethod: "qris" })).body;
    app.clock.advance(1000);
    const second = (await create(owner, { plan: "premium_plus", paymentMethod: "credit" })).body;
    const own = await app.request("GET", `/api/payment/${first.paymentId}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ paymentId: first.paymentId, status: "pending", plan: "premium", amount: 49000, currency: "IDR", method: "qris", gateway: "sandbox", createdAt: expect.any(String), paidAt: null, expiresAt: first.expiresAt });
    for (const path of [`/api/payment/${first.paymentId}`, "/api/payment/not-a-payment"]) {
      const response = await app.request("GET", path, { cookie: other.cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Payment not found" });
    }
    expect(((await (await app.request("GET", "/api/payments", { cookie: owner.cookie })).json()) as PaymentJson[]).map((p) => p.paymentId)).toEqual([second.paymentId, first.paymentId]);
    expect(await (await app.request("GET", "/api/payments", { cookie: other.cookie })).json()).toEqual([]);
    // Another member's payment cannot be paid with a wallet token either.
    expect((await app.request("POST", `/api/subscription/activate/${first.paymentId}`, { cookie: other.cookie, body: { paymentToken: "tok" } })).status).toBe(404);
  });

  it("marks a pending payment expired once its expiry and the grace period have passed", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium", paymentMethod: "qris" });
    app.clock.advance(30 * 60_000 + PAYMENT_EXPIRY_GRACE_MS - 1000);
    expect((await (await app.request("GET", `/api/payment/${body.paymentId}`, { cookie: member.cookie })).json()).status).toBe("pending");
    app.clock.advance(2000);
    expect((await (await app.request("GET", `/api/payment/${body.paymentId}`, { cookie: member.cookie })).json()).status).toBe("expired");
    // Late money is honoured (PAYMENTS.md): a verified confirmation pays it, flagged late (late-money.test.ts).
    expect((await notify(signed(body.paymentId, 49000))).status).toBe(200);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: "paid", flagLate: true });
    expect((await userRow(member.id)).plan).toBe("premium");
  });
});

describe("POST /api/payment/notify/sandbox", () => {
  it("activates the plan for 30 days, once, however many times the notification arrives", async () => {
    const member = await newMember({ firstName: "Daniel" });
    const { body } = await create(member, { plan: "premium_plus", paymentMethod: "qris" });
    const activated: unknown[] = [];
    const off = app.deps.events.on("plan.changed", (event) => activated.push(event));
    const notification = signed(body.paymentId, 99000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(notification)));
    off();
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const now = app.clock.now().getTime();
    expect(await userRow(member.id)).toEqual({ plan: "premium_plus", planExpiresAt: new Date(now + PAYMENT_PERIOD_MS) });
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: "paid", paidAt: new Date(now) });
    expect(activated).toEqual([{ userId: member.id, plan: "premium_plus", planExpiresAt: new Date(now + PAYMENT_PERIOD_MS), paymentId: body.paymentId }]);
    const [subscription] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.paymentId, body.paymentId));
    expect(subscription).toMatchObject({ status: "active", startsAt: new Date(now), endsAt: new Date(now + PAYMENT_PERIOD_MS) });
    const user = await (await app.request("GET", "/api/auth/user", { cookie: member.cookie })).json();
    expect(user).toMatchObject({ isPremium: true, plan: "premium_plus", planExpiresAt: new Date(now + PAYMENT_PERIOD_MS).toISOString() });
    // A paid payment never goes back, whatever arrives later.
    expect((await notify(signed(body.paymentId, 99000, "deny"))).status).toBe(200);
    expect((await notify(signed(body.paymentId, 99000, "expire"))).status).toBe(200);
    expect((await paymentRow(body.paymentId)).status).toBe("paid");
    expect((await userRow(member.id)).planExpiresAt).toEqual(new Date(now + PAYMENT_PERIOD_MS));
  });

  it("sends the receipt in the member's language", async () => {
    const member = await newMember({ firstName: "Sari" });
    await app.deps.db.update(users).set({ language: "id" }).where(eq(users.id, member.id));
    const { body } = await create(member, { plan: "premium", paymentMethod: "bank", bank: "BCA" });
    // Earlier tests of this file mail receipts too (a late payment is paid and receipted).
    const before = outboxMessages(app.dataDir).length;
    expect((await notify(signed(body.paymentId, 49000))).status).toBe(200);
    // Wait for this receipt itself: an earlier test's late receipt may be the next mail to land.
    let receipt: string | undefined;
    for (let count = before + 1; receipt === undefined && count <= before + 3; count++) {
      receipt = (await waitForOutbox(app.dataDir, count)).find((mail) => mail.includes(body.paymentId) && mail.includes(member.email));
    }
    expect(receipt).toBeDefined();
    expect(receipt).toContain("Bukti pembayaran Kasih");
  });

  it("extends the same plan from its end, and starts Premium Plus now when bought during Premium", async () => {
    const member = await newMember();
    const start = app.clock.now().getTime();
    const pay = async (plan: string, amount: number) => {
      const { status, body } = await create(member, { plan, paymentMethod: "qris" });
      expect({ status, body: body.message }).toEqual({ status: 201, body: undefined });
      expect((await notify(signed(body.paymentId, amount))).status).toBe(200);
    };
    await pay("premium", 49000);
    expect(await userRow(member.id)).toEqual({ plan: "premium", planExpiresAt: new Date(start + PAYMENT_PERIOD_MS) });
    app.clock.advance(10 * DAY);
    await pay("premium", 49000);
    expect(await userRow(member.id)).toEqual({ plan: "premium", planExpiresAt: new Date(start + 2 * PAYMENT_PERIOD_MS) });
    await pay("premium_plus", 99000);
    expect(await userRow(member.id)).toEqual({ plan: "premium_plus", planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) });
    // A lapsed plan starts again from the payment, not from its old end; until then it is free.
    await app.deps.db.update(users).set({ planExpiresAt: new Date(app.clock.now().getTime() - DAY) }).where(eq(users.id, member.id));
    expect(await (await app.request("GET", "/api/auth/user", { cookie: member.cookie })).json()).toMatchObject({ isPremium: false, plan: "free" });
    await pay("premium_plus", 99000);
    expect(await userRow(member.id)).toEqual({ plan: "premium_plus", planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) });
  });

  it("answers 401 to a wrong or missing signature and changes nothing", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium", paymentMethod: "qris" });
    const good = signed(body.paymentId, 49000);
    for (const bad of [{ ...good, signature_key: "0".repeat(128) }, { ...good, signature_key: undefined }, sandboxNotification("not-the-key", body.paymentId, 49000, "settlement")]) {
      const response = await notify(bad);
      expect(response.status).toBe(401);
    }
    // The status is covered by the signature: flipping it breaks the signature too.
    expect((await notify({ ...signed(body.paymentId, 49000, "deny"), transaction_status: "settlement", status_code: "200" })).status).toBe(401);
    expect((await paymentRow(body.paymentId)).status).toBe("pending");
    expect((await userRow(member.id)).plan).toBe("free");
  });

  it("answers 404 to an unknown order and 400 to a changed amount, which fails the payment", async () => {
    const member = await newMember();
    expect((await notify(signed("no-such-payment", 49000))).status).toBe(404);
    const { body } = await create(member, { plan: "premium_plus", paymentMethod: "qris" });
    const cheaper = await notify(signed(body.paymentId, 1000));
    expect(cheaper.status).toBe(400);
    expect(await cheaper.json()).toEqual({ message: "Invalid amount" });
    expect((await paymentRow(body.paymentId)).status).toBe("failed");
    // Even the right amount afterwards cannot bring a failed payment back.
    expect((await notify(signed(body.paymentId, 99000))).status).toBe(200);
    expect((await paymentRow(body.paymentId)).status).toBe("failed");
    expect((await userRow(member.id)).plan).toBe("free");
  });

  it("records a decline as failed and leaves the plan as it was", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium", paymentMethod: "bank", bank: "BRI" });
    expect((await notify(signed(body.paymentId, 49000, "deny"))).status).toBe(200);
    expect((await paymentRow(body.paymentId)).status).toBe("failed");
    expect((await userRow(member.id)).plan).toBe("free");
  });

  it("takes no session and no Origin, while every other state change still needs our Origin", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium", paymentMethod: "qris" });
    expect((await notify(signed(body.paymentId, 49000), { Origin: "https://api.midtrans.com" })).status).toBe(200);
    const foreign = await app.app.request("/api/payment/create", { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: member.cookie }, body: JSON.stringify({ plan: "premium", paymentMethod: "qris" }) });
    expect(foreign.status).toBe(403);
  });

  it("refuses the sandbox's notifications when the sandbox is off, as in a plain serve", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sandboxNotification(sandboxKey(plain.dataDir), "x", 49000, "settlement")) });
      expect(response.status).toBe(404);
      expect((await plain.app.request("/api/payment/notify/paypal", { method: "POST", body: "{}" })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("refuses a notification body over 64 KB before reading it (the app-wide small-body limit)", async () => {
    const response = await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": String(70 * 1024) }, body: "x".repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large" });
  });
});

describe("POST /api/subscription/activate/{paymentId} (Google Pay)", () => {
  it("refuses a missing token, then activates through the gateway with a token", async () => {
    const member = await newMember();
    const { status, body } = await create(member, { plan: "premium", paymentMethod: "googlepay" });
    expect(status).toBe(201);
    const missing = await app.request("POST", `/api/subscription/activate/${body.paymentId}`, { cookie: member.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Google Pay payment failed. Please try again." });
    expect((await paymentRow(body.paymentId)).status).toBe("pending");
    const paid = await app.request("POST", `/api/subscription/activate/${body.paymentId}`, { cookie: member.cookie, body: { paymentToken: '{"signature":"test"}' } });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ paymentId: body.paymentId, status: "paid", plan: "premium" });
    expect((await userRow(member.id)).plan).toBe("premium");
  });

  it("will not activate a payment of another method with a wallet token", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium", paymentMethod: "qris" });
    const response = await app.request("POST", `/api/subscription/activate/${body.paymentId}`, { cookie: member.cookie, body: { paymentToken: "tok" } });
    expect(response.status).toBe(400);
    expect((await paymentRow(body.paymentId)).status).toBe("pending");
  });
});

describe("/pay/sandbox/{paymentId}", () => {
  it("shows the owner the amount and pays through the same notification path; others get 404", async () => {
    const owner = await newMember();
    const other = await newMember();
    const { body } = await create(owner, { plan: "premium", paymentMethod: "bank", bank: "Mandiri" });
    const page = await app.request("GET", `/pay/sandbox/${body.paymentId}`, { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rp49,000");
    expect(html).toContain(body.bankInstructions!.virtual_account);
    expect((await app.request("GET", `/pay/sandbox/${body.paymentId}`, { cookie: other.cookie })).status).toBe(404);
    const pay = (cookie: string, action: string) =>
      app.app.request(`/pay/sandbox/${body.paymentId}`, { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: `action=${action}` });
    expect((await pay(other.cookie, "pay")).status).toBe(404);
    expect((await paymentRow(body.paymentId)).status).toBe("pending");
    const paid = await pay(owner.cookie, "pay");
    expect(paid.status).toBe(303);
    expect((await paymentRow(body.paymentId)).status).toBe("paid");
    expect((await userRow(owner.id)).plan).toBe("premium");
    expect(await (await app.request("GET", `/pay/sandbox/${body.paymentId}`, { cookie: owner.cookie })).text()).toContain("Payment received");
  });
});

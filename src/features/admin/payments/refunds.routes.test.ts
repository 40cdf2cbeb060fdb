/**
 * POST /api/admin/payments/{id}/refund (PAYMENTS.md 'Refunds', docs/decisions/0124) at the HTTP
 * level: payments made and paid through the sandbox's signed notifications, refunds through a
 * gateway double (full, pending then finished by its notification, refused) or by hand, and what
 * each does to the member's plan, the status history, the admin log and the member's mail.
 */
import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { adminActions, payments, paymentStatusHistory, users } from "../../../../db/schema";
import { PAYMENT_PERIOD_MS } from "../../../platform/constants";
import { fakeClock } from "../../../platform/clock";
import { outboxMessages, waitForOutbox } from "../../../testing/outbox";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createMember } from "../../discovery/discovery.test-support";
import { gatewayNamed, sandboxKey } from "../../payments/gateway-choice";
import { GatewayError, type GatewayClient, type RefundRequest, type RefundResult } from "../../payments/gateways/gateway";
import { sandboxNotification } from "../../payments/gateways/sandbox";
import type { PaymentCreatedJson } from "../../payments/payments.schemas";

setDefaultTimeout(30_000);

const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" }, clock: fakeClock(NOW) });
});
afterEach(() => app.close());

/** A fresh admin session (tests move the clock by days). */
const adminCookie = async () => (await createMember(app, { isAdmin: true, firstName: "Ada", profile: false, photo: false })).cookie;

async function member(language: "en" | "id" = "en") {
  const account = await createMember(app, { profile: false, photo: false });
  await app.deps.db.update(users).set({ language }).where(eq(users.id, account.id));
  return account;
}

/** A payment made by the member and paid by the sandbox's signed notification. */
async function pay(account: { cookie: string }, plan: "premium" | "premium_plus", method = "qris") {
  const response = await app.request("POST", "/api/payment/create", { cookie: account.cookie, body: { plan, paymentMethod: method } });
  expect(response.status).toBe(201);
  const created = (await response.json()) as PaymentCreatedJson;
  const amount = plan === "premium" ? 49000 : 99000;
  const notified = await app.app.request("/api/payment/notify/sandbox", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(sandboxNotification(sandboxKey(app.dataDir), created.paymentId, amount, "settlement")),
  });
  expect(notified.status).toBe(200);
  return created.paymentId;
}

/** The sandbox's client with a refund API that answers as `refund` says, recording each request. */
async function refundingSandbox(refund: (request: RefundRequest) => Promise<RefundResult>) {
  const real = (await gatewayNamed(app.deps, "sandbox"))!;
  const requests: RefundRequest[] = [];
  const double: GatewayClient = {
    ...real,
    canRefund: (method) => method !== "bank",
    refund: async (request) => {
      requests.push(request);
      return refund(request);
    },
  };
  app.deps.gatewayClients = { sandbox: double };
  return requests;
}

const refund = async (paymentId: string, body: Record<string, unknown>, cookie?: string) => app.request("POST", `/api/admin/payments/${paymentId}/refund`, { cookie: cookie ?? (await adminCookie()), body });
const planOf = async (id: string) => (await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, id)))[0]!;
const statusOf = async (id: string) => (await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]!.status;
const historyOf = async (id: string) => (await app.deps.db.select({ status: paymentStatusHistory.status }).from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, id)).orderBy(asc(paymentStatusHistory.at))).map((row) => row.status);
const logOf = async (action: string) => app.deps.db.select().from(adminActions).where(eq(adminActions.action, action));

describe("a refund through the gateway", () => {
  it("refunded at once: the payment is refunded, the plan ends (its only days), one log row, the member mailed in their language", async () => {
    const requests = await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: "rf-1" }));
    const sari = await member("id");
    const paymentId = await pay(sari, "premium");
    app.clock.advance(DAY);
    const mailsBefore = outboxMessages(app.dataDir).length;
    const response = await refund(paymentId, { reason: "Charged twice" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: paymentId, status: "refunded", refund: { reason: "Charged twice", manual: false, gatewayRefundId: "rf-1", refundedAt: app.clock.now().toISOString() } });
    expect(requests).toEqual([expect.objectContaining({ gatewayOrderId: paymentId, amount: 49000, method: "qris", reason: "Charged twice", refundId: expect.any(String) })]);
    // 30 days taken off a plan that had 29 left: it ends now.
    expect(await planOf(sari.id)).toEqual({ plan: "premium", planExpiresAt: app.clock.now() });
    expect((await (await app.request("GET", "/api/auth/user", { cookie: sari.cookie })).json()).isPremium).toBe(false);
    expect(await historyOf(paymentId)).toEqual(["pending", "paid", "refunded"]);
    const rows = await logOf("refund");
    expect(rows).toEqual([expect.objectContaining({ adminName: "Ada", targetUserId: sari.id, reason: `payment ${paymentId}: Charged twice` })]);
    const mails = await waitForOutbox(app.dataDir, mailsBefore + 1);
    const mail = mails.find((text) => text.includes("dikembalikan") && text.includes(paymentId));
    expect(mail).toBeDefined();
  });

  it("pending: refund_pending until the gateway's notification says refunded, then the plan loses the days; one log row for each step", async () => {
    await refundingSandbox(async () => ({ state: "pending", gatewayRefundId: "rf-2" }));
    const budi = await member();
    const paymentId = await pay(budi, "premium");
    const before = await planOf(budi.id);
    const response = await refund(paymentId, { reason: "Asked by the member" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "refund_pending", refund: { gatewayRefundId: "rf-2", refundedAt: null } });
    expect(await planOf(budi.id)).toEqual(before);
    // A second press is refused: the payment is no longer paid.
    expect((await refund(paymentId, { reason: "again" })).status).toBe(409);

    // The gateway's notification of the finished refund (a verified status "refunded").
    const real = app.deps.gatewayClients!.sandbox!;
    app.deps.gatewayClients = {
      sandbox: { ...real, readNotification: async () => ({ kind: "verified", status: { gatewayOrderId: paymentId, outcome: "refunded", amount: 49000, currency: "IDR" }, reportedAmount: 49000 }) },
    };
    for (let i = 0; i < 2; i++) {
      const notified = await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order_id: paymentId, transaction_status: "refund" }) });
      expect(notified.status).toBe(200);
    }
    expect(await statusOf(paymentId)).toBe("refunded");
    expect(await planOf(budi.id)).toEqual({ plan: "premium", planExpiresAt: app.clock.now() });
    expect(await historyOf(paymentId)).toEqual(["pending", "paid", "refund_pending", "refunded"]);
    expect((await logOf("refund")).length).toBe(1);
    expect(await logOf("refund_completed")).toEqual([expect.objectContaining({ adminId: null, adminName: "sandbox (refund notification)", targetUserId: budi.id })]);
  });

  it("pending, then failed at the gateway: the payment is paid again with its history row, the plan untouched, and it can be refunded again", async () => {
    await refundingSandbox(async () => ({ state: "pending", gatewayRefundId: "rf-3" }));
    const budi = await member();
    const paymentId = await pay(budi, "premium");
    const before = await planOf(budi.id);
    expect((await refund(paymentId, { reason: "Asked by the member" })).status).toBe(200);
    expect(await statusOf(paymentId)).toBe("refund_pending");

    // The gateway's notification of the failed refund: the money stayed (outcome paid, refundFailed).
    const real = app.deps.gatewayClients!.sandbox!;
    app.deps.gatewayClients = {
      sandbox: { ...real, readNotification: async () => ({ kind: "verified", status: { gatewayOrderId: paymentId, outcome: "paid", amount: 49000, currency: "IDR", refundFailed: true }, reportedAmount: null }) },
    };
    for (let i = 0; i < 2; i++) {
      const notified = await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order_id: paymentId, transaction_status: "refund_failed" }) });
      expect(notified.status).toBe(200);
    }
    expect(await statusOf(paymentId)).toBe("paid");
    expect(await historyOf(paymentId)).toEqual(["pending", "paid", "refund_pending", "paid"]);
    expect(await planOf(budi.id)).toEqual(before);

    // Released: the admin may refund it again.
    app.deps.gatewayClients = { sandbox: real };
    expect((await refund(paymentId, { reason: "Second try" })).status).toBe(200);
  });

  it("refused: 502 with the gateway's message, the payment stays paid, nothing logged, and it can be refunded again later", async () => {
    await refundingSandbox(async () => {
      throw new GatewayError("Transaction cannot be refunded", "sandbox: 412");
    });
    const ana = await member();
    const paymentId = await pay(ana, "premium_plus");
    const before = await planOf(ana.id);
    const response = await refund(paymentId, { reason: "Duplicate" });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: "Transaction cannot be refunded" });
    expect(await statusOf(paymentId)).toBe("paid");
    expect(await planOf(ana.id)).toEqual(before);
    expect(await logOf("refund")).toEqual([]);
    // By hand, afterwards.
    const manual = await refund(paymentId, { reason: "Duplicate", manual: true, note: "BCA transfer 12/11" });
    expect(manual.status).toBe(200);
    expect(await manual.json()).toMatchObject({ status: "refunded", refund: { manual: true, note: "BCA transfer 12/11" } });
  });
});

describe("a manual refund", () => {
  it("for a method without a refund API, or when asked: recorded with its note, never sent to the gateway", async () => {
    const requests = await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: null }));
    const dewi = await member();
    const bankPayment = await pay(dewi, "premium", "bank");
    const response = await refund(bankPayment, { reason: "Goodwill", note: "Sent back by BCA" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "refunded", refund: { manual: true, note: "Sent back by BCA", reason: "Goodwill" } });
    const card = await pay(dewi, "premium", "credit");
    expect((await refund(card, { reason: "Goodwill", manual: true })).status).toBe(200);
    expect(requests).toEqual([]);
  });

  it("for an e-wallet its gateway cannot refund (one-off OVO at Xendit): the refund reads the payment's wallet, as the payment page does, and is recorded by hand", async () => {
    const requests = await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: null }));
    app.deps.gatewayClients!.sandbox!.canRefund = (method, wallet) => method !== "bank" && !(method === "ewallet" && wallet === "ovo");
    const dewi = await member();
    const created = await app.request("POST", "/api/payment/create", { cookie: dewi.cookie, body: { plan: "premium", paymentMethod: "ewallet", wallet: "ovo", phone: "081234567890" } });
    expect(created.status).toBe(201);
    const { paymentId } = (await created.json()) as PaymentCreatedJson;
    const notified = await app.app.request("/api/payment/notify/sandbox", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sandboxNotification(sandboxKey(app.dataDir), paymentId, 49000, "settlement")),
    });
    expect(notified.status).toBe(200);
    const response = await refund(paymentId, { reason: "Goodwill", note: "Sent back by OVO transfer" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "refunded", refund: { manual: true, note: "Sent back by OVO transfer" } });
    expect(requests).toEqual([]);
  });
});

describe("what a refund does to the plan", () => {
  it("takes the payment's own days off the end: an extension's refund leaves the first period", async () => {
    await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: null }));
    const eka = await member();
    const first = await pay(eka, "premium");
    const start = app.clock.now().getTime();
    app.clock.advance(DAY);
    const second = await pay(eka, "premium");
    expect(await planOf(eka.id)).toEqual({ plan: "premium", planExpiresAt: new Date(start + 2 * PAYMENT_PERIOD_MS) });
    expect((await refund(first, { reason: "First one" })).status).toBe(200);
    expect(await planOf(eka.id)).toEqual({ plan: "premium", planExpiresAt: new Date(start + PAYMENT_PERIOD_MS) });
    expect((await refund(second, { reason: "Second one" })).status).toBe(200);
    expect(await planOf(eka.id)).toEqual({ plan: "premium", planExpiresAt: app.clock.now() });
  });

  it("leaves a later upgrade's own period untouched; refunding the upgrade ends it now", async () => {
    await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: null }));
    const fajar = await member();
    const premium = await pay(fajar, "premium");
    app.clock.advance(10 * DAY);
    const plus = await pay(fajar, "premium_plus");
    const upgraded = { plan: "premium_plus" as const, planExpiresAt: new Date(app.clock.now().getTime() + PAYMENT_PERIOD_MS) };
    expect(await planOf(fajar.id)).toEqual(upgraded);
    expect((await refund(premium, { reason: "Premium refunded" })).status).toBe(200);
    expect(await planOf(fajar.id)).toEqual(upgraded);
    expect((await refund(plus, { reason: "Plus refunded" })).status).toBe(200);
    expect(await planOf(fajar.id)).toEqual({ plan: "premium_plus", planExpiresAt: app.clock.now() });
  });

  it("leaves a plan started afresh after a revocation untouched", async () => {
    await refundingSandbox(async () => ({ state: "refunded", gatewayRefundId: null }));
    const gita = await member();
    const old = await pay(gita, "premium");
    const cookie = await adminCookie();
    expect((await app.request("POST", `/api/admin/users/${gita.id}/plan`, { cookie, body: { plan: "free", reason: "Test account" } })).status).toBe(200);
    app.clock.advance(DAY);
    await pay(gita, "premium");
    const fresh = await planOf(gita.id);
    expect((await refund(old, { reason: "Old one" })).status).toBe(200);
    expect(await planOf(gita.id)).toEqual(fresh);
  });
});

describe("refusals", () => {
  it("only a paid payment (409), an unknown one 404, a missing reason 400, and only admins", async () => {
    const hana = await member();
    const response = await app.request("POST", "/api/payment/create", { cookie: hana.cookie, body: { plan: "premium", paymentMethod: "qris" } });
    const pending = ((await response.json()) as PaymentCreatedJson).paymentId;
    const notPaid = await refund(pending, { reason: "x" });
    expect(notPaid.status).toBe(409);
    expect(await notPaid.json()).toEqual({ message: "Only a paid payment can be refunded" });
    expect((await refund("nosuchpayment", { reason: "x" })).status).toBe(404);
    const paid = await pay(hana, "premium");
    for (const body of [{}, { reason: "  " }, { reason: "x".repeat(501) }, { reason: "ok", manual: "yes" }]) expect((await refund(paid, body)).status).toBe(400);
    expect((await refund(paid, { reason: "mine" }, hana.cookie)).status).toBe(403);
    expect(await statusOf(paid)).toBe("paid");
    expect(await logOf("refund")).toEqual([]);
  });

  it("writes the refund, the plan change and its one log row in one transaction: a failing write leaves the payment paid and refundable", async () => {
    const ida = await member();
    const paid = await pay(ida, "premium");
    const before = await planOf(ida.id);
    await app.deps.db.$client.execute("CREATE TRIGGER refuse_refund BEFORE UPDATE OF status ON payments WHEN NEW.status = 'refunded' BEGIN SELECT RAISE(ABORT, 'refused'); END");
    expect((await refund(paid, { reason: "x", manual: true })).status).toBe(500);
    expect(await statusOf(paid)).toBe("paid");
    expect(await planOf(ida.id)).toEqual(before);
    expect(await logOf("refund")).toEqual([]);
    expect(await historyOf(paid)).toEqual(["pending", "paid"]);
    await app.deps.db.$client.execute("DROP TRIGGER refuse_refund");
    expect((await refund(paid, { reason: "x", manual: true })).status).toBe(200);
    expect((await logOf("refund")).length).toBe(1);
  });
});

/**
 * Late money is honoured (PAYMENTS.md, docs/decisions/0124), through the sandbox gateway's signed
 * notifications, at the HTTP level: what the gateway sees, what the member's plan becomes, the
 * flags the operator sees, the status history and the record of every notification.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { paymentNotifications, payments, paymentStatusHistory, users } from "../../../db/schema";
import { PAYMENT_EXPIRY_GRACE_MS, PAYMENT_PERIOD_MS } from "../../platform/constants";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { sandboxKey } from "./gateway-choice";
import { sandboxNotification, type SandboxTransactionStatus } from "./gateways/sandbox";
import type { PaymentCreatedJson } from "./payments.schemas";

setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" } });
});
/** A fresh admin session (the tests move the clock past a session's idle limit). */
const asAdmin = async () => (await createMember(app, { isAdmin: true, profile: false, photo: false })).cookie;
afterAll(() => app.close());

const DAY = 24 * 60 * 60_000;

async function newMember() {
  return createMember(app, { profile: false, photo: false });
}
async function create(member: { cookie: string }, body: Record<string, unknown>) {
  const response = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body });
  expect(response.status).toBe(201);
  return (await response.json()) as PaymentCreatedJson;
}
function notify(body: unknown) {
  return app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
const signed = (paymentId: string, amount: number, status: SandboxTransactionStatus = "settlement") => sandboxNotification(sandboxKey(app.dataDir), paymentId, amount, status);
const userRow = async (id: string) => (await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, id)))[0]!;
const paymentRow = async (id: string) => (await app.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const history = async (id: string) => (await app.deps.db.select({ status: paymentStatusHistory.status }).from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, id)).orderBy(asc(paymentStatusHistory.at))).map((row) => row.status);
const flagged = async () => (await (await app.request("GET", "/api/admin/stats", { cookie: await asAdmin() })).json()).flaggedPayments as number;

describe("a verified confirmation of a payment Kasih had closed", () => {
  it("after expiry: paid, the plan granted from that moment, flagged late, history written, once however often it arrives", async () => {
    const member = await newMember();
    const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
    app.clock.advance(30 * 60_000 + PAYMENT_EXPIRY_GRACE_MS + 1000);
    // Read as expired (and written so) before the money arrives.
    expect((await (await app.request("GET", `/api/payment/${payment.paymentId}`, { cookie: member.cookie })).json()).status).toBe("expired");
    const before = await flagged();
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(signed(payment.paymentId, 49000))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const now = app.clock.now().getTime();
    expect(await paymentRow(payment.paymentId)).toMatchObject({ status: "paid", paidAt: new Date(now), flagLate: true, flagNeedsAttention: false, flagsSeenAt: null });
    expect(await userRow(member.id)).toEqual({ plan: "premium", planExpiresAt: new Date(now + PAYMENT_PERIOD_MS) });
    expect(await history(payment.paymentId)).toEqual(["pending", "expired", "paid"]);
    expect(await flagged()).toBe(before + 1);
    // What the member sees.
    expect((await (await app.request("GET", `/api/payment/${payment.paymentId}`, { cookie: member.cookie })).json()).status).toBe("paid");
  });

  it("after a cancellation or a gateway decline: paid and late; an in-time payment is not flagged", async () => {
    for (const closing of ["cancel", "deny"] as const) {
      const member = await newMember();
      const payment = await create(member, { plan: "premium_plus", paymentMethod: "credit" });
      expect((await notify(signed(payment.paymentId, 99000, closing))).status).toBe(200);
      expect((await paymentRow(payment.paymentId)).status).toBe(closing === "cancel" ? "cancelled" : "failed");
      expect((await notify(signed(payment.paymentId, 99000))).status).toBe(200);
      expect(await paymentRow(payment.paymentId)).toMatchObject({ status: "paid", flagLate: true });
      expect((await userRow(member.id)).plan).toBe("premium_plus");
    }
    const member = await newMember();
    const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
    expect((await notify(signed(payment.paymentId, 49000))).status).toBe(200);
    expect(await paymentRow(payment.paymentId)).toMatchObject({ status: "paid", flagLate: false });
    expect(await history(payment.paymentId)).toEqual(["pending", "paid"]);
  });

  it("a later expiry or decline never takes a paid payment back", async () => {
    const member = await newMember();
    const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
    expect((await notify(signed(payment.paymentId, 49000))).status).toBe(200);
    for (const status of ["expire", "deny", "cancel"] as const) expect((await notify(signed(payment.paymentId, 49000, status))).status).toBe(200);
    expect((await paymentRow(payment.paymentId)).status).toBe("paid");
    expect(await history(payment.paymentId)).toEqual(["pending", "paid"]);
  });
});

describe("a confirmation whose amount differs", () => {
  it("on a pending payment: 400, failed, needs_attention; on an expired one the same", async () => {
    for (const late of [false, true]) {
      const member = await newMember();
      const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
      if (late) app.clock.advance(30 * 60_000 + PAYMENT_EXPIRY_GRACE_MS + 1000);
      const answer = await notify(signed(payment.paymentId, 1000));
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: "Invalid amount" });
      expect(await paymentRow(payment.paymentId)).toMatchObject({ status: "failed", flagNeedsAttention: true, flagLate: false });
      expect((await userRow(member.id)).plan).toBe("free");
      expect((await history(payment.paymentId)).at(-1)).toBe("failed");
      // The right amount afterwards does not pay a payment the operator must look at.
      expect((await notify(signed(payment.paymentId, 49000))).status).toBe(200);
      expect((await paymentRow(payment.paymentId)).status).toBe("failed");
    }
  });

  it("on a paid payment: 400, it stays paid with its plan and only gains the flag", async () => {
    const member = await newMember();
    const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
    expect((await notify(signed(payment.paymentId, 49000))).status).toBe(200);
    const plan = await userRow(member.id);
    expect((await notify(signed(payment.paymentId, 99000))).status).toBe(400);
    expect(await paymentRow(payment.paymentId)).toMatchObject({ status: "paid", flagNeedsAttention: true });
    expect(await userRow(member.id)).toEqual(plan);
    expect(await history(payment.paymentId)).toEqual(["pending", "paid"]);
  });
});

describe("every notification is recorded", () => {
  it("verified or not, with its answer, the payment it names, and no signature in the body", async () => {
    const member = await newMember();
    const payment = await create(member, { plan: "premium", paymentMethod: "qris" });
    const good = signed(payment.paymentId, 49000);
    expect((await notify({ ...good, signature_key: "0".repeat(128) })).status).toBe(401);
    expect((await notify(good)).status).toBe(200);
    const rows = await app.deps.db
      .select({ verified: paymentNotifications.verified, status: paymentNotifications.status, answer: paymentNotifications.answer, body: paymentNotifications.body, gateway: paymentNotifications.gateway })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentId, payment.paymentId))
      .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.answer));
    expect(rows.map(({ verified, status, answer, gateway }) => ({ verified, status, answer, gateway }))).toEqual([
      { verified: true, status: "paid", answer: 200, gateway: "sandbox" },
      { verified: false, status: "unauthorized", answer: 401, gateway: "sandbox" },
    ]);
    for (const row of rows) {
      expect(row.body).not.toContain(good.signature_key);
      expect(JSON.parse(row.body)).toMatchObject({ order_id: payment.paymentId, gross_amount: "49000.00", signature_key: "[redacted]" });
    }
    // The operator reads them on the payment.
    const detail = await (await app.request("GET", `/api/admin/payments/${payment.paymentId}`, { cookie: await asAdmin() })).json();
    expect(detail.notifications.map((entry: { verified: boolean }) => entry.verified).sort()).toEqual([false, true]);
  });

  it("an unknown order is recorded without a payment", async () => {
    expect((await notify(signed("no-such-order", 49000))).status).toBe(404);
    const rows = await app.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.answer, 404));
    expect(rows.filter((row) => row.body.includes("no-such-order"))).toEqual([expect.objectContaining({ paymentId: null, verified: true, answer: 404 })]);
  });
});

describe("the days a payment adds", () => {
  it("are recorded for a refund: a fresh start, then an extension from the old end", async () => {
    const member = await newMember();
    const first = await create(member, { plan: "premium", paymentMethod: "qris" });
    await notify(signed(first.paymentId, 49000));
    const start = app.clock.now().getTime();
    app.clock.advance(DAY);
    const second = await create(member, { plan: "premium", paymentMethod: "qris" });
    await notify(signed(second.paymentId, 49000));
    expect(await paymentRow(first.paymentId)).toMatchObject({ appliedPlan: "premium", periodStartsAt: new Date(start), periodEndsAt: new Date(start + PAYMENT_PERIOD_MS) });
    expect(await paymentRow(second.paymentId)).toMatchObject({ appliedPlan: "premium", periodStartsAt: new Date(start + PAYMENT_PERIOD_MS), periodEndsAt: new Date(start + 2 * PAYMENT_PERIOD_MS) });
    expect(await userRow(member.id)).toEqual({ plan: "premium", planExpiresAt: new Date(start + 2 * PAYMENT_PERIOD_MS) });
  });
});

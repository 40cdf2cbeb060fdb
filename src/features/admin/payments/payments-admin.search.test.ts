/**
 * The operator's calls for money (ADMIN.md 'Lists', 'One payment'; docs/decisions/0124): the
 * payments list's search, filters, sort and CSV, one payment, the flags' seen mark and the
 * Overview's revenue by Jakarta month.
 */
import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, payments } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { receiptMail } from "../../payments/receipt";
import { adminOf, person } from "../users/admin-test-support";
import { csvField } from "./payments-admin.service";
import { insertPayment } from "./payments-admin.test-support";

// 10:00 in Jakarta on 22 November 2026.
const NOW = new Date("2026-11-22T03:00:00Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;
let budi: Awaited<ReturnType<typeof person>>;
beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso", email: "maria@example.com" });
  budi = await person(app, { firstName: "Budi", lastName: "Hartono", email: "budi@example.org" });
});
afterEach(() => app.close());

const get = (path: string, headers?: Record<string, string>) => app.request("GET", path, { cookie: admin.cookie, headers });
const ids = async (path: string) => ((await (await get(path)).json()).payments as { id: string }[]).map((payment) => payment.id);

describe("GET /api/admin/payments: search and filters", () => {
  it("finds a payment by the reference on its receipt mail, the gateway's order or transaction id, or the member's name or email", async () => {
    const mine = await insertPayment(app, maria, { gateway: "xendit" });
    const his = await insertPayment(app, budi);
    await app.deps.db.update(payments).set({ gatewayOrderId: "inv-6543abcdef", gatewayTransactionId: "pr-998877" }).where(eq(payments.id, mine));
    // The receipt's "Payment reference" is what the admin pastes.
    const receipt = receiptMail("en", "maria@example.com", "Maria", { paymentId: mine, plan: "premium", amount: 49000, method: "qris", paidAt: NOW, planExpiresAt: null }, "https://kasih.example/settings");
    const reference = /Payment reference: (\S+)/.exec(receipt.text)![1]!;
    expect(await ids(`/api/admin/payments?search=${reference}`)).toEqual([mine]);
    expect(await ids(`/api/admin/payments?search=${reference.toUpperCase()}`)).toEqual([mine]);
    expect(await ids("/api/admin/payments?search=inv-6543abcdef")).toEqual([mine]);
    expect(await ids("/api/admin/payments?search=pr-998877")).toEqual([mine]);
    expect(await ids("/api/admin/payments?search=santoso")).toEqual([mine]);
    expect(await ids("/api/admin/payments?search=Maria%20Sant")).toEqual([mine]);
    expect(await ids("/api/admin/payments?search=example.org")).toEqual([his]);
    // Partial ids do not match (a reference is exact); LIKE's wildcards are taken literally.
    expect(await ids(`/api/admin/payments?search=${mine.slice(0, 10)}`)).toEqual([]);
    expect(await ids("/api/admin/payments?search=%25")).toEqual([]);
  });

  it("filters by gateway, status, flags and Jakarta days (inclusive), and says what is wrong with a bad filter", async () => {
    // 23:30 WIB on 20 November (16:30 UTC) and 00:30 WIB on 21 November (17:30 UTC).
    const lateOn20 = await insertPayment(app, maria, { gateway: "midtrans", createdAt: new Date("2026-11-20T16:30:00Z") });
    const earlyOn21 = await insertPayment(app, maria, { gateway: "doku", status: "failed", createdAt: new Date("2026-11-20T17:30:00Z") });
    const today = await insertPayment(app, budi, { gateway: "doku", status: "pending" });
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, lateOn20));
    expect(await ids("/api/admin/payments?from=2026-11-21&to=2026-11-21")).toEqual([earlyOn21]);
    expect(await ids("/api/admin/payments?to=2026-11-20")).toEqual([lateOn20]);
    expect(await ids("/api/admin/payments?from=2026-11-21")).toEqual([today, earlyOn21]);
    expect(await ids("/api/admin/payments?gateway=doku")).toEqual([today, earlyOn21]);
    expect(await ids("/api/admin/payments?gateway=doku&status=failed")).toEqual([earlyOn21]);
    expect(await ids("/api/admin/payments?flagged=1")).toEqual([lateOn20]);
    const body = await (await get("/api/admin/payments?gateway=doku")).json();
    expect(body.total).toBe(2);
    for (const [query, message] of [
      ["gateway=paypal", "Invalid gateway"],
      ["from=2026-02-30", "Invalid date: use YYYY-MM-DD"],
      ["to=21-11-2026", "Invalid date: use YYYY-MM-DD"],
      ["from=2026-11-22&to=2026-11-21", "The start date is after the end date"],
      ["sort=email", "Invalid sort"],
      ["status=refunding", "Invalid status"],
    ]) {
      const response = await get(`/api/admin/payments?${query}`);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message } });
    }
  });

  it("sorts by a column, -column descending, ties newest first", async () => {
    const cheap = await insertPayment(app, maria, { amount: 49_000, createdAt: new Date(NOW.getTime() - 2 * HOUR) });
    const dear = await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus", createdAt: new Date(NOW.getTime() - HOUR) });
    const cheapNewer = await insertPayment(app, maria, { amount: 49_000 });
    expect(await ids("/api/admin/payments?sort=amount")).toEqual([cheapNewer, cheap, dear]);
    expect(await ids("/api/admin/payments?sort=-amount")).toEqual([dear, cheapNewer, cheap]);
    expect(await ids("/api/admin/payments?sort=createdAt")).toEqual([cheap, dear, cheapNewer]);
  });
});

describe("GET /api/admin/payments as CSV", () => {
  it("answers every matching row, not one page, for Accept: text/csv or format=csv, with formulas defused", async () => {
    const evil = await person(app, { firstName: "=HYPERLINK(\"http://x\")", lastName: "Eve", email: "eve@example.com" });
    for (let i = 0; i < 12; i++) await insertPayment(app, maria, { createdAt: new Date(NOW.getTime() - i * HOUR) });
    await insertPayment(app, evil, { gateway: "xendit" });
    for (const response of [await get("/api/admin/payments?format=csv&limit=10"), await get("/api/admin/payments", { Accept: "text/csv" })]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toStartWith("text/csv");
      expect(response.headers.get("Content-Disposition")).toContain("attachment");
      const lines = (await response.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe("id,created_at,paid_at,status,flags,plan,amount,currency,method,gateway,gateway_order_id,gateway_transaction_id,member_name,member_email");
      expect(lines.length).toBe(14);
      expect(lines.find((line) => line.includes("eve@example.com"))).toContain(`"'=HYPERLINK(""http://x"") Eve"`);
    }
    const filtered = (await (await get("/api/admin/payments?format=csv&gateway=xendit")).text()).trimEnd().split("\r\n");
    expect(filtered.length).toBe(2);
  });

  it("quotes what RFC 4180 needs quoted", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("+62 812")).toBe("'+62 812");
    expect(csvField(49000)).toBe("49000");
    expect(csvField(null)).toBe("");
  });
});

describe("GET /api/admin/payments/{id} and POST …/seen", () => {
  it("answers the payment with its ids, flags, status history, notifications and member; 404 for an unknown one", async () => {
    const id = await insertPayment(app, maria, { gateway: "midtrans" });
    const detail = await (await get(`/api/admin/payments/${id}`)).json();
    expect(detail).toMatchObject({
      id,
      gatewayOrderId: `order-${id}`,
      gatewayTransactionId: null,
      flags: [],
      statusHistory: [],
      notifications: [],
      refund: null,
      member: { id: maria.id, firstName: "Maria", lastName: "Santoso", email: "maria@example.com" },
      status: "paid",
    });
    const unknown = await get("/api/admin/payments/nosuchpayment");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Payment not found" });
  });

  it("marks flags seen once: off the Overview's count, one log row, a second press changes nothing", async () => {
    const id = await insertPayment(app, maria);
    await app.deps.db.update(payments).set({ flagLate: true, flagNeedsAttention: true }).where(eq(payments.id, id));
    const stats = async () => (await (await get("/api/admin/stats")).json()).flaggedPayments;
    expect(await stats()).toBe(1);
    const seen = await app.request("POST", `/api/admin/payments/${id}/seen`, { cookie: admin.cookie });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ flags: ["late", "needs_attention"], flagsSeenAt: NOW.toISOString() });
    expect(await stats()).toBe(0);
    expect((await app.request("POST", `/api/admin/payments/${id}/seen`, { cookie: admin.cookie })).status).toBe(200);
    expect(await app.deps.db.select({ action: adminActions.action, reason: adminActions.reason }).from(adminActions)).toEqual([{ action: "payment_seen", reason: `payment ${id}` }]);
    expect((await app.request("POST", "/api/admin/payments/nosuchpayment/seen", { cookie: admin.cookie })).status).toBe(404);
    expect((await app.request("POST", `/api/admin/payments/${id}/seen`, { cookie: maria.cookie })).status).toBe(403);
  });
});

describe("GET /api/admin/stats: revenue by Jakarta month", () => {
  it("counts money received this month and last (refunded since or not) and money refunded this month", async () => {
    // 1 November 00:30 WIB is still October 31 in UTC: it counts for November.
    await insertPayment(app, maria, { amount: 49_000, paidAt: new Date("2026-10-31T17:30:00Z"), createdAt: new Date("2026-10-31T17:00:00Z") });
    await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus", paidAt: new Date(NOW.getTime() - DAY) });
    const refunded = await insertPayment(app, budi, { amount: 49_000, paidAt: new Date("2026-10-10T03:00:00Z"), createdAt: new Date("2026-10-10T03:00:00Z") });
    await app.deps.db.update(payments).set({ status: "refunded", refundedAt: new Date(NOW.getTime() - HOUR) }).where(eq(payments.id, refunded));
    // 31 October 23:30 WIB: last month.
    await insertPayment(app, budi, { amount: 99_000, plan: "premium_plus", paidAt: new Date("2026-10-31T16:30:00Z"), createdAt: new Date("2026-10-31T16:00:00Z") });
    await insertPayment(app, budi, { amount: 99_000, status: "failed", paidAt: null });
    const body = await (await get("/api/admin/stats")).json();
    expect(body.revenue).toEqual({ thisMonth: 148_000, lastMonth: 148_000, refundedThisMonth: 49_000 });
  });
});

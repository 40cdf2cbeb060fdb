import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person } from "../users/admin-test-support";
import { insertPayment } from "./payments-admin.test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const HOUR = 60 * 60_000;

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso", email: "maria@example.com" });
});
afterEach(() => app.close());

const get = (path: string, init: { htmx?: boolean; lang?: "id" } = {}) =>
  app.request("GET", path, { cookie: init.lang === "id" ? `${admin.cookie}; app-language=id` : admin.cookie, headers: init.htmx ? HX : undefined });

describe("GET /api/admin/payments", () => {
  it("lists payments newest first with the member, plan, amount, method, gateway, status and times", async () => {
    const paid = await insertPayment(app, maria, { plan: "premium_plus", amount: 99_000, method: "bank", gateway: "xendit", createdAt: new Date(NOW.getTime() - 2 * HOUR), paidAt: new Date(NOW.getTime() - HOUR) });
    const pending = await insertPayment(app, maria, { status: "pending", method: "qris", gateway: "midtrans" });
    const response = await get("/api/admin/payments");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(body.payments.map((payment: { id: string }) => payment.id)).toEqual([pending, paid]);
    expect(body.payments[1]).toEqual({
      id: paid,
      member: { id: maria.id, firstName: "Maria", lastName: "Santoso", email: "maria@example.com" },
      plan: "premium_plus",
      amount: 99_000,
      currency: "IDR",
      method: "bank",
      gateway: "xendit",
      status: "paid",
      createdAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
      paidAt: new Date(NOW.getTime() - HOUR).toISOString(),
      flags: [],
      flagsSeenAt: null,
      gatewayOrderId: `order-${paid}`,
    });
    expect(body.payments[0].paidAt).toBeNull();
  });

  it("totals the paid revenue whatever the filter", async () => {
    await insertPayment(app, maria, { amount: 49_000 });
    await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus" });
    await insertPayment(app, maria, { amount: 99_000, status: "failed" });
    await insertPayment(app, maria, { amount: 49_000, status: "expired" });
    for (const query of ["", "?status=failed", "?status=pending"]) {
      const body = await (await get(`/api/admin/payments${query}`)).json();
      expect(body.totals).toEqual({ paidAmount: 148_000, paidCount: 2 });
    }
  });

  it("filters by status", async () => {
    await insertPayment(app, maria);
    await insertPayment(app, maria, { status: "cancelled" });
    await insertPayment(app, maria, { status: "pending" });
    const statuses = async (query: string) => ((await (await get(`/api/admin/payments${query}`)).json()).payments as { status: string }[]).map((payment) => payment.status).sort();
    expect(await statuses("?status=all")).toEqual(["cancelled", "paid", "pending"]);
    expect(await statuses("?status=paid")).toEqual(["paid"]);
    expect(await statuses("?status=cancelled")).toEqual(["cancelled"]);
    expect(await statuses("?status=expired")).toEqual([]);
  });

  it("pages by limit", async () => {
    for (let i = 0; i < 3; i++) await insertPayment(app, maria, { createdAt: new Date(NOW.getTime() - i * HOUR) });
    const body = await (await get("/api/admin/payments?page=2&limit=2")).json();
    expect(body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(body.payments).toHaveLength(1);
  });

  it("refuses a bad page, limit or status with 400", async () => {
    for (const query of ["page=-1", "limit=101"]) {
      const response = await get(`/api/admin/payments?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid page or limit" });
    }
    const bogus = await get("/api/admin/payments?status=bogus");
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: "Invalid status" });
  });

  it("is refused to members", async () => {
    expect((await app.request("GET", "/api/admin/payments", { cookie: maria.cookie })).status).toBe(403);
  });
});

describe("GET /admin/payments", () => {
  it("shows the paid total in rupiah and a row per payment", async () => {
    const id = await insertPayment(app, maria, { plan: "premium_plus", amount: 99_000, method: "credit", gateway: "doku" });
    await insertPayment(app, maria, { amount: 49_000, status: "pending" });
    const response = await get("/admin/payments");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Payments · Kasih Admin</title>");
    expect(html).toMatch(/data-testid="paid-amount">Rp99,000</);
    expect(html).toContain(`data-payment-id="${id}"`);
    expect(html).toContain(">Premium Plus</td>");
    expect(html).toContain("Credit card");
    expect(html).toContain(">DOKU</span>");
    // The member's name opens their own page in the panel (docs/decisions/0128).
    expect(html).toMatch(/href="\/admin\/users\/[a-z0-9]+">Maria Santoso<\/a>/);
  });

  it("shows a real empty state before any payment", async () => {
    const html = await (await get("/admin/payments")).text();
    expect(html).toContain("No payments yet");
    expect(html).toMatch(/data-testid="paid-amount">Rp0</);
  });

  it("formats rupiah the Indonesian way for an Indonesian admin", async () => {
    await insertPayment(app, maria, { amount: 49_000 });
    const html = await (await get("/admin/payments", { lang: "id" })).text();
    expect(html).toMatch(/data-testid="paid-amount">Rp\u00a049\.000</);
    expect(html).toContain("Dibayar");
  });

  it("answers only the list region when htmx asks, its links keeping the chosen status", async () => {
    await insertPayment(app, maria, { status: "failed" });
    const response = await get("/admin/payments?status=failed", { htmx: true });
    const html = await response.text();
    expect(html.startsWith('<section id="payments-list"')).toBe(true);
    expect(html).toContain('href="/admin/payments?status=failed&amp;sort=amount"');
    expect(html).not.toContain("paid-amount");
  });

  it("refuses a bad filter with 400", async () => {
    const full = await get("/admin/payments?status=bogus");
    expect(full.status).toBe(400);
    expect(await full.text()).toContain("Invalid status");
    const fragment = await get("/admin/payments?page=-1", { htmx: true });
    expect(fragment.status).toBe(400);
    expect(await fragment.json()).toEqual({ message: "Invalid page or limit" });
  });
});

import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { insertReport } from "../moderation/moderation.test-support";
import { insertPayment } from "../payments/payments-admin.test-support";
import { adminOf, HX, person } from "../users/admin-test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
});
afterEach(() => app.close());

async function overview(init: { lang?: "en" | "id"; headers?: Record<string, string> } = {}) {
  const cookie = init.lang === "id" ? `${admin.cookie}; app-language=id` : admin.cookie;
  const response = await app.request("GET", "/admin", { cookie, headers: init.headers });
  return { status: response.status, html: await response.text() };
}

/** The text of an element with `data-stat="name"`'s value (the counts card). */
function statValue(html: string, name: string): string | undefined {
  return html.match(new RegExp(`data-stat="${name}"><dt[^>]*>[^<]*</dt><dd class="admin-stat-value">([^<]*)</dd>`))?.[1];
}

describe("GET /admin (Overview)", () => {
  it("sends members to their profile and visitors to sign in", async () => {
    const member = await person(app);
    const asMember = await app.request("GET", "/admin", { cookie: member.cookie });
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/profile");
    const signedOut = await app.request("GET", "/admin");
    expect(signedOut.headers.get("Location")).toBe("/auth");
  });

  it("shows the member counts and a View All Users button to the Users tab", async () => {
    await person(app, { plan: "premium" });
    await person(app, { profile: false });
    const { status, html } = await overview();
    expect(status).toBe(200);
    expect(html).toContain("<title>Overview · Kasih Admin</title>");
    expect(statValue(html, "totalUsers")).toBe("3");
    expect(statValue(html, "activeUsers")).toBe("2");
    expect(statValue(html, "premiumUsers")).toBe("1");
    expect(html).toMatch(/<a class="button button-primary button-small" href="\/admin\/users">View All Users<\/a>/);
  });

  it("draws the sign-ups chart with its summary, and an empty state for revenue without payments", async () => {
    await person(app, { createdAt: new Date(NOW.getTime() - 8 * DAY) });
    await person(app, { createdAt: new Date(NOW.getTime() - 8 * DAY) });
    const { html } = await overview();
    expect(html).toContain('id="chart-signups"');
    expect(html).toContain("3 sign-ups in 30 days, most on 14 Nov (2)");
    expect(html).toContain("No payments in the last 30 days");
    expect(html).not.toContain('id="chart-revenue-title"');
  });

  it("draws revenue in rupiah once payments are paid", async () => {
    const member = await person(app);
    await insertPayment(app, member, { amount: 99_000, plan: "premium_plus" });
    await insertPayment(app, member, { amount: 49_000, paidAt: new Date(NOW.getTime() - DAY) });
    const { html } = await overview();
    expect(html).toContain("Rp148,000 paid in 30 days, most on 22 Nov (Rp99,000)");
    expect(html).toMatch(/id="chart-revenue"[\s\S]*data-testid="chart-max">Rp99,000</);
  });

  it("links to Moderation with the number of pending reports, Payments and Temp users", async () => {
    const a = await person(app);
    const b = await person(app);
    await insertReport(app, a, b);
    await insertReport(app, b, a);
    await insertReport(app, a, b, { status: "resolved" });
    const { html } = await overview();
    expect(html).toContain('href="/admin/moderation?status=pending"');
    expect(html).toContain("2 reports are waiting for a decision.");
    expect(html).toContain('href="/admin/payments"');
    expect(html).toContain('href="/admin/temp-users"');
  });

  it("includes the feature switches, which post to the settings call", async () => {
    const { html } = await overview();
    expect(html).toContain('id="admin-toggles"');
    expect(html).toContain('hx-post="/api/admin/settings/payment_qris"');
    expect(html).toContain('hx-post="/api/admin/settings/google_auth"');
  });

  it("lists the premium plans with their prices in the admin's language", async () => {
    const en = (await overview()).html;
    expect(en).toMatch(/Premium Monthly<\/h3><p class="admin-plan-price"><strong>Rp49,000<\/strong>/);
    expect(en).toMatch(/Premium Plus<\/h3><p class="admin-plan-price"><strong>Rp99,000<\/strong>/);
    expect(en).toContain("See who liked you");
    expect(en).toContain("Priority support");
    const id = (await overview({ lang: "id" })).html;
    expect(id).toContain("<strong>Rp\u00a049.000</strong>");
    expect(id).toContain("Lihat Semua Pengguna");
  });

  it("answers the whole page even when htmx asks (it has no list region of its own)", async () => {
    const { status, html } = await overview({ headers: HX });
    expect(status).toBe(200);
    expect(html.startsWith("<!doctype html>")).toBe(true);
  });
});

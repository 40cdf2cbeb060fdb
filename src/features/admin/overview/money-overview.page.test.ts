import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { insertPayment } from "../payments/payments-admin.test-support";
import { adminOf, person } from "../users/admin-test-support";

// 10:00 on 22 November in Jakarta.
const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso" });
});
afterEach(() => app.close());

const overview = async (lang?: "id") => (await app.request("GET", "/admin", { cookie: lang ? `${admin.cookie}; app-language=id` : admin.cookie })).text();
const stat = (html: string, key: string) => html.match(new RegExp(`data-revenue="${key}"><dt[^>]*>[^<]*</dt><dd[^>]*>([^<]*)</dd>`))?.[1];

describe("The Overview's money", () => {
  it("shows this month's and last month's revenue and this month's refunds, by Jakarta months", async () => {
    await insertPayment(app, maria, { amount: 49_000, createdAt: new Date("2026-11-05T03:00:00Z") });
    // 23:30 on 31 October in Jakarta is 16:30 UTC: October's, not November's.
    await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus", createdAt: new Date("2026-10-31T16:30:00Z") });
    // 00:30 on 1 November in Jakarta is 17:30 UTC on 31 October: November's.
    const refunded = await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus", createdAt: new Date("2026-10-31T17:30:00Z") });
    await app.deps.db.update(payments).set({ status: "refunded", refundedAt: new Date("2026-11-20T03:00:00Z") }).where(eq(payments.id, refunded));
    const html = await overview();
    expect(stat(html, "thisMonth")).toBe("Rp148,000");
    expect(stat(html, "lastMonth")).toBe("Rp99,000");
    expect(stat(html, "refundedThisMonth")).toBe("Rp99,000");
    expect(stat(html, "net")).toBe("Rp49,000");
    expect(stat(await overview("id"), "thisMonth")).toBe("Rp\u00a0148.000");
  });

  it("lists flagged payments, each linking to its page, until they are marked seen", async () => {
    const late = await insertPayment(app, maria, { amount: 49_000 });
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, late));
    const html = await overview();
    expect(html).toContain(`href="/admin/payments/${late}"`);
    expect(html).toContain("Paid late");
    expect(html).toContain("1 flagged");
    await app.deps.db.update(payments).set({ flagsSeenAt: NOW }).where(eq(payments.id, late));
    const after = await overview();
    expect(after).not.toContain(`href="/admin/payments/${late}"`);
    expect(after).toContain("Nothing to look at");
  });
});

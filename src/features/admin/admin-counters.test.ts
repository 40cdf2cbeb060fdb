import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { fakeClock } from "../../platform/clock";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { insertReport } from "./moderation/moderation.test-support";
import { insertPayment } from "./payments/payments-admin.test-support";
import { adminOf, HX, moderatorOf, person, triggerOf } from "./users/admin-test-support";

const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;
let budi: Awaited<ReturnType<typeof person>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", email: "maria@example.com" });
  budi = await person(app, { firstName: "Budi", email: "budi@example.com" });
});
afterEach(() => app.close());

const get = (path: string, cookie = admin.cookie) => app.request("GET", path, { cookie, headers: HX });

/** Each counter of the counters' answer: its id, whether it swaps out of band, and its number. */
function countersIn(html: string): Record<string, { oob: boolean; count: number }> {
  const found: Record<string, { oob: boolean; count: number }> = {};
  for (const match of html.matchAll(/<span id="admin-count-([a-z]+)"([^>]*)>/g)) {
    const attributes = match[2] ?? "";
    found[match[1]!] = { oob: /hx-swap-oob="true"/.test(attributes), count: Number(/data-count="(\d+)"/.exec(attributes)?.[1] ?? NaN) };
  }
  return found;
}

describe("the panel's counters", () => {
  it("are in the shell, empty, with a listener that asks on load and after every change", async () => {
    const html = await (await app.request("GET", "/admin/users", { cookie: admin.cookie })).text();
    expect(html).toContain('<span id="admin-count-moderation" class="admin-nav-count" data-count=""></span>');
    expect(html).toContain('<span id="admin-count-payments" class="admin-nav-count" data-count=""></span>');
    expect(html).toMatch(/<span hidden="" id="admin-counters" hx-get="\/admin\/counters" hx-trigger="load, kasih:refresh-counters from:body" hx-swap="none"><\/span>/);
  });

  it("answer every count as an out-of-band swap, and a decision made through htmx makes the shell ask again", async () => {
    const report = await insertReport(app, maria, budi);
    await insertReport(app, budi, maria);
    const flagged = await insertPayment(app, maria);
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, flagged));

    const before = await get("/admin/counters");
    expect(before.status).toBe(200);
    expect(countersIn(await before.text())).toEqual({
      moderation: { oob: true, count: 2 },
      payments: { oob: true, count: 1 },
      reports: { oob: true, count: 2 },
      verifications: { oob: true, count: 0 },
    });

    const decided = await app.request("PATCH", `/api/admin/reports/${report}`, { cookie: admin.cookie, headers: HX, body: { status: "resolved" } });
    expect(decided.status).toBe(200);
    expect(triggerOf(decided)).toMatchObject({ "kasih:refresh-counters": true, "kasih:refresh-reports": true });
    const seen = await app.request("POST", `/api/admin/payments/${flagged}/seen`, { cookie: admin.cookie, headers: HX });
    expect(seen.status).toBe(200);
    expect(triggerOf(seen)).toMatchObject({ "kasih:refresh-counters": true });

    expect(countersIn(await (await get("/admin/counters")).text())).toEqual({
      moderation: { oob: true, count: 1 },
      payments: { oob: true, count: 0 },
      reports: { oob: true, count: 1 },
      verifications: { oob: true, count: 0 },
    });
  });

  it("says what a number means to a screen reader, in the admin's language", async () => {
    await insertReport(app, maria, budi);
    const english = await (await get("/admin/counters")).text();
    expect(english).toContain("1 waiting for a decision");
    const indonesian = await (await app.request("GET", "/admin/counters", { cookie: `${admin.cookie}; app-language=id`, headers: HX })).text();
    expect(indonesian).toContain("1 menunggu keputusan");
  });

  it("leave the payments out for a moderator, and a member is refused", async () => {
    const moderator = await moderatorOf(app);
    const html = await (await get("/admin/counters", moderator.cookie)).text();
    expect(Object.keys(countersIn(html)).sort()).toEqual(["moderation", "reports", "verifications"]);
    const member = await get("/admin/counters", maria.cookie);
    expect(member.status).toBe(302);
  });

  it("a change made without htmx carries no HX-Trigger", async () => {
    const report = await insertReport(app, maria, budi);
    const plain = await app.request("PATCH", `/api/admin/reports/${report}`, { cookie: admin.cookie, body: { status: "dismissed" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("HX-Trigger")).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person } from "./admin-test-support";

const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
});
afterEach(() => app.close());

const get = (path: string, htmx = true) => app.request("GET", path, { cookie: admin.cookie, headers: htmx ? HX : undefined });

describe("Plans by hand from the Users list", () => {
  it("gives every row a Plan button that loads the member's plan dialog", async () => {
    const maria = await person(app, { firstName: "Maria", lastName: "Santoso" });
    const html = await (await get("/admin/users", false)).text();
    expect(html).toContain(`hx-get="/admin/users/${maria.id}/plan"`);
    // The admin's own row too: a plan by hand changes nothing else.
    expect(html).toContain(`hx-get="/admin/users/${admin.id}/plan"`);
  });

  it("posts plan, until and reason to the JSON call; until starts at the running plan's end (Jakarta day) and is switched off for free", async () => {
    const maria = await person(app, { firstName: "Maria", lastName: "Santoso", plan: "premium_plus", planExpiresAt: new Date("2026-12-10T20:00:00Z") });
    const html = await (await get(`/admin/users/${maria.id}/plan`)).text();
    expect(html).toContain('<dialog id="plan-');
    expect(html).toContain("Maria Santoso&#x27;s plan");
    expect(html).toContain(`hx-post="/api/admin/users/${maria.id}/plan"`);
    expect(html).toMatch(/<option value="premium_plus" selected="">/);
    // 20:00 UTC on 10 December is 03:00 on the 11th in Jakarta.
    expect(html).toMatch(/type="date" required="" min="2026-11-22"[^>]*name="until" value="2026-12-11"/);
    expect(html).toContain('data-off-when="free"');
    expect(html).toMatch(/data-requires="#plan-[^"]+-reason" disabled=""/);
  });

  it("starts a free member at Premium for 30 days from today", async () => {
    const budi = await person(app, { firstName: "Budi" });
    const html = await (await get(`/admin/users/${budi.id}/plan`)).text();
    expect(html).toMatch(/<option value="premium" selected="">/);
    expect(html).toContain('value="2026-12-22"');
  });

  it("answers 404 for an unknown member, and a plain visit goes back to the list", async () => {
    expect((await get("/admin/users/nosuchmember/plan")).status).toBe(404);
    const plain = await get("/admin/users/nosuchmember/plan", false);
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/admin/users");
  });
});

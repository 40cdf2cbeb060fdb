import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person } from "../users/admin-test-support";

const day = 24 * 60 * 60_000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
});
afterEach(() => t.close());

const page = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { cookie: admin.cookie, headers });
const ago = (days: number) => new Date(t.clock.now().getTime() - days * day);

describe("GET /admin/temp-users", () => {
  it("explains what temp users are and lists them with how long they have waited", async () => {
    const temp = await person(t, { firstName: "Setengah", lastName: "Jalan", profile: false, createdAt: ago(12) });
    await person(t, { firstName: "Baru", profile: false, createdAt: ago(2) });
    const response = await page("/admin/temp-users");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Accounts older than 7 days that never saved a profile");
    expect(html).toContain("Setengah Jalan");
    expect(html).toContain("12 days");
    expect(html).not.toContain(">Baru<");
    expect(html).toContain(`hx-get="/admin/temp-users/${temp.id}/remove"`);
    expect(html).toContain('data-error-title="Failed to remove temp user"');
  });

  it("answers the region alone to htmx, and an empty state when there are none", async () => {
    const html = await (await page("/admin/temp-users", HX)).text();
    expect(html).toStartWith('<section id="temp-users-region"');
    expect(html).toContain("No temp users");
    expect(html).not.toContain("<table");
  });

  it("answers 400 for a bad page", async () => {
    const response = await page("/admin/temp-users?page=0");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid page or limit");
  });
});

describe("GET /admin/temp-users/{id}/remove", () => {
  it("renders a confirmation naming the account", async () => {
    const temp = await person(t, { firstName: "Setengah", lastName: "Jalan", email: "half@mail.test", profile: false, createdAt: ago(12) });
    const html = await (await page(`/admin/temp-users/${temp.id}/remove`, HX)).text();
    expect(html).toStartWith("<dialog");
    expect(html).toContain("Remove Setengah Jalan?");
    expect(html).toContain("half@mail.test");
    expect(html).toContain(`hx-delete="/api/admin/temp-users/${temp.id}"`);
  });

  it("refuses an account that is not a temp user", async () => {
    const active = await person(t, { createdAt: ago(12) });
    const response = await page(`/admin/temp-users/${active.id}/remove`, HX);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Temp user not found" });
  });
});

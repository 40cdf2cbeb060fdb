import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person } from "./admin-test-support";

const SUPER = "boss@kasih.test";

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER } });
  admin = await adminOf(t);
});
afterEach(() => t.close());

const page = (path: string, headers: Record<string, string> = {}, cookie = admin.cookie) => t.request("GET", path, { cookie, headers });
/** The <tr> of the users table that names `email` (the table is server HTML). */
const rowOf = (html: string, email: string) => html.split("<tr").find((row) => row.includes(email)) ?? "";

describe("GET /admin/users", () => {
  it("is the whole panel page with the search form, the filter chips and the table", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", photoVerified: true });
    const response = await page("/admin/users");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toStartWith("<!doctype html>");
    const form = html.slice(html.indexOf("<form"), html.indexOf(">", html.indexOf("<form")) + 1);
    // A plain GET form (works without JavaScript) that htmx submits as you type, into the list region.
    for (const attribute of ['action="/admin/users"', 'method="get"', 'hx-get="/admin/users"', 'hx-trigger="input changed delay:300ms, submit"', 'hx-target="#users-region"', 'hx-swap="outerHTML"', 'hx-push-url="true"']) {
      expect(form).toContain(attribute);
    }
    expect(html).toMatch(/<input id="users-search" type="search"[^>]* name="search"/);
    for (const filter of ["all", "verified", "banned", "premium"]) expect(html).toMatch(new RegExp(`type="radio" name="filter"[^>]*value="${filter}"`));
    expect(html).toMatch(/name="filter" checked="" value="all"/);
    expect(html).toContain('id="users-region"');
    expect(rowOf(html, maria.email)).toContain("Maria Wijaya");
    expect(rowOf(html, maria.email)).toContain("Verified");
    expect(html).toContain('id="admin-dialog-slot"');
  });

  it("answers only the list region to htmx, searched and filtered like the JSON call", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono" });
    await t.deps.db.update(users).set({ isBanned: true, banReason: "Spam links" }).where(eq(users.id, budi.id));
    const response = await page("/admin/users?search=hartono&filter=banned", HX);
    const html = await response.text();
    expect(html).not.toContain("<html");
    expect(html).toStartWith('<section id="users-region"');
    expect(html).toContain('hx-get="/admin/users?search=hartono&amp;filter=banned"');
    expect(html).toContain(budi.email);
    expect(html).not.toContain(maria.email);
    expect(rowOf(html, budi.email)).toContain("Reason: Spam links");
    expect(rowOf(html, budi.email)).toContain(`hx-post="/api/admin/users/${budi.id}/unban"`);
    expect(rowOf(html, budi.email)).toContain('data-error-title="Failed to unban user"');
    const api = await (await page("/api/admin/users?search=hartono&filter=banned")).json();
    expect(api.users.map((user: { email: string }) => user.email)).toEqual([budi.email]);
  });

  it("offers ban and delete on members, but not on yourself or the super admin", async () => {
    const member = await person(t);
    const boss = await person(t, { email: SUPER, isAdmin: true });
    const html = await (await page("/admin/users")).text();
    expect(rowOf(html, member.email)).toContain(`hx-get="/admin/users/${member.id}/ban"`);
    expect(rowOf(html, member.email)).toContain(`hx-get="/admin/users/${member.id}/delete"`);
    for (const [email, note] of [
      [admin.email, "This is you"],
      [boss.email, "Super admin"],
    ]) {
      expect(rowOf(html, email!)).not.toContain("/ban");
      expect(rowOf(html, email!)).not.toContain("/delete");
      expect(rowOf(html, email!)).toContain(note!);
    }
  });

  it("shows the badges of spec point 4: Verified, else Premium, else Regular; and Admin, Premium, Free", async () => {
    const premium = await person(t, { plan: "premium" });
    const regular = await person(t);
    const html = await (await page("/admin/users")).text();
    expect(rowOf(html, premium.email)).toMatch(/admin-badge-premium">Premium<.*admin-badge-premium">Premium</);
    expect(rowOf(html, regular.email)).toMatch(/>Regular<.*>Free</);
    expect(rowOf(html, admin.email)).toContain(">Admin<");
  });

  it("says when nothing matches, with a way back to everyone", async () => {
    const html = await (await page("/admin/users?search=nobody-at-all", HX)).text();
    expect(html).toContain("No users match this search");
    expect(html).toContain('href="/admin/users"');
    expect(html).not.toContain("<table");
  });

  it("answers 400 for a bad page: the panel page with the reason, or JSON to htmx", async () => {
    const response = await page("/admin/users?page=-1");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This list has no such page or filter");
    expect(html).toContain("Invalid page or limit");
    const fragment = await page("/admin/users?filter=nope", HX);
    expect(fragment.status).toBe(400);
    expect(await fragment.json()).toEqual({ message: "Invalid filter" });
  });

  it("speaks Indonesian when the admin chose it", async () => {
    await person(t);
    const html = await (await page("/admin/users", {}, `${admin.cookie}; app-language=id`)).text();
    expect(html).toContain("Cari berdasarkan nama atau email");
    expect(html).toContain(">Tangguhkan");
  });

  it("sends a member to /profile and a visitor to /auth", async () => {
    const member = await person(t);
    const asMember = await page("/admin/users", {}, member.cookie);
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/profile");
    const anonymous = await t.request("GET", "/admin/users");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/auth");
  });
});

describe("GET /admin/users/{id}/ban and /delete (dialogs)", () => {
  it("renders the ban dialog: a required reason of at most 500 characters and a confirm that waits for it", async () => {
    const member = await person(t, { firstName: "Yudi", lastName: "Hartono" });
    const response = await page(`/admin/users/${member.id}/ban`, HX);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toStartWith("<dialog");
    expect(html).toContain("data-autoshow");
    expect(html).toContain("Ban Yudi Hartono?");
    expect(html).toContain(`hx-post="/api/admin/users/${member.id}/ban"`);
    expect(html).toContain('hx-swap="none"');
    expect(html).toContain('data-error-title="Failed to ban user"');
    expect(html).toContain(`<textarea id="ban-reason-${member.id}" name="reason" maxLength="500" required=""`);
    expect(html).toMatch(new RegExp(`data-requires="#ban-reason-${member.id}" disabled=""`));
  });

  it("renders the delete dialog naming the member and saying it is permanent", async () => {
    const member = await person(t, { firstName: "Yudi", lastName: "Hartono" });
    const html = await (await page(`/admin/users/${member.id}/delete`, HX)).text();
    expect(html).toContain("Delete Yudi Hartono?");
    expect(html).toContain("permanently");
    expect(html).toContain(`hx-delete="/api/admin/users/${member.id}"`);
    expect(html).toContain('data-error-title="Failed to delete user"');
  });

  it("refuses unknown and protected accounts with the JSON message the panel toasts", async () => {
    const unknown = await page("/admin/users/nosuchuser/ban", HX);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "User not found" });
    const self = await page(`/admin/users/${admin.id}/delete`, HX);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: "You cannot delete your own account" });
  });

  it("sends a browser that opens the dialog's address back to the list", async () => {
    const member = await person(t);
    const response = await page(`/admin/users/${member.id}/ban`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/users");
  });
});

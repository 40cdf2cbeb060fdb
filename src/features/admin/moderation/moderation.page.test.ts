import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { photos } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { adminOf, HX, person } from "../users/admin-test-support";
import { insertMessage, insertReport } from "./moderation.test-support";

const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;
let budi: Awaited<ReturnType<typeof person>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso", email: "maria@example.com" });
  budi = await person(app, { firstName: "Budi", lastName: "Hartono", email: "budi@example.com" });
});
afterEach(() => app.close());

async function page(path: string, init: { htmx?: boolean; lang?: "id" } = {}) {
  const cookie = init.lang === "id" ? `${admin.cookie}; app-language=id` : admin.cookie;
  const response = await app.request("GET", path, { cookie, headers: init.htmx ? HX : undefined });
  return { status: response.status, html: await response.text(), type: response.headers.get("Content-Type") ?? "" };
}

describe("GET /admin/moderation (User Reports)", () => {
  it("shows each report with translated reason, both people linked to their own pages, and the pending actions", async () => {
    const id = await insertReport(app, maria, budi, { reason: "harassment", description: "Kept messaging me" });
    const { status, html } = await page("/admin/moderation");
    expect(status).toBe(200);
    expect(html).toContain("<title>Moderation · Kasih Admin</title>");
    expect(html).toContain('aria-current="page">User Reports');
    expect(html).toContain(">Harassment</h3>");
    // Each person links to their own page (docs/decisions/0128).
    expect(html).toContain(`href="/admin/users/${budi.id}">Budi Hartono</a>`);
    expect(html).toContain(`href="/admin/users/${maria.id}">Maria Santoso</a>`);
    expect(html).toContain("Kept messaging me");
    expect(html).toContain(`hx-patch="/api/admin/reports/${id}"`);
    expect(html).toContain('hx-vals="{&quot;status&quot;:&quot;resolved&quot;}"');
    expect(html).toContain('data-error-title="Failed to update report status"');
    expect(html).toContain(`hx-get="/admin/moderation/reports/${id}"`);
  });

  it("puts pending 'Under 18' and 'Scam / asking for money' reports first and marks repeat targets with their count", async () => {
    const older = new Date(NOW.getTime() - 60 * 60_000);
    const harassment = await insertReport(app, maria, budi, { reason: "harassment" });
    const scam = await insertReport(app, budi, maria, { reason: "scam", createdAt: older });
    const underage = await insertReport(app, budi, maria, { reason: "underage", createdAt: new Date(older.getTime() - 1) });
    const { html } = await page("/admin/moderation?status=pending");
    const order = [...html.matchAll(/data-report-id="([a-z2-7]+)"/g)].map((found) => found[1]);
    expect(order).toEqual([scam, underage, harassment]);
    expect(html).toMatch(new RegExp(`data-report-id="${scam}"[^>]*data-urgent=""`));
    expect(html).toContain(">Urgent</span>");
    // Maria is the target of two reports: both of hers say so; Budi's one report does not.
    expect(html.match(/2 reports against this member/g)).toHaveLength(2);
    expect(html).not.toContain("1 report against this member");
  });

  it("offers no actions on a report that was already decided", async () => {
    const id = await insertReport(app, maria, budi, { status: "dismissed" });
    const { html } = await page("/admin/moderation");
    expect(html).toContain(">Dismissed</span>");
    expect(html).not.toContain(`hx-patch="/api/admin/reports/${id}"`);
  });

  it("shows the status filter chips as links, the chosen one marked", async () => {
    await insertReport(app, maria, budi);
    const { html } = await page("/admin/moderation?status=resolved");
    for (const [status, label] of [["", "All"], ["?status=pending", "Pending"], ["?status=reviewed", "Reviewed"], ["?status=resolved", "Resolved"], ["?status=dismissed", "Dismissed"]]) {
      expect(html).toContain(`href="/admin/moderation${status}"`);
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toMatch(/href="\/admin\/moderation\?status=resolved"[^>]*aria-current="true"/);
    expect(html).toContain("No resolved reports");
  });

  it("keeps free-text reasons of older reports as written", async () => {
    await insertReport(app, maria, budi, { reason: "Inappropriate messages" });
    expect((await page("/admin/moderation")).html).toContain(">Inappropriate messages</h3>");
  });

  it("answers only the list region when htmx asks", async () => {
    await insertReport(app, maria, budi);
    const { status, html } = await page("/admin/moderation?status=pending", { htmx: true });
    expect(status).toBe(200);
    expect(html.startsWith('<section id="reports-list"')).toBe(true);
    expect(html).toContain('hx-trigger="kasih:refresh-reports from:body"');
    expect(html).toContain('hx-get="/admin/moderation?status=pending"');
    expect(html).not.toContain("<html");
  });

  it("is in Indonesian for an Indonesian admin", async () => {
    await insertReport(app, maria, budi, { reason: "scam" });
    const { html } = await page("/admin/moderation", { lang: "id" });
    expect(html).toContain("Laporan Pengguna");
    expect(html).toContain("Selesaikan");
  });

  it("refuses a bad page, limit or status with 400: a page for a browser, the message for htmx", async () => {
    const full = await page("/admin/moderation?status=bogus");
    expect(full.status).toBe(400);
    expect(full.html).toContain("Invalid status");
    expect(full.html).toContain('href="/admin/moderation"');
    const fragment = await page("/admin/moderation?limit=101", { htmx: true });
    expect(fragment.status).toBe(400);
    expect(JSON.parse(fragment.html)).toEqual({ message: "Invalid page or limit" });
  });
});

describe("GET /admin/moderation?view=actions (Admin Actions)", () => {
  it("shows the admin log with translated action names", async () => {
    const id = await insertReport(app, maria, budi);
    await app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body: { status: "resolved" } });
    const { status, html } = await page("/admin/moderation?view=actions");
    expect(status).toBe(200);
    expect(html).toContain('aria-current="page">Admin Actions');
    expect(html).toContain('id="actions-list"');
    expect(html).toContain(">Report status</span>");
    expect(html).toContain(">Budi Hartono</a>");
    expect(html).toContain("Ada Admin");
    expect(html).toContain(">Resolved</span>");
  });

  it("translates a switch's new state and a placement's settings in the admin's language", async () => {
    await app.request("POST", "/api/admin/settings/payment_qris", { cookie: admin.cookie, body: { value: false } });
    await app.request("POST", "/api/admin/ad-placements", { cookie: admin.cookie, body: { name: "Deck", frequency: 4 } });
    const english = (await page("/admin/moderation?view=actions")).html;
    expect(english).toContain("Switched off");
    expect(english).toContain("Banner · Google AdMob · Every 4 swipes · Active");
    const indonesian = (await page("/admin/moderation?view=actions", { lang: "id" })).html;
    expect(indonesian).toContain(">QRIS</span>");
    expect(indonesian).toContain(">Dinonaktifkan</td>");
    expect(indonesian).toContain(">Banner · Google AdMob · Setiap 4 kali swipe · Aktif</td>");
  });

  it("shows an empty state before anything was done", async () => {
    expect((await page("/admin/moderation?view=actions")).html).toContain("No admin actions yet");
  });

  it("answers only the log region when htmx asks", async () => {
    const { html } = await page("/admin/moderation?view=actions", { htmx: true });
    expect(html.startsWith('<section id="actions-list"')).toBe(true);
    expect(html).toContain('hx-trigger="kasih:refresh-actions from:body"');
  });
});

describe("GET /admin/moderation/reports/{id}/messages", () => {
  it("answers htmx with a dialog of the conversation, both sides marked", async () => {
    const matchId = await matchUsers(app, maria, budi);
    await insertMessage(app, matchId, budi, "You ignored me", new Date(NOW.getTime() - 60_000));
    await insertMessage(app, matchId, maria, "Please stop", NOW);
    const filed = await app.request("POST", "/api/reports", { cookie: maria.cookie, body: { reportedUserId: budi.id, reason: "harassment" } });
    const { id } = await filed.json();
    const { status, html } = await page(`/admin/moderation/reports/${id}/messages`, { htmx: true });
    expect(status).toBe(200);
    expect(html.startsWith('<dialog id="report-evidence"')).toBe(true);
    expect(html).toContain("data-autoshow");
    expect(html).toContain("Report about Budi Hartono");
    expect(html).toMatch(/data-from="reported"[^]*You ignored me[^]*data-from="reporter"[^]*Please stop/);
    expect(html).toContain(`hx-patch="/api/admin/reports/${id}"`);
  });

  it("shows the reported member's photos and profile beside the kept messages, a link to the member's page, and one form for the status and the action", async () => {
    const matchId = await matchUsers(app, maria, budi);
    await insertMessage(app, matchId, budi, "Send me 2 juta", NOW);
    const filed = await app.request("POST", "/api/reports", { cookie: maria.cookie, body: { reportedUserId: budi.id, reason: "scam" } });
    const { id } = await filed.json();
    const [photo] = await app.deps.db.select().from(photos).where(eq(photos.userId, budi.id));
    const { html } = await page(`/admin/moderation/reports/${id}`, { htmx: true });
    // The profile comes before the messages, in one row on a wide screen.
    expect(html).toMatch(/class="admin-reported-profile"[^]*Budi Hartono[^]*class="admin-report-messages"[^]*Send me 2 juta/);
    expect(html).toContain(`<img src="/uploads/${photo!.fileName}" alt="Photo 1 of Budi Hartono"`);
    expect(html).toContain(`href="/admin/users/${budi.id}">Member page</a>`);
    expect(html).toContain("I love worship music");
    for (const action of ["dismiss", "warn", "hide", "suspend", "ban"]) expect(html).toContain(`name="action" value="${action}"`);
    expect(html).toMatch(/<select id="decision-days-[^"]+" name="days">[^]*value="7" selected=""/);
    expect(html).toContain('name="message"');
    expect(html).toContain('name="reason"');
    // In Indonesian for an Indonesian admin.
    const indonesian = (await page(`/admin/moderation/reports/${id}`, { htmx: true, lang: "id" })).html;
    expect(indonesian).toContain("Sembunyikan dari Discover");
    expect(indonesian).toContain("Halaman anggota");
  });

  it("explains an empty conversation: the two had no match when the report was filed", async () => {
    const id = await insertReport(app, maria, budi);
    const { html } = await page(`/admin/moderation/reports/${id}/messages`, { htmx: true });
    expect(html).toContain("No conversation to show");
    expect(html).toContain("had no match when the report was filed");
  });

  it("is a whole page without htmx, and 404 for an unknown report", async () => {
    const id = await insertReport(app, maria, budi);
    const full = await page(`/admin/moderation/reports/${id}/messages`);
    expect(full.html.startsWith("<!doctype html>")).toBe(true);
    expect(full.html).toContain('href="/admin/moderation">Back to reports</a>');
    expect((await page("/admin/moderation/reports/aaaaaaaaaaaaaaaaaaaaaaaaaa/messages", { htmx: true })).status).toBe(404);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminLogInsert, adminLogInsertIf } from "../admin-log";
import { adminOf, HX, person } from "../users/admin-test-support";
import { sql } from "drizzle-orm";

// 2026-11-22 10:00 in Jakarta (UTC+7).
const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let ada: Awaited<ReturnType<typeof adminOf>>;
let bima: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;

/** One log row by `admin` (null: the terminal) at a UTC instant. */
async function logged(admin: { id: string; firstName: string; lastName: string } | null, action: "ban" | "unban" | "setting" | "delete_match", targetName: string, at: string, targetUserId: string | null = null) {
  if (admin === null) {
    await adminLogInsertIf(app.deps.db, { actor: { id: null, name: "Operator" }, action, targetUserId, targetName, reason: null, at: new Date(at) }, sql`1`);
    return;
  }
  await adminLogInsert(app.deps.db, { admin, action, targetUserId, targetName, reason: null, at: new Date(at) });
}

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  ada = await adminOf(app, { email: "ada@example.com" });
  bima = await adminOf(app, { firstName: "Bima", lastName: "Admin", email: "bima@example.com" });
  maria = await person(app, { firstName: "Maria", lastName: "Santoso" });
  // Jakarta days: 16:59:59 UTC is 23:59:59 WIB of the same date; 17:00 UTC is midnight of the next.
  await logged(ada, "ban", "Maria Santoso", "2026-11-20T16:59:59Z", maria.id);
  await logged(ada, "unban", "Maria Santoso", "2026-11-20T17:00:00Z", maria.id);
  await logged(bima, "setting", "payment_qris", "2026-11-21T05:00:00Z");
  await logged(bima, "delete_match", "Budi Hartono & Sari Dewi", "2026-11-22T02:00:00Z");
  await logged(null, "setting", "google_auth", "2026-11-19T01:00:00Z");
});
afterEach(() => app.close());

const list = async (query: string) => {
  const response = await app.request("GET", `/api/admin/actions?${query}`, { cookie: ada.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { actions: { targetUser: string; action: string; createdAt: string }[]; total: number });
};
const targets = async (query: string) => (await list(query)).actions.map((action) => `${action.action}:${action.targetUser}`);

describe("GET /api/admin/actions: the admin log's filters", () => {
  it("filters by admin, and by the terminal", async () => {
    expect(await targets(`admin=${bima.id}`)).toEqual(["delete_match:Budi Hartono & Sari Dewi", "setting:payment_qris"]);
    expect(await targets(`admin=${ada.id}`)).toEqual(["unban:Maria Santoso", "ban:Maria Santoso"]);
    expect(await targets("admin=terminal")).toEqual(["setting:google_auth"]);
  });

  it("filters by action", async () => {
    expect(await targets("action=setting")).toEqual(["setting:payment_qris", "setting:google_auth"]);
    expect((await list("action=refund")).total).toBe(0);
  });

  it("filters by target: part of its name, any case, or the member's id", async () => {
    expect(await targets("target=sari")).toEqual(["delete_match:Budi Hartono & Sari Dewi"]);
    expect(await targets(`target=${maria.id}`)).toEqual(["unban:Maria Santoso", "ban:Maria Santoso"]);
    // % and _ are taken literally.
    expect((await list("target=%25")).total).toBe(0);
    expect(await targets("target=payment_")).toEqual(["setting:payment_qris"]);
  });

  it("filters by Jakarta days, both included", async () => {
    expect(await targets("from=2026-11-20&to=2026-11-20")).toEqual(["ban:Maria Santoso"]);
    expect(await targets("from=2026-11-21&to=2026-11-21")).toEqual(["setting:payment_qris", "unban:Maria Santoso"]);
    expect(await targets("from=2026-11-22")).toEqual(["delete_match:Budi Hartono & Sari Dewi"]);
    expect(await targets("to=2026-11-19")).toEqual(["setting:google_auth"]);
  });

  it("combines the filters", async () => {
    expect(await targets(`admin=${bima.id}&action=setting&from=2026-11-21&to=2026-11-21&target=qris`)).toEqual(["setting:payment_qris"]);
    expect((await list(`admin=${ada.id}&action=setting`)).total).toBe(0);
  });

  it("refuses a bad admin, action, date or range with 400", async () => {
    for (const query of ["admin=a%20b", "action=Ban!", "from=2026-02-30", "to=22-11-2026", "from=2026-11-22&to=2026-11-21", `target=${"x".repeat(101)}`]) {
      const response = await app.request("GET", `/api/admin/actions?${query}`, { cookie: ada.cookie });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });

  it("exports the filtered rows only", async () => {
    const csv = await (await app.request("GET", `/api/admin/actions?action=setting&format=csv`, { cookie: ada.cookie })).text();
    const lines = csv.split("\r\n").filter((line) => line !== "");
    expect(lines[0]).toBe("id,created_at,admin,admin_id,action,target,target_user_id,detail");
    expect(lines.slice(1).map((line) => line.split(",")[5])).toEqual(["payment_qris", "google_auth"]);
  });
});

describe("Moderation → Admin actions", () => {
  it("shows the filters, every time in WIB, and says the times are Jakarta time", async () => {
    const html = await (await app.request("GET", `/admin/moderation?view=actions&admin=${bima.id}`, { cookie: ada.cookie })).text();
    expect(html).toContain(`<option value="${bima.id}" selected="">Bima Admin</option>`);
    expect(html).toContain('<option value="terminal">At the terminal</option>');
    expect(html).toContain('name="target"');
    expect(html).toContain('id="actions-from" type="date"');
    expect(html).toContain(`href="/api/admin/actions?admin=${bima.id}&amp;format=csv"`);
    expect(html).toContain("Times are Jakarta time (WIB, UTC+7).");
    // 2026-11-22T02:00Z is 09:00 in Jakarta.
    expect(html).toMatch(/<time dateTime="2026-11-22T02:00:00.000Z">22 Nov 2026, 09:00 WIB<\/time>/);
    expect(html).not.toContain("payment_qris"); // the setting's name as Settings shows it, not its key
    const indonesian = await (await app.request("GET", "/admin/moderation?view=actions", { cookie: `${ada.cookie}; app-language=id` })).text();
    expect(indonesian).toContain("Waktu ditampilkan dalam WIB (UTC+7).");
    expect(indonesian).toContain("Semua admin");
  });

  it("answers htmx with the list region only, filtered, and a bad filter with 400", async () => {
    const fragment = await (await app.request("GET", "/admin/moderation?view=actions&action=delete_match", { cookie: ada.cookie, headers: HX })).text();
    expect(fragment.startsWith('<section id="actions-list"')).toBe(true);
    expect(fragment).toContain("Budi Hartono &amp; Sari Dewi");
    expect(fragment).not.toContain("Maria Santoso");
    expect((await app.request("GET", "/admin/moderation?view=actions&from=yesterday", { cookie: ada.cookie })).status).toBe(400);
  });
});

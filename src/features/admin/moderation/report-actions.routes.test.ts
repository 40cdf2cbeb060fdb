/**
 * PATCH /api/admin/reports/{id} with an action (ADMIN.md 'Reports that act', docs/decisions/0129):
 * the action and the status change in one transaction, one admin-log row naming both.
 */
import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, memberWarnings, reports, sessions, users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, person } from "../users/admin-test-support";
import { insertReport } from "./moderation.test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;

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

const patch = (id: string, body: unknown) => app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body });

async function logRows() {
  return (await app.deps.db.select().from(adminActions)).map((row) => ({ action: row.action, target: row.targetUserId, reason: row.reason }));
}

async function reportRow(id: string) {
  const [row] = await app.deps.db.select({ status: reports.status, action: reports.action, actionDetail: reports.actionDetail, actionBy: reports.actionBy }).from(reports).where(eq(reports.id, id));
  return row;
}

async function budiNow() {
  const [row] = await app.deps.db
    .select({ isBanned: users.isBanned, banReason: users.banReason, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason, hiddenAt: users.hiddenAt, hiddenBy: users.hiddenBy })
    .from(users)
    .where(eq(users.id, budi.id));
  return row!;
}

describe("PATCH /api/admin/reports/{id} with an action", () => {
  it("warn {message}: the member's warning (naming the report), the report resolved, one log row naming both", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await patch(id, { action: "warn", message: "  Please keep it kind.  " });
    expect(response.status).toBe(200);
    expect((await response.json()).report).toMatchObject({ id, status: "resolved", actionTaken: { action: "warn", detail: "Please keep it kind.", at: NOW.toISOString() } });
    const warnings = await app.deps.db.select({ userId: memberWarnings.userId, message: memberWarnings.message, reportId: memberWarnings.reportId }).from(memberWarnings);
    expect(warnings).toEqual([{ userId: budi.id, message: "Please keep it kind.", reportId: id }]);
    expect(await reportRow(id)).toEqual({ status: "resolved", action: "warn", actionDetail: "Please keep it kind.", actionBy: admin.id });
    expect(await logRows()).toEqual([{ action: "warn", target: budi.id, reason: "report resolved: Please keep it kind." }]);
  });

  it("hide: off Discover until an admin unhides, the report resolved, one log row", async () => {
    const id = await insertReport(app, maria, budi);
    expect((await patch(id, { action: "hide" })).status).toBe(200);
    expect(await budiNow()).toMatchObject({ hiddenAt: NOW, hiddenBy: "admin" });
    expect(await logRows()).toEqual([{ action: "hide", target: budi.id, reason: "report resolved" }]);
  });

  it("hide takes over a hide by the reports threshold, so deciding the reports no longer shows the member", async () => {
    const id = await insertReport(app, maria, budi);
    await app.deps.db.update(users).set({ hiddenAt: NOW, hiddenBy: "reports" }).where(eq(users.id, budi.id));
    expect((await patch(id, { action: "hide" })).status).toBe(200);
    expect(await budiNow()).toMatchObject({ hiddenBy: "admin" });
    expect(await logRows()).toEqual([{ action: "hide", target: budi.id, reason: "report resolved" }]);
  });

  it("suspend {days, reason}: every session ends, the end and reason are kept; the panel's '7' counts as 7", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await patch(id, { action: "suspend", days: "7", reason: "Asked members for money", status: "reviewed" });
    expect(response.status).toBe(200);
    expect(await budiNow()).toMatchObject({ isBanned: false, suspendedUntil: new Date(NOW.getTime() + 7 * DAY), suspensionReason: "Asked members for money" });
    expect(await app.deps.db.select().from(sessions).where(eq(sessions.userId, budi.id))).toEqual([]);
    expect((await app.request("GET", "/api/auth/user", { cookie: budi.cookie })).status).toBe(401);
    expect(await reportRow(id)).toMatchObject({ status: "reviewed", action: "suspend", actionDetail: "7 days: Asked members for money" });
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "suspend", target: budi.id });
    expect(rows[0]!.reason).toStartWith("report reviewed: 7 days");
  });

  it("ban {reason}: banned with the reason, sessions ended, one log row", async () => {
    const id = await insertReport(app, maria, budi, { reason: "underage" });
    expect((await patch(id, { action: "ban", reason: "Under 18" })).status).toBe(200);
    expect(await budiNow()).toMatchObject({ isBanned: true, banReason: "Under 18" });
    expect(await app.deps.db.select().from(sessions).where(eq(sessions.userId, budi.id))).toEqual([]);
    expect(await logRows()).toEqual([{ action: "ban", target: budi.id, reason: "report resolved: Under 18" }]);
  });

  it("dismiss: the report dismissed, the member untouched, one report_status row naming the action", async () => {
    const id = await insertReport(app, maria, budi);
    const before = await budiNow();
    expect((await patch(id, { action: "dismiss" })).status).toBe(200);
    expect(await reportRow(id)).toMatchObject({ status: "dismissed", action: "dismiss", actionDetail: null });
    expect(await budiNow()).toEqual(before);
    expect(await logRows()).toEqual([{ action: "report_status", target: budi.id, reason: "dismissed: dismiss" }]);
  });

  it("refuses an unknown action or the chosen action's missing fields with 400, and changes nothing", async () => {
    const id = await insertReport(app, maria, budi);
    const cases: [unknown, string][] = [
      [{ action: "delete", status: "resolved" }, "Invalid action"],
      [{ action: "warn" }, "A message is required"],
      [{ action: "warn", message: "   " }, "A message is required"],
      [{ action: "suspend", days: 5, reason: "Spam" }, "Days must be 1, 7 or 30"],
      [{ action: "suspend", days: 7 }, "Ban reason is required"],
      [{ action: "ban", reason: "" }, "Ban reason is required"],
      [{ action: "warn", message: "x".repeat(501) }, "The message must be at most 500 characters"],
      [{ action: "hide", status: "pending" }, "Invalid status"],
    ];
    for (const [body, message] of cases) {
      const response = await patch(id, body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({ body, status: 400, answer: { message } });
    }
    expect(await reportRow(id)).toMatchObject({ status: "pending", action: null });
    expect(await logRows()).toEqual([]);
    expect(await app.deps.db.select().from(memberWarnings)).toEqual([]);
  });

  it("the old form (status alone) still changes only the report, logged as before", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await patch(id, { status: "resolved" });
    expect(response.status).toBe(200);
    expect((await response.json()).report).toMatchObject({ status: "resolved", actionTaken: null });
    expect(await logRows()).toEqual([{ action: "report_status", target: budi.id, reason: "resolved" }]);
  });

  it("a refused action leaves the report pending: suspending the admin's own account is 400 and nothing is written", async () => {
    const id = await insertReport(app, maria, admin);
    const response = await patch(id, { action: "suspend", days: 1, reason: "Testing" });
    expect(response.status).toBe(400);
    expect(await reportRow(id)).toMatchObject({ status: "pending", action: null });
    expect(await logRows()).toEqual([]);
  });

  it("two admins acting on the same report at once: one action, one log row, the other 409", async () => {
    const id = await insertReport(app, maria, budi);
    const answers = await Promise.all([patch(id, { action: "warn", message: "First" }), patch(id, { action: "warn", message: "Second" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await app.deps.db.select().from(memberWarnings)).toHaveLength(1);
    expect(await logRows()).toHaveLength(1);
    // A decided report takes no further action.
    const late = await patch(id, { action: "ban", reason: "Late" });
    expect({ status: late.status, body: await late.json() }).toEqual({ status: 409, body: { message: "Report is not pending" } });
    expect((await budiNow()).isBanned).toBe(false);
  });

  it("once the reported member deleted the account, only a status can be set: an action is 409", async () => {
    const id = await insertReport(app, maria, budi);
    expect((await app.request("DELETE", `/api/admin/users/${budi.id}`, { cookie: admin.cookie })).status).toBe(200);
    const refused = await patch(id, { action: "ban", reason: "Gone" });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 409, body: { message: "The reported member's account no longer exists" } });
    expect((await patch(id, { status: "resolved" })).status).toBe(200);
  });
});

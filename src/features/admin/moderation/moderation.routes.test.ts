import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { count, eq } from "drizzle-orm";
import { adminActions, matches, reports, users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { adminOf, HX, person, triggerOf } from "../users/admin-test-support";
import { insertMessage, insertReport } from "./moderation.test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const MINUTE = 60_000;

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

const get = (path: string) => app.request("GET", path, { cookie: admin.cookie });
const patch = (id: string, body: unknown, headers?: Record<string, string>) => app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body, headers });

async function logRows() {
  return app.deps.db.select().from(adminActions);
}

describe("GET /api/admin/reports", () => {
  it("lists pending urgent reports first, then newest first, with both people's names and the reported member's ban state", async () => {
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, budi.id));
    const older = await insertReport(app, maria, budi, { reason: "scam", description: "Asked for money", createdAt: new Date(NOW.getTime() - 10 * MINUTE) });
    const newer = await insertReport(app, budi, maria, { reason: "fake_profile", description: "" });
    const response = await get("/api/admin/reports");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    // A pending scam report comes before a newer report of another reason (ADMIN.md 'Reports that act').
    expect(body.reports.map((report: { id: string }) => report.id)).toEqual([older, newer]);
    expect(body.reports[0]).toEqual({
      id: older,
      reporter: { id: maria.id, firstName: "Maria", lastName: "Santoso", email: "maria@example.com" },
      reportedUser: { id: budi.id, firstName: "Budi", lastName: "Hartono", email: "budi@example.com", isBanned: true },
      reason: "scam",
      description: "Asked for money",
      status: "pending",
      createdAt: new Date(NOW.getTime() - 10 * MINUTE).toISOString(),
      updatedAt: null,
      urgent: true,
      reportsAgainstMember: 1,
      actionTaken: null,
    });
  });

  it("filters by status; omitted or all means every report", async () => {
    await insertReport(app, maria, budi);
    await insertReport(app, maria, budi, { status: "resolved" });
    await insertReport(app, budi, maria, { status: "dismissed" });
    const statuses = async (query: string) => ((await (await get(`/api/admin/reports${query}`)).json()).reports as { status: string }[]).map((report) => report.status).sort();
    expect(await statuses("")).toEqual(["dismissed", "pending", "resolved"]);
    expect(await statuses("?status=all")).toEqual(["dismissed", "pending", "resolved"]);
    expect(await statuses("?status=pending")).toEqual(["pending"]);
    expect(await statuses("?status=resolved")).toEqual(["resolved"]);
    expect(await statuses("?status=reviewed")).toEqual([]);
  });

  it("pages by limit", async () => {
    for (let i = 0; i < 3; i++) await insertReport(app, maria, budi, { createdAt: new Date(NOW.getTime() - i * MINUTE) });
    const body = await (await get("/api/admin/reports?page=2&limit=2")).json();
    expect(body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(body.reports).toHaveLength(1);
  });

  it("refuses a bad page, limit or status with 400", async () => {
    for (const query of ["page=-1", "page=0", "limit=101", "limit=0", "page=abc", "limit=2.5"]) {
      const response = await get(`/api/admin/reports?${query}`);
      expect({ query, status: response.status, body: await response.json() }).toEqual({ query, status: 400, body: { message: "Invalid page or limit" } });
    }
    const bogus = await get("/api/admin/reports?status=bogus");
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: "Invalid status" });
  });
});

describe("PATCH /api/admin/reports/{id}", () => {
  it("moves a pending report and writes one admin log row in the same batch", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await patch(id, { status: "resolved" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("Report status updated successfully");
    expect(body.report).toMatchObject({ id, status: "resolved", updatedAt: NOW.toISOString() });
    const [row] = await app.deps.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.status).toBe("resolved");
    const log = await logRows();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ adminId: admin.id, adminName: "Ada Admin", targetUserId: budi.id, targetName: "Budi Hartono", action: "report_status", reason: "resolved", createdAt: NOW });
  });

  it("accepts reviewed and dismissed too", async () => {
    for (const status of ["reviewed", "dismissed"]) {
      const id = await insertReport(app, maria, budi);
      expect((await patch(id, { status })).status).toBe(200);
      const [row] = await app.deps.db.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
      expect(row?.status).toBe(status as "reviewed" | "dismissed");
    }
    expect(await logRows()).toHaveLength(2);
  });

  it("answers 409 for a report that is no longer pending, and logs nothing", async () => {
    const id = await insertReport(app, maria, budi);
    expect((await patch(id, { status: "reviewed" })).status).toBe(200);
    const again = await patch(id, { status: "dismissed" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Report is not pending" });
    const [row] = await app.deps.db.select({ status: reports.status }).from(reports).where(eq(reports.id, id));
    expect(row?.status).toBe("reviewed");
    const [logged] = await app.deps.db.select({ value: count() }).from(adminActions);
    expect(logged?.value).toBe(1);
  });

  it("gives two decisions on the same report one change and one log row", async () => {
    const id = await insertReport(app, maria, budi);
    const answers = await Promise.all([patch(id, { status: "resolved" }), patch(id, { status: "dismissed" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await logRows()).toHaveLength(1);
  });

  it("refuses an unknown status, pending itself, or no status with 400", async () => {
    const id = await insertReport(app, maria, budi);
    for (const body of [{ status: "bogus" }, { status: "pending" }, {}, { status: 3 }]) {
      const response = await patch(id, body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({ body, status: 400, answer: { message: "Invalid status" } });
    }
    expect(await logRows()).toHaveLength(0);
  });

  it("answers 404 for an unknown report", async () => {
    for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "not-an-id!"]) {
      const response = await patch(id, { status: "resolved" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Report not found" });
    }
    expect(await logRows()).toHaveLength(0);
  });

  it("tells the panel to toast and reload the reports and the admin log when htmx asked", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await patch(id, { status: "dismissed" }, HX);
    expect(triggerOf(response)).toEqual({ "kasih:toast": { variant: "success", title: "Report status updated successfully" }, "kasih:refresh-reports": true, "kasih:refresh-actions": true, "kasih:refresh-counters": true });
    const failed = await patch(id, { status: "dismissed" }, HX);
    expect(failed.status).toBe(409);
    expect(triggerOf(failed)).toBeNull();
  });

  it("is refused to members", async () => {
    const id = await insertReport(app, maria, budi);
    const response = await app.request("PATCH", `/api/admin/reports/${id}`, { cookie: maria.cookie, body: { status: "dismissed" } });
    expect(response.status).toBe(403);
    expect(await logRows()).toHaveLength(0);
  });
});

describe("GET /api/admin/reports/{id}/messages", () => {
  it("keeps the last 20 lines between the two as the report found them, oldest first, after the report's block deleted the chat", async () => {
    const matchId = await matchUsers(app, maria, budi);
    for (let i = 0; i < 22; i++) await insertMessage(app, matchId, i % 2 === 0 ? budi : maria, `line ${i}`, new Date(NOW.getTime() - (22 - i) * MINUTE));
    // Someone else's conversation never shows.
    const other = await person(app);
    const otherMatch = await matchUsers(app, budi, other);
    await insertMessage(app, otherMatch, budi, "not evidence", NOW);
    const filed = await app.request("POST", "/api/reports", { cookie: maria.cookie, body: { reportedUserId: budi.id, reason: "scam" } });
    expect(filed.status).toBe(201);
    const { id } = await filed.json();
    // The report blocked Budi, so the match and its messages are gone; the evidence is not.
    expect(await app.deps.db.select().from(matches).where(eq(matches.id, matchId))).toHaveLength(0);
    await insertMessage(app, otherMatch, budi, "written after the report", new Date(NOW.getTime() + MINUTE));

    const response = await get(`/api/admin/reports/${id}/messages`);
    expect(response.status).toBe(200);
    const { messages } = await response.json();
    expect(messages).toHaveLength(20);
    expect(messages[0]).toMatchObject({ content: "line 2", senderId: budi.id, fromReported: true });
    expect(messages[1]).toMatchObject({ content: "line 3", senderId: maria.id, fromReported: false });
    expect(messages.at(-1)).toMatchObject({ content: "line 21" });
  });

  it("is empty when the two had no match when the report was filed", async () => {
    const filed = await app.request("POST", "/api/reports", { cookie: maria.cookie, body: { reportedUserId: budi.id, reason: "fake_profile" } });
    const response = await get(`/api/admin/reports/${(await filed.json()).id}/messages`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ messages: [] });
  });

  it("answers 404 for an unknown report", async () => {
    expect((await get("/api/admin/reports/aaaaaaaaaaaaaaaaaaaaaaaaaa/messages")).status).toBe(404);
  });
});

describe("GET /api/admin/actions", () => {
  it("lists the admin log newest first with names, kept after the change", async () => {
    const first = await insertReport(app, maria, budi);
    const second = await insertReport(app, budi, maria);
    await patch(first, { status: "resolved" });
    app.clock.advance(MINUTE);
    await patch(second, { status: "dismissed" });
    const response = await get("/api/admin/actions");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(body.actions[0]).toMatchObject({ admin: "Ada Admin", targetUser: "Maria Santoso", targetUserId: maria.id, action: "report_status", reason: "dismissed", createdAt: new Date(NOW.getTime() + MINUTE).toISOString() });
    expect(body.actions[1]).toMatchObject({ targetUser: "Budi Hartono", reason: "resolved" });
    expect(Object.keys(body.actions[0]).sort()).toEqual(["action", "admin", "adminId", "createdAt", "id", "reason", "targetUser", "targetUserId"]);
  });

  it("refuses a bad page or limit with 400", async () => {
    for (const query of ["page=-1", "limit=101"]) expect((await get(`/api/admin/actions?${query}`)).status).toBe(400);
  });
});

/**
 * POST /api/admin/users/{id}/plan (ADMIN.md 'Plans by hand', PAYMENTS.md 'Grants'): grant, extend,
 * revoke, each one admin-log row in the same transaction as the change, and the member's history
 * ("Granted by Kasih") in GET /api/payments and Settings.
 */
import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, planGrants, users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, person } from "../users/admin-test-support";

const NOW = new Date("2026-11-22T03:00:00Z");

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;
beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso", email: "maria@example.com" });
});
afterEach(() => app.close());

const setPlan = (userId: string, body: unknown, cookie = admin.cookie) => app.request("POST", `/api/admin/users/${userId}/plan`, { cookie, body });
const planOf = async (id: string) => (await app.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, id)))[0]!;
const logRows = async () => app.deps.db.select({ action: adminActions.action, adminName: adminActions.adminName, targetUserId: adminActions.targetUserId, targetName: adminActions.targetName, reason: adminActions.reason }).from(adminActions);

describe("POST /api/admin/users/{id}/plan", () => {
  it("grants a plan until the end of that Jakarta day, extends it, revokes it: one log row each", async () => {
    const granted = await setPlan(maria.id, { plan: "premium_plus", until: "2026-12-31", reason: "Church partner" });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ plan: "premium_plus", planExpiresAt: "2026-12-31T16:59:59.999Z", kind: "grant" });
    expect((await (await app.request("GET", "/api/auth/user", { cookie: maria.cookie })).json()).isPremium).toBe(true);

    const extended = await setPlan(maria.id, { plan: "premium_plus", until: "2027-01-31", reason: "Event volunteer" });
    expect(await extended.json()).toEqual({ plan: "premium_plus", planExpiresAt: "2027-01-31T16:59:59.999Z", kind: "extend" });

    const revoked = await setPlan(maria.id, { plan: "free", reason: "Partnership ended" });
    expect(await revoked.json()).toEqual({ plan: "free", planExpiresAt: null, kind: "revoke" });
    expect(await planOf(maria.id)).toEqual({ plan: "free", planExpiresAt: null });

    const rows = await logRows();
    expect(rows.map((row) => row.action).sort()).toEqual(["plan_extend", "plan_grant", "plan_revoke"]);
    for (const row of rows) expect(row).toMatchObject({ adminName: "Ada Admin", targetUserId: maria.id, targetName: "Maria Santoso" });
    expect(rows.find((row) => row.action === "plan_grant")!.reason).toBe("premium_plus until 2026-12-31T16:59:59.999Z: Church partner");
    expect((await app.deps.db.select().from(planGrants).where(eq(planGrants.userId, maria.id))).map((row) => row.kind).sort()).toEqual(["extend", "grant", "revoke"]);
  });

  it("shows the member's history as Granted by Kasih, without the operator's reason or name, in both languages", async () => {
    await setPlan(maria.id, { plan: "premium", until: "2026-12-31", reason: "Secret internal reason" });
    const history = await (await app.request("GET", "/api/payments", { cookie: maria.cookie })).json();
    expect(history).toEqual([{ kind: "grant", grantId: expect.any(String), plan: "premium", until: "2026-12-31T16:59:59.999Z", createdAt: NOW.toISOString(), grantedBy: "Kasih" }]);
    for (const [lang, text] of [["en", "Granted by Kasih"], ["id", "Diberikan oleh Kasih"]] as const) {
      const page = await (await app.request("GET", "/settings", { cookie: `${maria.cookie}; app-language=${lang}` })).text();
      expect(page).toContain(text);
      expect(page).not.toContain("Secret internal reason");
    }
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ plan: "gold", until: "2026-12-31", reason: "x" }, "Invalid plan"],
      [{ plan: "premium", reason: "x" }, "An end date (until) is required for a paid plan"],
      [{ plan: "free", until: "2026-12-31", reason: "x" }, "A free plan takes no end date"],
      [{ plan: "premium", until: "2026-02-30", reason: "x" }, "Invalid end date: use YYYY-MM-DD, a day after today"],
      [{ plan: "premium", until: "31/12/2026", reason: "x" }, "Invalid end date: use YYYY-MM-DD, a day after today"],
      [{ plan: "premium", until: "2026-11-21", reason: "x" }, "Invalid end date: use YYYY-MM-DD, a day after today"],
      [{ plan: "premium", until: "2026-12-31", reason: "   " }, "A reason is required"],
      [{ plan: "premium", until: "2026-12-31" }, "A reason is required"],
      [{ plan: "premium", until: "2026-12-31", reason: "x".repeat(501) }, "The reason must be at most 500 characters"],
    ];
    for (const [body, message] of cases) {
      const response = await setPlan(maria.id, body);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message } });
    }
    expect((await setPlan("nosuchmember", { plan: "premium", until: "2026-12-31", reason: "x" })).status).toBe(404);
    expect(await planOf(maria.id)).toEqual({ plan: "free", planExpiresAt: null });
    expect(await logRows()).toEqual([]);
  });

  it("today's Jakarta day is allowed: it ends tonight at midnight WIB", async () => {
    const response = await setPlan(maria.id, { plan: "premium", until: "2026-11-22", reason: "Until tonight" });
    expect(await response.json()).toMatchObject({ planExpiresAt: "2026-11-22T16:59:59.999Z" });
  });

  it("is for admins only", async () => {
    expect((await setPlan(maria.id, { plan: "premium", until: "2026-12-31", reason: "me" }, maria.cookie)).status).toBe(403);
    expect((await app.request("POST", `/api/admin/users/${maria.id}/plan`, { body: { plan: "premium", until: "2026-12-31", reason: "me" } })).status).toBe(401);
    expect(await planOf(maria.id)).toEqual({ plan: "free", planExpiresAt: null });
  });

  it("writes its log row in the same transaction as the change: a change that fails leaves no row", async () => {
    // The plan's write fails inside the batch (as a full disk or a constraint would).
    await app.deps.db.$client.execute("CREATE TRIGGER refuse_plan BEFORE UPDATE OF plan ON users BEGIN SELECT RAISE(ABORT, 'refused'); END");
    const response = await setPlan(maria.id, { plan: "premium", until: "2026-12-31", reason: "x" });
    expect(response.status).toBe(500);
    expect(await logRows()).toEqual([]);
    expect(await app.deps.db.select().from(planGrants)).toEqual([]);
    await app.deps.db.$client.execute("DROP TRIGGER refuse_plan");
  });
});

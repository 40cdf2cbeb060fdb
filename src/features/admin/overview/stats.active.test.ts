import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, person } from "../users/admin-test-support";
import { overviewStats, type OverviewStats } from "./stats.service";

const NOW = new Date("2026-11-22T03:00:00Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
});
afterEach(() => app.close());

async function stats(): Promise<OverviewStats> {
  const response = await app.request("GET", "/api/admin/stats", { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as OverviewStats;
}

/** A member last seen `ago` milliseconds before the fake clock's now (null: never). */
async function seen(ago: number | null) {
  const member = await person(app, { firstName: "Seen" });
  await app.deps.db.update(users).set({ lastActiveAt: ago === null ? null : new Date(app.clock.now().getTime() - ago) }).where(eq(users.id, member.id));
}

describe("GET /api/admin/stats: members active in the last 1/7/30 days", () => {
  it("counts members by when they were last seen, keeps the other fields, and moves with the clock", async () => {
    // The admin's own visits may count: compare against the figures before the members exist.
    const before = await stats();
    for (const ago of [HOUR, DAY - 60_000, DAY + 60_000, 6 * DAY, 8 * DAY, 29 * DAY, 31 * DAY, null]) await seen(ago);
    const after = await stats();
    expect({ day: after.active.day - before.active.day, week: after.active.week - before.active.week, month: after.active.month - before.active.month }).toEqual({ day: 2, week: 4, month: 6 });
    // The existing fields stay (ADMIN.md 'Lists'): eight more members, all with a profile.
    expect(after.totalUsers - before.totalUsers).toBe(8);
    expect(after.activeUsers - before.activeUsers).toBe(8);
    expect(after).toHaveProperty("signupsByDay");
    expect(after).toHaveProperty("flaggedPayments");

    // Two days later nobody was seen again (the admin neither): the windows move with the clock.
    await app.deps.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, admin.id));
    app.clock.advance(2 * DAY);
    expect((await overviewStats(app.deps)).active).toEqual({ day: 0, week: 3, month: 5 });
  });

  it("finds the counts through the last-active index, not by reading every member", async () => {
    const plan = await app.deps.dbClient.execute({ sql: "explain query plan select count(*) from users where last_active_at >= ?", args: [NOW.getTime() - DAY] });
    const detail = plan.rows.map((row) => String(row.detail ?? row[3])).join(" | ");
    expect(detail).toMatch(/USING COVERING INDEX users_last_active_idx \(last_active_at>\?\)/);
  });
});

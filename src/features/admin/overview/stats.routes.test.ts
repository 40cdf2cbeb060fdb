import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { insertMessage } from "../moderation/moderation.test-support";
import { insertPayment } from "../payments/payments-admin.test-support";
import { adminOf, person } from "../users/admin-test-support";
import { jakartaMidnight, lastJakartaDays, type OverviewStats } from "./stats.service";

// 2026-11-22 10:00 in Jakarta (UTC+7).
const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;

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

const dayOf = <T extends { date: string }>(list: T[], date: string) => list.find((entry) => entry.date === date);

describe("lastJakartaDays", () => {
  it("names 30 Jakarta days, oldest first, ending with today", () => {
    const days = lastJakartaDays(NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-10-24");
    expect(days[29]).toBe("2026-11-22");
    expect(new Set(days).size).toBe(30);
  });

  it("starts the Jakarta day at 17:00 UTC of the day before", () => {
    expect(jakartaMidnight("2026-11-22").toISOString()).toBe("2026-11-21T17:00:00.000Z");
    expect(lastJakartaDays(new Date("2026-11-21T16:59:59Z")).at(-1)).toBe("2026-11-21");
    expect(lastJakartaDays(new Date("2026-11-21T17:00:00Z")).at(-1)).toBe("2026-11-22");
  });
});

describe("GET /api/admin/stats", () => {
  it("is refused to members", async () => {
    const member = await person(app);
    const response = await app.request("GET", "/api/admin/stats", { cookie: member.cookie });
    expect(response.status).toBe(403);
  });

  it("counts members, active (with a profile), premium in force, banned, matches", async () => {
    const a = await person(app, { plan: "premium" }); // granted without end: premium
    const b = await person(app, { plan: "premium_plus", planExpiresAt: new Date(NOW.getTime() + DAY) }); // premium until tomorrow
    await person(app, { plan: "premium", planExpiresAt: new Date(NOW.getTime() - 1) }); // expired: not premium
    await person(app, { profile: false }); // signed up, no profile: not active
    const banned = await person(app);
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
    await matchUsers(app, a, b);
    await matchUsers(app, a, banned);

    const result = await stats();
    expect(result).toMatchObject({ totalUsers: 6, activeUsers: 5, premiumUsers: 2, bannedUsers: 1, matches: 2 });
  });

  it("counts the messages written since midnight in Jakarta, not since midnight UTC", async () => {
    const a = await person(app);
    const b = await person(app);
    const matchId = await matchUsers(app, a, b);
    const midnight = jakartaMidnight("2026-11-22");
    await insertMessage(app, matchId, a, "late last night", new Date(midnight.getTime() - 1));
    await insertMessage(app, matchId, b, "just after midnight", midnight);
    await insertMessage(app, matchId, a, "this morning", NOW);
    await insertMessage(app, matchId, b, "missed call", NOW, "missed_call");
    // Other conversations: one quiet since yesterday, one with a line this morning.
    const c = await person(app);
    const quiet = await matchUsers(app, a, c);
    await insertMessage(app, quiet, c, "yesterday only", new Date(midnight.getTime() - 60 * 60_000));
    const busy = await matchUsers(app, b, c);
    await insertMessage(app, busy, c, "good morning", new Date(midnight.getTime() + 60 * 60_000));
    expect((await stats()).messagesToday).toBe(4);
  });

  it("lists sign-ups for every one of the last 30 Jakarta days, zeros included, split at Jakarta midnight", async () => {
    await person(app, { createdAt: new Date("2026-11-21T16:59:59.999Z") }); // 23:59 on 21 Nov in Jakarta
    await person(app, { createdAt: new Date("2026-11-21T17:00:00Z") }); // 00:00 on 22 Nov in Jakarta
    await person(app, { createdAt: new Date("2026-10-23T16:59:59Z") }); // 23 Oct: before the window
    await person(app, { createdAt: new Date("2026-10-23T17:00:00Z") }); // 24 Oct: its first day
    await person(app, { createdAt: new Date("2026-11-10T05:00:00Z") });
    await person(app, { createdAt: new Date("2026-11-10T09:00:00Z") });

    const { signupsByDay } = await stats();
    expect(signupsByDay).toHaveLength(30);
    expect(signupsByDay.map((day) => day.date)).toEqual(lastJakartaDays(NOW));
    expect(dayOf(signupsByDay, "2026-10-24")?.count).toBe(1);
    expect(dayOf(signupsByDay, "2026-11-10")?.count).toBe(2);
    expect(dayOf(signupsByDay, "2026-11-21")?.count).toBe(1);
    // The admin (created now) and the midnight sign-up.
    expect(dayOf(signupsByDay, "2026-11-22")?.count).toBe(2);
    expect(dayOf(signupsByDay, "2026-11-01")?.count).toBe(0);
    expect(signupsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(6);
  });

  it("sums paid payments by the Jakarta day they were paid, ignoring unpaid ones", async () => {
    const member = await person(app);
    await insertPayment(app, member, { amount: 49_000, paidAt: new Date("2026-11-21T17:30:00Z") }); // 22 Nov, Jakarta
    await insertPayment(app, member, { amount: 99_000, plan: "premium_plus", paidAt: new Date("2026-11-21T16:30:00Z") }); // 21 Nov, Jakarta
    await insertPayment(app, member, { amount: 49_000, paidAt: NOW });
    await insertPayment(app, member, { amount: 99_000, status: "pending" });
    await insertPayment(app, member, { amount: 99_000, status: "failed", paidAt: null });
    await insertPayment(app, member, { amount: 49_000, paidAt: new Date("2026-10-01T05:00:00Z") }); // before the window

    const { revenueByDay } = await stats();
    expect(revenueByDay).toHaveLength(30);
    expect(dayOf(revenueByDay, "2026-11-22")?.amount).toBe(98_000);
    expect(dayOf(revenueByDay, "2026-11-21")?.amount).toBe(99_000);
    expect(revenueByDay.reduce((sum, day) => sum + day.amount, 0)).toBe(197_000);
  });

  it("moves the window to the next day at Jakarta midnight", async () => {
    const clock = app.clock;
    clock.set(new Date("2026-11-22T16:59:59Z"));
    // A fresh session at the new time (sessions end after a while without use), signed up at 23:59.
    admin = await adminOf(app);
    expect((await stats()).signupsByDay.at(-1)).toEqual({ date: "2026-11-22", count: 2 });
    clock.set(new Date("2026-11-22T17:00:00Z"));
    const next = await stats();
    expect(next.signupsByDay.at(-1)).toEqual({ date: "2026-11-23", count: 0 });
    expect(next.signupsByDay[0]?.date).toBe("2026-10-25");
    expect(dayOf(next.signupsByDay, "2026-11-22")?.count).toBe(2);
  });
});

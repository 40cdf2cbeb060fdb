/**
 * The Overview's numbers (spec points 2, 3 "Overview stats"; ADMIN.md "Lists"): member counts and
 * the last 30 days of sign-ups and paid revenue, counted in SQL. Days are calendar days in
 * Asia/Jakarta, the service's day everywhere else too (free-plan limits, spec point 9).
 */
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { matches, messages, payments, profiles, users } from "../../../../db/schema";
import { jakartaDayOf } from "../../../platform/clock";
import { premiumNow } from "../users/users.service";
import { tempUserCondition } from "../temp-users/temp-users.service";
import { pendingReportCount } from "../moderation/moderation.service";

type Deps = Pick<AppDeps, "db" | "clock">;

/** The windows of "active" members: the last 1, 7 and 30 days (DAU, WAU, MAU), counted back from now. */
export const ACTIVE_WINDOW_DAYS = { day: 1, week: 7, month: 30 } as const;

/** How many days the charts cover, today included. */
export const CHART_DAYS = 30;

const dayMs = 24 * 60 * 60_000;
/** Western Indonesian Time is UTC+7 all year (no daylight saving time). */
const jakartaOffsetSeconds = 7 * 60 * 60;

export interface DayCount {
  date: string;
  count: number;
}

export interface DayAmount {
  date: string;
  amount: number;
}

export interface OverviewStats {
  totalUsers: number;
  /** Members with a saved profile (spec point 3). */
  activeUsers: number;
  /**
   * Members seen in the app in the last 24 hours, 7 days and 30 days (DAU, WAU, MAU; ADMIN.md
   * 'Lists'), by users.last_active_at: a range of users_last_active_idx, so each count reads
   * only the index entries of the members it counts (docs/decisions/0131).
   */
  active: { day: number; week: number; month: number };
  /** A paid plan in force now. */
  premiumUsers: number;
  bannedUsers: number;
  matches: number;
  /** Messages written since midnight in Jakarta. */
  messagesToday: number;
  /** The last 30 Jakarta days, oldest first, today last; days without sign-ups count 0. */
  signupsByDay: DayCount[];
  /** Paid payments' amounts (whole rupiah) by the Jakarta day they were paid, same 30 days. */
  revenueByDay: DayAmount[];
  /**
   * Jakarta months (ADMIN.md 'Lists'): money received in this month and the last (payments paid
   * in it, refunded since or not), and the money refunded this month (docs/decisions/0124).
   */
  revenue: { thisMonth: number; lastMonth: number; refundedThisMonth: number };
  /** Payments flagged late or needs_attention that no admin has marked seen. */
  flaggedPayments: number;
}

/** The first instants of this Jakarta month, the last one and the next one. */
export function jakartaMonths(now: Date): { lastMonth: Date; thisMonth: Date; nextMonth: Date } {
  const [year, month] = jakartaDayOf(now).split("-").map(Number) as [number, number];
  const first = (y: number, m: number) => jakartaMidnight(new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10));
  return { lastMonth: first(year, month - 1), thisMonth: first(year, month), nextMonth: first(year, month + 1) };
}

/** The revenue figures and the unseen flags of the Overview (one statement). */
async function moneyFigures(deps: Deps, now: Date) {
  const months = jakartaMonths(now);
  const money = sql`status IN ('paid', 'refund_pending', 'refunded')`;
  const row = await deps.db.get<{ thisMonth: number | null; lastMonth: number | null; refundedThisMonth: number | null; flaggedPayments: number | null }>(sql`
    select
      (select sum(amount) from payments where ${money} and paid_at >= ${months.thisMonth.getTime()} and paid_at < ${months.nextMonth.getTime()}) as thisMonth,
      (select sum(amount) from payments where ${money} and paid_at >= ${months.lastMonth.getTime()} and paid_at < ${months.thisMonth.getTime()}) as lastMonth,
      (select sum(amount) from payments where status = 'refunded' and refunded_at >= ${months.thisMonth.getTime()} and refunded_at < ${months.nextMonth.getTime()}) as refundedThisMonth,
      (select count(*) from payments where (flag_late = 1 or flag_needs_attention = 1) and flags_seen_at is null) as flaggedPayments`);
  return {
    revenue: { thisMonth: Number(row?.thisMonth ?? 0), lastMonth: Number(row?.lastMonth ?? 0), refundedThisMonth: Number(row?.refundedThisMonth ?? 0) },
    flaggedPayments: Number(row?.flaggedPayments ?? 0),
  };
}

/** The instant a Jakarta day ("2026-11-22") begins. */
export function jakartaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - jakartaOffsetSeconds * 1000);
}

/** The last `days` Jakarta days ending with today, oldest first. */
export function lastJakartaDays(now: Date, days = CHART_DAYS): string[] {
  const todayStart = jakartaMidnight(jakartaDayOf(now)).getTime();
  // Noon of each day: far from either midnight, so the arithmetic never lands on a neighbour.
  return Array.from({ length: days }, (_, index) => jakartaDayOf(new Date(todayStart + 12 * 60 * 60_000 - (days - 1 - index) * dayMs)));
}

/** SQL naming the Jakarta day of a Unix-milliseconds column, as SQLite's date(): "YYYY-MM-DD". */
const jakartaDay = (column: typeof users.createdAt | typeof payments.paidAt) => sql<string>`date((${column} / 1000) + ${sql.raw(String(jakartaOffsetSeconds))}, 'unixepoch')`;

export async function overviewStats(deps: Deps): Promise<OverviewStats> {
  const db = deps.db;
  const now = deps.clock.now();
  const days = lastJakartaDays(now);
  const from = jakartaMidnight(days[0]!);
  const todayStart = jakartaMidnight(days[days.length - 1]!);
  const until = new Date(todayStart.getTime() + dayMs);

  const signupDay = jakartaDay(users.createdAt);
  const paidDay = jakartaDay(payments.paidAt);
  const [counts, signups, revenue, money] = await Promise.all([
    // One statement for the six counts. Messages have no index on their time alone: today's are
    // found through the matches written to today (every message write also sets the match's
    // lastMessageAt to its newest message, src/features/chat/message-writer.ts), then the
    // (match_id, created_at) index, instead of scanning every message ever sent.
    db.get<Record<"totalUsers" | "activeUsers" | "activeDay" | "activeWeek" | "activeMonth" | "premiumUsers" | "bannedUsers" | "matches" | "messagesToday", number>>(sql`
      select
        (select count(*) from ${users}) as totalUsers,
        (select count(*) from ${profiles}) as activeUsers,
        (select count(*) from ${users} where ${users.lastActiveAt} >= ${now.getTime() - ACTIVE_WINDOW_DAYS.day * dayMs}) as activeDay,
        (select count(*) from ${users} where ${users.lastActiveAt} >= ${now.getTime() - ACTIVE_WINDOW_DAYS.week * dayMs}) as activeWeek,
        (select count(*) from ${users} where ${users.lastActiveAt} >= ${now.getTime() - ACTIVE_WINDOW_DAYS.month * dayMs}) as activeMonth,
        (select count(*) from ${users} where ${premiumNow(now)}) as premiumUsers,
        (select count(*) from ${users} where ${users.isBanned} = 1) as bannedUsers,
        (select count(*) from ${matches}) as matches,
        (select count(*) from ${messages} where ${messages.createdAt} >= ${todayStart.getTime()}
          and ${messages.matchId} in (select ${matches.id} from ${matches} where ${matches.lastMessageAt} >= ${todayStart.getTime()})) as messagesToday`),
    // users_created_at_idx narrows the scan to the 30 days.
    db
      .select({ date: signupDay, count: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, until)))
      .groupBy(signupDay),
    db
      .select({ date: paidDay, amount: sql<number>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.status, "paid"), gte(payments.paidAt, from), lt(payments.paidAt, until)))
      .groupBy(paidDay),
    moneyFigures(deps, now),
  ]);

  const signupsOn = new Map(signups.map((row) => [row.date, Number(row.count)]));
  const revenueOn = new Map(revenue.map((row) => [row.date, Number(row.amount)]));
  return {
    totalUsers: Number(counts?.totalUsers ?? 0),
    activeUsers: Number(counts?.activeUsers ?? 0),
    active: { day: Number(counts?.activeDay ?? 0), week: Number(counts?.activeWeek ?? 0), month: Number(counts?.activeMonth ?? 0) },
    premiumUsers: Number(counts?.premiumUsers ?? 0),
    bannedUsers: Number(counts?.bannedUsers ?? 0),
    matches: Number(counts?.matches ?? 0),
    messagesToday: Number(counts?.messagesToday ?? 0),
    signupsByDay: days.map((date) => ({ date, count: signupsOn.get(date) ?? 0 })),
    revenueByDay: days.map((date) => ({ date, amount: revenueOn.get(date) ?? 0 })),
    ...money,
  };
}

/** What the Overview's quick links show beside the stats: the moderation queue and the temp users. */
export async function overviewQueues(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const [pendingReports, [temp]] = await Promise.all([pendingReportCount(deps), deps.db.select({ value: count() }).from(users).where(tempUserCondition(deps, deps.clock.now()))]);
  return { pendingReports, tempUsers: temp?.value ?? 0 };
}

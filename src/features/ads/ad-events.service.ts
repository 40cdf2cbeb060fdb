/**
 * What the ad slots report (impressions and clicks) and the revenue summary the admin reads from
 * them (spec points 3 and 9: real numbers, never samples). docs/decisions/0086-ad-slots-and-revenue.md
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { adEvents, adPlacements, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { hasPremium } from "../premium/plan-rules";
import type { AdEventInput } from "./ads.schemas";
import { placementsForSlot } from "./ad-placements.service";

/** The Unix minute of a time: an event counts once per placement, member and kind per minute (ADMIN.md). */
export const unixMinute = (now: Date) => Math.floor(now.getTime() / 60_000);

/**
 * Whether the member sees no ads: a plan in force or an admin. Read from the user row, not the
 * session, so a plan bought a moment ago (or just expired) counts at once.
 */
export async function adFree(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row === undefined || hasPremium(row, now);
}

export type RecordResult = "recorded" | "duplicate" | "not_served" | "unknown_placement";

/**
 * Stores one impression or click. A second one of the same placement, member and kind within the
 * same minute is dropped by the unique index (ON CONFLICT DO NOTHING): a slot re-rendering or a
 * member tapping twice does not count twice, and concurrent requests cannot slip past a check.
 * Only a placement a slot would be given now counts (active, platform on): a switched-off or
 * inactive one records nothing, so the revenue summary holds only what members could have seen.
 */
export async function recordAdEvent(db: Database, now: Date, userId: string, input: AdEventInput): Promise<RecordResult> {
  const [placement] = await db.select({ id: adPlacements.id, location: adPlacements.placement }).from(adPlacements).where(eq(adPlacements.id, input.placementId)).limit(1);
  if (placement === undefined) return "unknown_placement";
  if (!(await placementsForSlot(db, placement.location)).some((served) => served.id === placement.id)) return "not_served";
  const inserted = await db
    .insert(adEvents)
    .values({ id: newId(), placementId: placement.id, userId, kind: input.kind, revenueMicros: input.revenueMicros, minute: unixMinute(now), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: adEvents.id });
  return inserted.length > 0 ? "recorded" : "duplicate";
}

export interface PlacementRevenue {
  id: string;
  name: string;
  impressions: number;
  clicks: number;
  /** Dollars, rounded to cents. */
  revenue: number;
}

export interface RevenueSummary {
  /** Dollars, rounded to cents (spec point 9: shown with two decimals). */
  totalRevenue: number;
  totalImpressions: number;
  totalClicks: number;
  byPlacement: PlacementRevenue[];
}

/** Micro-dollars to dollars with two-decimal precision. */
export const microsToDollars = (micros: number) => Math.round(micros / 10_000) / 100;

/** Totals over every recorded event, and per placement (every placement, also those without events). */
export async function revenueSummary(db: Database): Promise<RevenueSummary> {
  const impressions = sql<number>`coalesce(sum(case when ${adEvents.kind} = 'impression' then 1 else 0 end), 0)`;
  const clicks = sql<number>`coalesce(sum(case when ${adEvents.kind} = 'click' then 1 else 0 end), 0)`;
  const micros = sql<number>`coalesce(sum(${adEvents.revenueMicros}), 0)`;
  const [[totals], rows] = await Promise.all([
    db.select({ impressions, clicks, micros }).from(adEvents),
    db
      .select({ id: adPlacements.id, name: adPlacements.name, impressions, clicks, micros })
      .from(adPlacements)
      .leftJoin(adEvents, eq(adEvents.placementId, adPlacements.id))
      .groupBy(adPlacements.id)
      .orderBy(asc(adPlacements.createdAt), asc(adPlacements.id)),
  ]);
  return {
    totalRevenue: microsToDollars(Number(totals?.micros ?? 0)),
    totalImpressions: Number(totals?.impressions ?? 0),
    totalClicks: Number(totals?.clicks ?? 0),
    byPlacement: rows.map((row) => ({ id: row.id, name: row.name, impressions: Number(row.impressions), clicks: Number(row.clicks), revenue: microsToDollars(Number(row.micros)) })),
  };
}

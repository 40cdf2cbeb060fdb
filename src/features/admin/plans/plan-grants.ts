/**
 * Plans by hand (ADMIN.md 'Plans by hand', PAYMENTS.md 'Grants', docs/decisions/0124): a grant, an
 * extension or a revocation of a member's plan, with an end date and a reason, without a payment.
 * The panel (POST /api/admin/users/{id}/plan) and the terminal (`kasih user premium`) both come
 * here; each change is one batch: the plan, its row in plan_grants (the member's history shows it
 * as "Granted by Kasih") and one admin-log row, all under the condition that the member exists.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../../db/client";
import { planGrants, users, type Plan } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import { PAYMENT_PERIOD_MS } from "../../../platform/constants";
import { adminLogInsertIf, memberNameSql, type Actor } from "../admin-log";

export const PLAN_GRANT_MESSAGES = {
  invalidPlan: "Invalid plan",
  untilRequired: "An end date (until) is required for a paid plan",
  untilWithFree: "A free plan takes no end date",
  invalidUntil: "Invalid end date: use YYYY-MM-DD, a day after today",
  reasonRequired: "A reason is required",
  reasonTooLong: "The reason must be at most 500 characters",
  userNotFound: "User not found",
} as const;

export const PLAN_REASON_MAX = 500;

/** Western Indonesian Time is UTC+7 all year. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The last millisecond of a Jakarta day "YYYY-MM-DD" (the end ADMIN.md gives `until`), or null if not a real date. */
export function endOfJakartaDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== day) return null;
  return new Date(midnightUtc - JAKARTA_OFFSET_MS + DAY_MS - 1);
}

export interface PlanChange {
  plan: Plan;
  /** The plan's end; null with free (or, from old callers, a paid plan without end). */
  until: Date | null;
  reason: string;
}

export type PlanChangeKind = "grant" | "extend" | "revoke";

export type PlanChangeResult = { ok: true; kind: PlanChangeKind; plan: Plan; planExpiresAt: Date | null } | { ok: false; status: 400 | 404; message: string };

/** Checks a change as the panel and the terminal give it; null when it is acceptable. */
export function planChangeProblem(change: PlanChange, now: Date): string | null {
  const reason = change.reason.trim();
  if (reason.length === 0) return PLAN_GRANT_MESSAGES.reasonRequired;
  if (reason.length > PLAN_REASON_MAX) return PLAN_GRANT_MESSAGES.reasonTooLong;
  if (change.plan === "free" && change.until !== null) return PLAN_GRANT_MESSAGES.untilWithFree;
  if (change.until !== null && change.until.getTime() <= now.getTime()) return PLAN_GRANT_MESSAGES.invalidUntil;
  return null;
}

/** Without `--until` at the terminal: 30 days from now (ADMIN.md). */
export const defaultGrantEnd = (now: Date) => new Date(now.getTime() + PAYMENT_PERIOD_MS);

/**
 * Applies a change to the member `userId` names (a value, or SQL read in the same statements, as
 * the terminal's email lookup). The kind is what the change is to the plan as it stands: `revoke`
 * for free, `extend` for the same paid plan while it runs to a later end, else `grant`.
 */
export async function changePlanByHand(db: Database, actor: Actor, userId: string | SQL, change: PlanChange, now: Date): Promise<PlanChangeResult> {
  const problem = planChangeProblem(change, now);
  if (problem !== null) return { ok: false, status: 400, message: problem };
  const [member] = await db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(sql`${users.id} = ${userId}`).limit(1);
  if (member === undefined) return { ok: false, status: 404, message: PLAN_GRANT_MESSAGES.userNotFound };
  const runs = member.plan !== "free" && (member.planExpiresAt === null || member.planExpiresAt > now);
  const samePlanRuns = runs && member.plan === change.plan;
  const kind: PlanChangeKind =
    change.plan === "free" ? "revoke" : samePlanRuns && (member.planExpiresAt !== null && (change.until === null || change.until > member.planExpiresAt)) ? "extend" : "grant";
  const reason = change.reason.trim();
  const exists = sql`exists (select 1 from users where id = ${userId})`;
  const untilText = change.until === null ? (change.plan === "free" ? "" : " without end") : ` until ${change.until.toISOString()}`;
  const t = now.getTime();
  const [, , updated] = await db.batch([
    adminLogInsertIf(db, { actor, action: `plan_${kind}`, targetUserId: userId, targetName: memberNameSql(sql`${userId}`), reason: `${change.plan}${untilText}: ${reason}`, at: now }, exists),
    db.run(sql`insert into plan_grants (id, user_id, plan, until, kind, reason, admin_id, admin_name, created_at)
      select ${newId()}, ${userId}, ${change.plan}, ${change.until?.getTime() ?? null}, ${kind}, ${reason}, ${actor.id}, ${actor.name}, ${t} where ${exists}`),
    db
      .update(users)
      .set({
        plan: change.plan,
        planExpiresAt: change.until,
        // The same paid plan while it runs continues its run (a refund of an earlier payment still
        // takes its days off, refunds.ts); anything else starts one now.
        planSince: sql`CASE WHEN ${users.plan} = ${change.plan} AND ${change.plan} <> 'free' AND (${users.planExpiresAt} IS NULL OR ${users.planExpiresAt} > ${t}) THEN ${users.planSince} ELSE ${t} END`,
      })
      .where(sql`${users.id} = ${userId}`)
      .returning({ plan: users.plan, planExpiresAt: users.planExpiresAt }),
  ]);
  const row = updated[0];
  if (row === undefined) return { ok: false, status: 404, message: PLAN_GRANT_MESSAGES.userNotFound };
  return { ok: true, kind, plan: row.plan, planExpiresAt: row.planExpiresAt };
}

/** A grant as the member's history shows it ("Granted by Kasih"). */
export interface PlanGrantJson {
  kind: "grant";
  grantId: string;
  /** What the plan became: a paid plan, or free (a revocation). */
  plan: Plan;
  /** The plan's end, ISO; null for free or without end. */
  until: string | null;
  createdAt: string;
  grantedBy: "Kasih";
}

/** The member's grants, newest first (never the admin's name or the reason: those are the operator's). */
export async function grantsOf(db: Database, userId: string, limit = 50): Promise<PlanGrantJson[]> {
  const rows = await db
    .select({ id: planGrants.id, plan: planGrants.plan, until: planGrants.until, createdAt: planGrants.createdAt })
    .from(planGrants)
    .where(eq(planGrants.userId, userId))
    .orderBy(desc(planGrants.createdAt))
    .limit(limit);
  return rows.map((row) => ({ kind: "grant", grantId: row.id, plan: row.plan, until: row.until?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), grantedBy: "Kasih" }));
}

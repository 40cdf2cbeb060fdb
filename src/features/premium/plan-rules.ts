/**
 * Who may use what (spec point 6). Premium (either paid plan, or an admin) lifts the daily
 * limits; Premium Plus (or an admin) also unlocks calls. Server-side checks always re-read the
 * user row, so a plan bought or expired since sign-in counts at once.
 */
import { effectivePlan, isPremiumActive } from "../auth/session";
import type { Plan } from "../../../db/schema";

export interface PlanHolder {
  plan: Plan;
  planExpiresAt: Date | null;
  isAdmin: boolean;
}

export function hasPremium(user: PlanHolder, now: Date): boolean {
  return user.isAdmin || isPremiumActive(user, now);
}

export function hasPremiumPlus(user: PlanHolder, now: Date): boolean {
  return user.isAdmin || (user.plan === "premium_plus" && isPremiumActive(user, now));
}

/** The plan the Discover and Likes screens show and unlock by: admins have every premium action. */
export function featurePlan(user: PlanHolder, now: Date): Plan {
  return user.isAdmin ? "premium_plus" : effectivePlan(user, now);
}

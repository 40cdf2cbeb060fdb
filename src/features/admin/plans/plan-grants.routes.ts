import { Hono } from "hono";
import { z } from "zod";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { PLANS } from "../../../../db/schema";
import { actorOf } from "../admin-log";
import { announcePlan } from "../payments/money-toasts";
import { validUserId } from "../users/users.routes";
import { changePlanByHand, endOfJakartaDay, PLAN_GRANT_MESSAGES } from "./plan-grants";

/** POST /api/admin/users/{id}/plan's body (ADMIN.md 'Plans by hand'). */
export const planChangeBodySchema = z.object({
  plan: z.enum(PLANS, { message: PLAN_GRANT_MESSAGES.invalidPlan }),
  /** "YYYY-MM-DD": the plan ends at the end of that Jakarta day. Required for a paid plan; not with free. */
  until: z.string({ message: PLAN_GRANT_MESSAGES.invalidUntil }).nullish(),
  reason: z.string({ message: PLAN_GRANT_MESSAGES.reasonRequired }),
});

/**
 * POST /api/admin/users/{id}/plan {plan, until, reason} → 200 {plan, planExpiresAt}: a grant, an
 * extension or a revocation, logged (plan-grants.ts). Mounted behind requireStaffApi (admin.routes.ts).
 */
export function planGrantsApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/users/:id/plan", validUserId, zValidator("json", planChangeBodySchema, rejectInvalid), async (c) => {
    const body = c.req.valid("json");
    const untilGiven = body.until !== undefined && body.until !== null && body.until !== "";
    if (body.plan === "free" && untilGiven) return c.json({ message: PLAN_GRANT_MESSAGES.untilWithFree }, 400);
    if (body.plan !== "free" && !untilGiven) return c.json({ message: PLAN_GRANT_MESSAGES.untilRequired }, 400);
    const until = untilGiven ? endOfJakartaDay(body.until!) : null;
    if (untilGiven && until === null) return c.json({ message: PLAN_GRANT_MESSAGES.invalidUntil }, 400);
    const result = await changePlanByHand(deps.db, actorOf(currentUser(c)), c.req.valid("param").id, { plan: body.plan, until, reason: body.reason }, deps.clock.now());
    if (!result.ok) return c.json({ message: result.message }, result.status);
    announcePlan(c, result.plan, result.planExpiresAt);
    return c.json({ plan: result.plan, planExpiresAt: result.planExpiresAt?.toISOString() ?? null, kind: result.kind });
  });
}

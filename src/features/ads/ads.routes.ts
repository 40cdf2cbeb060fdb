import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { rejectInvalid } from "../../middleware/invalid-input";
import { adFree, recordAdEvent } from "./ad-events.service";
import { placementsForSlot } from "./ad-placements.service";
import { AD_MESSAGES, adEventSchema, adLocationQuerySchema } from "./ads.schemas";
import { describeRoutes } from "../api-docs/describe-routes";
import { adsApiDocs } from "./ads.api-docs";

/**
 * The member app's ad calls (ADMIN.md "Ads"; docs/decisions/0086-ad-slots-and-revenue.md):
 * - GET /api/ads?location=… → the slot's placements; always [] for Premium members and admins.
 * - POST /api/ads/events {placementId, kind, revenueMicros?} → 204; once per placement, member and
 *   kind per minute. A Premium member is never shown an ad, so their events are not stored (204).
 */
export function adsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/ads", requireUser)
    .use("/ads/*", requireUser)
    .get("/ads", zValidator("query", adLocationQuerySchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      if (await adFree(deps.db, user.id, deps.clock.now())) return c.json([]);
      return c.json(await placementsForSlot(deps.db, c.req.valid("query").location));
    })
    .post("/ads/events", zValidator("json", adEventSchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      if (await adFree(deps.db, user.id, now)) return c.body(null, 204);
      const result = await recordAdEvent(deps.db, now, user.id, c.req.valid("json"));
      if (result === "unknown_placement") return c.json({ message: AD_MESSAGES.placementNotFound }, 404);
      return c.body(null, 204);
    });
  return describeRoutes(routes, adsApiDocs);
}

import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser } from "../../middleware/guards";
import { announceChange } from "../admin/htmx";
import { rejectInvalid } from "../../middleware/invalid-input";
import { revenueSummary } from "./ad-events.service";
import { createPlacement, listPlacements, updatePlacement } from "./ad-placements.service";
import { createPlacementSchema, PLACEMENT_MESSAGES, updatePlacementSchema } from "./ads.schemas";

/**
 * The admin's placement and revenue calls (ADMIN.md "Ads", spec point 7), under /api/admin behind
 * requireAdmin. The panel posts to these same routes with htmx (docs/decisions/0082).
 */
export function adPlacementsApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/ad-placements", async (c) => c.json({ placements: await listPlacements(deps.db) }))
    .post("/ad-placements", zValidator("json", createPlacementSchema, rejectInvalid), async (c) => {
      const placement = await createPlacement(deps.db, deps.clock.now(), currentUser(c), c.req.valid("json"));
      announceChange(c, { title: c.get("t")("admin.adsPage.toasts.created") }, ["placements"]);
      return c.json(placement, 201);
    })
    .put("/ad-placements/:id", zValidator("json", updatePlacementSchema, rejectInvalid), async (c) => {
      const placement = await updatePlacement(deps.db, deps.clock.now(), currentUser(c), c.req.param("id"), c.req.valid("json"));
      if (placement === null) return c.json({ message: PLACEMENT_MESSAGES.notFound }, 404);
      announceChange(c, { title: c.get("t")("admin.adsPage.toasts.updated") }, ["placements"]);
      return c.json(placement);
    })
    .get("/ad-revenue-summary", async (c) => c.json(await revenueSummary(deps.db)));
}

import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser } from "../../middleware/guards";
import { announceChange } from "../admin/htmx";
import { rejectInvalid } from "../../middleware/invalid-input";
import { revenueSummary } from "./ad-events.service";
import { createPlacement, updatePlacement } from "./ad-placements.service";
import { pageOfPlacements, PLACEMENT_CSV, placementListQuerySchema } from "./placement-list";
import { answerList } from "../admin/list-csv";
import { everyRow } from "../admin/list-query";
import { createPlacementSchema, PLACEMENT_MESSAGES, updatePlacementSchema } from "./ads.schemas";

/**
 * The admin's placement and revenue calls (ADMIN.md "Ads", spec point 7), under /api/admin behind
 * requireStaffApi. The panel posts to these same routes with htmx (docs/decisions/0082).
 */
export function adPlacementsApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/ad-placements", zValidator("query", placementListQuerySchema, rejectInvalid), (c) => {
      const query = c.req.valid("query");
      // The first form (no page, no limit) answers every placement, as it always did.
      const whole = c.req.query("page") === undefined && c.req.query("limit") === undefined;
      return answerList(c, whole ? everyRow(query) : query, { file: "ad-placements", read: async (asked) => {
        const page = await pageOfPlacements(deps.db, asked);
        return whole ? { ...page, limit: page.total } : page;
      }, rows: (page) => page.placements, csv: PLACEMENT_CSV });
    })
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

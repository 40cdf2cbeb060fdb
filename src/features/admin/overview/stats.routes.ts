import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import { overviewStats } from "./stats.service";

/**
 * GET /api/admin/stats (spec point 7, ADMIN.md "Lists"): the Overview's counts and the last 30
 * Jakarta days of sign-ups and paid revenue. Mounted behind requireStaffApi (admin.routes.ts).
 */
export function statsApi(deps: AppDeps) {
  return new Hono<AppEnv>().get("/stats", async (c) => c.json(await overviewStats(deps)));
}

import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { adConfigsApi } from "./ad-configs.routes";
import { adPlacementsApi } from "./ad-placements.routes";

/** The admin's ad calls (ADMIN.md "Ads"), mounted under /api/admin behind requireStaffApi. */
export function adsAdminApi(deps: AppDeps) {
  return new Hono<AppEnv>().route("/", adPlacementsApi(deps)).route("/", adConfigsApi(deps));
}

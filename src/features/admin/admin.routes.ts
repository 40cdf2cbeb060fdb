import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { requireStaffApi } from "../../middleware/guards";
import { secondFactorApi } from "./second-factor/second-factor.routes";
import { secondFactorApiDocs } from "./second-factor/second-factor.api-docs";
import { protectStaffTargets, rolesApi } from "./roles/roles.routes";
import { adsAdminApi } from "../ads/ads-admin.routes";
import { adminMatchesApi } from "./matches/admin-matches.routes";
import { moderationApi } from "./moderation/moderation.routes";
import { verificationAdminApi } from "../verification/verification.routes";
import { statsApi } from "./overview/stats.routes";
import { paymentsAdminApi } from "./payments/payments-admin.routes";
import { planGrantsApi } from "./plans/plan-grants.routes";
import { settingsApi } from "./settings/settings.routes";
import { gatewaySetupApi } from "./settings/gateway-setup.routes";
import { gatewaySetupApiDocs } from "./settings/gateway-setup.api-docs";
import { tempUsersApi } from "./temp-users/temp-users.routes";
import { usersApi } from "./users/users.routes";
import { memberApi } from "./users/member-actions.routes";
import { vouchesAdminApi } from "../vouches/vouches.routes";
import { describeRoutes } from "../api-docs/describe-routes";
import { adminApiDocs } from "./admin.api-docs";

/**
 * Every /api/admin/* call (spec point 7, ADMIN.md). One guard for all of them, before any route
 * matches: 401 signed out, 403 for a member, also for paths that do not exist; 403 "Second factor
 * required" for staff who have not proven a code in this session; each call's permission by role
 * from the table of staff-permissions.ts (ADMIN.md 'Who', docs/decisions/0127).
 */
export function adminApiRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/admin/*", requireStaffApi)
    .use("/admin/*", protectStaffTargets(deps))
    .route("/admin", secondFactorApi(deps))
    .route("/admin", rolesApi(deps))
    .route("/admin", statsApi(deps))
    .route("/admin", usersApi(deps))
    .route("/admin", memberApi(deps))
    .route("/admin", vouchesAdminApi(deps))
    .route("/admin", moderationApi(deps))
    .route("/admin", verificationAdminApi(deps))
    .route("/admin", adminMatchesApi(deps))
    .route("/admin", paymentsAdminApi(deps))
    .route("/admin", planGrantsApi(deps))
    .route("/admin", tempUsersApi(deps))
    .route("/admin", settingsApi(deps))
    .route("/admin", gatewaySetupApi(deps))
    .route("/admin", adsAdminApi(deps));
  return describeRoutes(routes, { ...adminApiDocs, ...gatewaySetupApiDocs, ...secondFactorApiDocs });
}

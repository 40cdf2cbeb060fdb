import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../../app-env";
import type { RenderPage } from "../../views/render";
import { adsAdminPages } from "../ads/ads-admin.page";
import { adminMatchesPages } from "./matches/admin-matches.page";
import { moderationPages } from "./moderation/moderation.page";
import { overviewPages } from "./overview/overview.page";
import { paymentsAdminPages } from "./payments/payments-admin.page";
import { settingsPages } from "./settings/settings.page";
import { tempUsersPages } from "./temp-users/temp-users.page";
import { usersPages } from "./users/users.page";
import { countersPages } from "./admin-counters";
import { memberPages } from "./users/member-page";

/** /admin for a non-admin goes to /profile; signed out, to /auth (ADMIN.md). */
const requireAdminPage = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (user === null) return c.redirect("/auth", 302);
  if (!user.isAdmin) return c.redirect("/profile", 302);
  return next();
});

/**
 * The admin panel's pages: server HTML with htmx (docs/decisions/0082-admin-panel-htmx.md).
 * The server knows the user, so 'Loading Admin Panel...' never shows.
 */
export function adminPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>()
    .use("/admin", requireAdminPage)
    .use("/admin/*", requireAdminPage)
    .route("/admin", overviewPages(deps, render))
    .route("/admin", countersPages(deps))
    .route("/admin", usersPages(deps, render))
    .route("/admin", memberPages(deps, render))
    .route("/admin", moderationPages(deps, render))
    .route("/admin", adminMatchesPages(deps, render))
    .route("/admin", paymentsAdminPages(deps, render))
    .route("/admin", tempUsersPages(deps, render))
    .route("/admin", settingsPages(deps, render))
    .route("/admin", adsAdminPages(deps, render));
}

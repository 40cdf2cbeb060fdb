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

import { secondFactorPages } from "./second-factor/second-factor.page";
import { rolePages } from "./roles/role-dialog";
import { isStaffRole, pagePermission, roleMay } from "./staff-permissions";
import { SECOND_FACTOR_REQUIRED } from "../../middleware/guards";
import { isHtmx } from "./htmx";
import { renderAdmin } from "./admin-render";
import { EmptyState } from "./admin-ui";

/**
 * /admin for anyone but an admin or moderator goes to /profile; signed out, to /auth (ADMIN.md
 * 'Who'). Staff whose session has not proven a code go to /admin/2fa first, which returns them
 * here; a page their role may not open answers 403 (staff-permissions.ts).
 */
function requireStaffPage(render: RenderPage) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (user === null) return c.redirect("/auth", 302);
    if (!isStaffRole(user.role)) return c.redirect("/profile", 302);
    const path = c.req.path.replace(/^\/admin/, "");
    if (path === "/2fa" || path.startsWith("/2fa/")) return next();
    if (c.get("session")?.secondFactorAt == null) {
      const url = new URL(c.req.url);
      const target = `/admin/2fa?next=${encodeURIComponent(url.pathname + url.search)}`;
      if (!isHtmx(c) && c.req.method === "GET") return c.redirect(target, 302);
      c.header("HX-Redirect", target);
      return c.json({ message: SECOND_FACTOR_REQUIRED }, 403);
    }
    if (!roleMay(user.role, pagePermission(c.req.method, path))) {
      if (isHtmx(c) || c.req.method !== "GET") return c.json({ message: "Forbidden" }, 403);
      const t = c.get("t");
      return renderAdmin(
        c,
        render,
        { place: "overview", title: t("admin.forbidden.title"), status: 403 },
        <EmptyState
          title={t("admin.forbidden.heading")}
          body={t("admin.forbidden.body")}
          action={
            <a className="button button-outline button-small" href="/admin">
              {t("admin.forbidden.back")}
            </a>
          }
        />,
      );
    }
    return next();
  });
}

/**
 * The admin panel's pages: server HTML with htmx (docs/decisions/0082-admin-panel-htmx.md).
 * The server knows the user, so 'Loading Admin Panel...' never shows.
 */
export function adminPages(deps: AppDeps, render: RenderPage) {
  const guard = requireStaffPage(render);
  return new Hono<AppEnv>()
    .use("/admin", guard)
    .use("/admin/*", guard)
    .route("/admin", secondFactorPages(deps, render))
    .route("/admin", overviewPages(deps, render))
    .route("/admin", countersPages(deps))
    .route("/admin", usersPages(deps, render))
    .route("/admin", rolePages(deps))
    .route("/admin", memberPages(deps, render))
    .route("/admin", moderationPages(deps, render))
    .route("/admin", adminMatchesPages(deps, render))
    .route("/admin", paymentsAdminPages(deps, render))
    .route("/admin", tempUsersPages(deps, render))
    .route("/admin", settingsPages(deps, render))
    .route("/admin", adsAdminPages(deps, render));
}

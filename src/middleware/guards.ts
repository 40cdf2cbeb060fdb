import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { SessionUser } from "../features/auth/session";
import { apiPermission, isStaffRole, roleMay, type StaffPermission } from "../features/admin/staff-permissions";

/** API guard: a signed-in user, else 401 {"message":"Unauthorized"}. */
export const requireUser = createMiddleware<AppEnv>((c, next) => {
  // Not async: on the way through it hands on next()'s promise instead of wrapping it in another.
  if (c.get("user") === null) return Promise.resolve(c.json({ message: "Unauthorized" }, 401));
  return next();
});

/** API guard: an admin (role admin), checked on the server. Admin routes go through requireStaffApi instead. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (user === null) return c.json({ message: "Unauthorized" }, 401);
  if (!user.isAdmin) return c.json({ message: "Forbidden" }, 403);
  return next();
});

export const SECOND_FACTOR_REQUIRED = "Second factor required";

/**
 * Why the signed-in user may not make a staff call needing `permission`, or null when they may
 * (ADMIN.md 'Who', src/features/admin/staff-permissions.ts): not staff 403 Forbidden; staff without
 * a code proven in this session 403 "Second factor required"; staff without the permission 403 Forbidden.
 */
export function staffRefusal(c: Context<AppEnv>, permission: StaffPermission | null): { status: 401 | 403; message: string } | null {
  const user = c.get("user");
  if (user === null) return { status: 401, message: "Unauthorized" };
  if (!isStaffRole(user.role)) return { status: 403, message: "Forbidden" };
  if (c.get("session")?.secondFactorAt == null) return { status: 403, message: SECOND_FACTOR_REQUIRED };
  if (permission !== null && !roleMay(user.role, permission)) return { status: 403, message: "Forbidden" };
  return null;
}

/**
 * The guard in front of every /api/admin/* call (mounted at /api/admin/*, before any route
 * matches, so unknown paths are refused too): the permission comes from the table of
 * staff-permissions.ts by method and path; /api/admin/2fa/* needs only a staff role, since it is
 * where the second factor is proven.
 */
export const requireStaffApi = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path.replace(/^\/api\/admin/, "");
  if (path.startsWith("/2fa/")) {
    const user = c.get("user");
    if (user === null) return c.json({ message: "Unauthorized" }, 401);
    if (!isStaffRole(user.role)) return c.json({ message: "Forbidden" }, 403);
    return next();
  }
  const refusal = staffRefusal(c, apiPermission(c.req.method, path));
  if (refusal !== null) return c.json({ message: refusal.message }, refusal.status);
  return next();
});

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (user === null) throw new Error("currentUser() used on a route without requireUser");
  return user;
}

/**
 * Page access levels of the route table (spec point 2):
 * - "signedIn": signed-out visitors go to the landing page.
 * - "withPhoto": also needs a profile photo; without one every page is the profile editor.
 */
export type PageAccess = "signedIn" | "withPhoto";

export function requirePage(access: PageAccess) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (user === null) return c.redirect("/", 302);
    // A chaperone has no profile and no member page: their home is /chaperone (docs/decisions/0135).
    if (user.role === "chaperone") return c.redirect("/chaperone", 302);
    if (access === "withPhoto" && !user.hasPhoto) return c.redirect("/edit-profile", 302);
    return next();
  });
}

import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { SessionUser } from "../features/auth/session";

/** API guard: a signed-in user, else 401 {"message":"Unauthorized"}. */
export const requireUser = createMiddleware<AppEnv>((c, next) => {
  // Not async: on the way through it hands on next()'s promise instead of wrapping it in another.
  if (c.get("user") === null) return Promise.resolve(c.json({ message: "Unauthorized" }, 401));
  return next();
});

/** API guard: an admin, checked on the server for every admin route. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (user === null) return c.json({ message: "Unauthorized" }, 401);
  if (!user.isAdmin) return c.json({ message: "Forbidden" }, 403);
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
    if (access === "withPhoto" && !user.hasPhoto) return c.redirect("/edit-profile", 302);
    return next();
  });
}

import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppDeps, AppEnv } from "../../app-env";
import { staffRefusal } from "../../middleware/guards";

/**
 * Who may open the developer pages (/firebase-test, /google-setup, /oauth-dashboard;
 * docs/decisions/0139): an admin who proved the second factor in this session (the "settings"
 * permission, the admin's alone), or anyone while the server has no admin yet, since first setup
 * happens there before anyone can be made one. Otherwise a signed-out visitor goes to /auth, an
 * admin without the proof to /admin/2fa, and everyone else meets the ordinary 404 page, so the
 * pages' existence is not revealed.
 */
/** True while no account holds the admin role (first setup); the read stops at the first admin. */
export async function noAdminYet(deps: Pick<AppDeps, "db">): Promise<boolean> {
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return row === undefined;
}

export function developerPageAccess(deps: Pick<AppDeps, "db">, notFound: (c: Context<AppEnv>) => Response | Promise<Response>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (staffRefusal(c, "settings") === null) return next();
    if (await noAdminYet(deps)) return next();
    const user = c.get("user");
    if (user === null) return c.redirect("/auth", 302);
    if (user.role === "admin") return c.redirect("/admin/2fa", 302);
    return notFound(c);
  });
}

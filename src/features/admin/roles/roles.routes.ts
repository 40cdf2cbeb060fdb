import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { zValidator } from "@hono/zod-validator";
import { eq } from "drizzle-orm";
import type { AppDeps, AppEnv } from "../../../app-env";
import { reports } from "../../../../db/schema";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { announceChange } from "../htmx";
import { changeRole, GRANTABLE_ROLES, ROLE_MESSAGES, roleTargetOf, staffTargetRefusal } from "./roles.service";

const roleBodySchema = z.object({ role: z.enum(GRANTABLE_ROLES, { message: ROLE_MESSAGES.invalidRole }) });
const idParam = z.object({ id: z.string().min(1).max(64) });

/** POST /api/admin/users/{id}/role (ADMIN.md 'Who'), behind requireStaffApi's "roles" (admins only). */
export function rolesApi(deps: AppDeps) {
  return new Hono<AppEnv>().post("/users/:id/role", zValidator("param", idParam, rejectInvalid), zValidator("json", roleBodySchema, rejectInvalid), async (c) => {
    const result = await changeRole(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").role);
    if (!result.ok) return c.json({ message: result.message }, result.status);
    const t = c.get("t");
    announceChange(c, { title: t("admin.roles.toast", { role: t(`admin.roles.names.${result.value.role}`) }) }, ["users", "member", "actions"]);
    return c.json({ message: ROLE_MESSAGES.changed, ...result.value });
  });
}

/**
 * Which member a call would ban, suspend or delete: the path's id, or for a report decided with
 * ban or suspend (ADMIN.md 'Reports that act') the reported member. Null: not such a call.
 */
async function affectedMember(deps: Pick<AppDeps, "db">, method: string, path: string, body: () => Promise<unknown>): Promise<string | null> {
  const member = /^\/users\/([^/]+)\/(ban|suspend)$/.exec(path);
  if (method === "POST" && member) return decodeURIComponent(member[1]!);
  const deleted = /^\/users\/([^/]+)$/.exec(path);
  if (method === "DELETE" && deleted) return decodeURIComponent(deleted[1]!);
  const report = /^\/reports\/([^/]+)$/.exec(path);
  if (method === "PATCH" && report) {
    const action = await body().then((value) => (value !== null && typeof value === "object" ? (value as { action?: unknown }).action : undefined), () => undefined);
    if (action !== "ban" && action !== "suspend") return null;
    const [row] = await deps.db.select({ userId: reports.reportedUserId }).from(reports).where(eq(reports.id, decodeURIComponent(report[1]!))).limit(1);
    return row?.userId ?? null;
  }
  return null;
}

/**
 * ADMIN.md 'Who': banning, suspending or deleting another admin or moderator is 403 unless the
 * caller is the super admin, whichever call does it (a member's page, the users list, a report's
 * decision). In front of every /api/admin call, after requireStaffApi; the super admin's own
 * protection (400) and oneself (400) are each action's to say.
 */
export function protectStaffTargets(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.replace(/^\/api\/admin/, "");
    // The body is read once here; Hono keeps it for the route's validator.
    const memberId = await affectedMember(deps, c.req.method, path, () => c.req.json());
    if (memberId === null) return next();
    const target = await roleTargetOf(deps, { id: memberId });
    const refusal = target === null ? null : staffTargetRefusal(deps.config, currentUser(c), target);
    if (refusal !== null) return c.json({ message: refusal.message }, refusal.status);
    return next();
  });
}

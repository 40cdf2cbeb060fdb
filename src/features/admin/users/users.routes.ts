import { Hono, type Context } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { announceChange, type RefreshArea } from "../htmx";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { ADMIN_USER_MESSAGES, banBodySchema, idParamSchema, userListQuerySchema } from "./users.schemas";
import { banMember, deleteMember, listUsers, unbanMember, USER_CSV, type AdminResult } from "./users.service";
import { answerList } from "../list-csv";

/** A path id that cannot be one of ours names no member: 404 like an unknown one. */
export const validUserId = zValidator("param", idParamSchema, (result, c) => (result.success ? undefined : c.json({ message: ADMIN_USER_MESSAGES.userNotFound }, 404)));

/**
 * The answer of a change: the JSON message, and for the panel (htmx) the spec's success toast in
 * the admin's language plus the areas whose lists reload (docs/decisions/0082).
 */
export function changeAnswer(c: Context<AppEnv>, result: AdminResult<unknown>, message: string, toastKey: string, refresh: RefreshArea[]) {
  if (!result.ok) return c.json({ message: result.message }, result.status);
  announceChange(c, { title: c.get("t")(toastKey) }, refresh);
  return c.json({ message });
}

/**
 * GET /api/admin/users?page&limit&search&filter&sort&format, POST /api/admin/users/{id}/ban {reason},
 * POST /api/admin/users/{id}/unban, DELETE /api/admin/users/{id} (ADMIN.md "Lists"). Mounted
 * behind requireStaffApi (admin.routes.ts).
 */
export function usersApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/users", zValidator("query", userListQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "users", read: (query) => listUsers(deps, query), rows: (page) => page.users, csv: USER_CSV }),
    )
    .post("/users/:id/ban", validUserId, zValidator("json", banBodySchema, rejectInvalid), async (c) => {
      const result = await banMember(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").reason);
      return changeAnswer(c, result, ADMIN_USER_MESSAGES.banned, "admin.users.toast.banned", ["users", "actions"]);
    })
    .post("/users/:id/unban", validUserId, async (c) => {
      const result = await unbanMember(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, ADMIN_USER_MESSAGES.unbanned, "admin.users.toast.unbanned", ["users", "actions"]);
    })
    .delete("/users/:id", validUserId, async (c) => {
      const result = await deleteMember(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, ADMIN_USER_MESSAGES.deleted, "admin.users.toast.deleted", ["users", "temp-users", "matches", "actions"]);
    });
}

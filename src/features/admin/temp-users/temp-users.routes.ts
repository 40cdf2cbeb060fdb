import { Hono } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { changeAnswer } from "../users/users.routes";
import { ADMIN_USER_MESSAGES, idParamSchema, tempUserListQuerySchema } from "../users/users.schemas";
import { deleteTempUser, listTempUsers } from "./temp-users.service";
import { USER_CSV } from "../users/users.service";
import { answerList } from "../list-csv";

const validTempUserId = zValidator("param", idParamSchema, (result, c) => (result.success ? undefined : c.json({ message: ADMIN_USER_MESSAGES.tempUserNotFound }, 404)));

/** GET /api/admin/temp-users?page&limit&sort&format and DELETE /api/admin/temp-users/{id} (ADMIN.md "Lists"). */
export function tempUsersApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/temp-users", zValidator("query", tempUserListQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "temp-users", read: (query) => listTempUsers(deps, query), rows: (page) => page.users, csv: USER_CSV }),
    )
    .delete("/temp-users/:id", validTempUserId, async (c) => {
      const result = await deleteTempUser(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, ADMIN_USER_MESSAGES.tempUserDeleted, "admin.tempUsers.toast.deleted", ["temp-users", "users", "actions"]);
    });
}

import { Hono } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { changeAnswer } from "../users/users.routes";
import { ADMIN_USER_MESSAGES, idParamSchema, matchListQuerySchema } from "../users/users.schemas";
import { deleteAdminMatch, listAdminMatches, MATCH_CSV } from "./admin-matches.service";
import { answerList } from "../list-csv";

const validMatchId = zValidator("param", idParamSchema, (result, c) => (result.success ? undefined : c.json({ message: ADMIN_USER_MESSAGES.matchNotFound }, 404)));

/** GET /api/admin/matches?page&limit&search&sort&format and DELETE /api/admin/matches/{id} (ADMIN.md "Lists"). */
export function adminMatchesApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/matches", zValidator("query", matchListQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "matches", read: (query) => listAdminMatches(deps, query), rows: (page) => page.matches, csv: MATCH_CSV }),
    )
    .delete("/matches/:id", validMatchId, async (c) => {
      const result = await deleteAdminMatch(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, ADMIN_USER_MESSAGES.matchDeleted, "admin.matchManagement.toast.deleted", ["matches", "actions"]);
    });
}

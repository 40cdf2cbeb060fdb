import { Hono, type Context } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { invalidInput } from "../../middleware/invalid-input";
import { INVALID_MATCH_ID, matchParamSchema } from "./matches.schemas";
import { deleteMatchFor, listMatches, tabCounts } from "./matches.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { matchesApiDocs } from "./matches.api-docs";

const validMatchId = zValidator("param", matchParamSchema, invalidInput(INVALID_MATCH_ID));

/**
 * Matches API (signed-in users; each sees only their own matches):
 * GET /api/matches, and unmatch as POST /api/matches/{id}/unmatch or DELETE /api/matches/{id}.
 */
export function matchesRoutes(deps: AppDeps) {
  const unmatch = async (c: Context<AppEnv>, matchId: string) => {
    const user = currentUser(c);
    const pair = await deleteMatchFor(deps.db, matchId, user.id);
    if (pair === null) return c.json({ message: "Match not found" }, 404);
    // The realtime area tells both people's pages and ends a call of this match.
    deps.events.emit("match.removed", { matchId, userIds: pair });
    return c.json({ message: "Unmatched" });
  };

  const routes = new Hono<AppEnv>()
    .use("/matches", requireUser)
    .use("/matches/*", requireUser)
    .get("/matches", async (c) => c.json(await listMatches(deps.db, currentUser(c).id, c.get("lang"), deps.clock.now())))
    // The tab bar's unread badge (src/views/components.tsx, kept live by the realtime notices).
    .get("/matches/unread", async (c) => c.json(await tabCounts(deps.db, currentUser(c).id)))
    .post("/matches/:matchId/unmatch", validMatchId, (c) => unmatch(c, c.req.valid("param").matchId))
    .delete("/matches/:matchId", validMatchId, (c) => unmatch(c, c.req.valid("param").matchId));
  return describeRoutes(routes, matchesApiDocs);
}

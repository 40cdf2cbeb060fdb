import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { deleteMatchFor, listMatches } from "./matches.service";

/**
 * Matches API (signed-in users; each sees only their own matches):
 * GET /api/matches, and unmatch as POST /api/matches/{id}/unmatch or DELETE /api/matches/{id}.
 */
export function matchesRoutes(deps: AppDeps) {
  const unmatch = async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const matchId = c.req.param("matchId") ?? "";
    if (matchId.length === 0 || matchId.length > 64) return c.json({ message: "Match not found" }, 404);
    const pair = await deleteMatchFor(deps.db, matchId, user.id);
    if (pair === null) return c.json({ message: "Match not found" }, 404);
    // The realtime area tells both people's pages and ends a call of this match.
    deps.events.emit("match.removed", { matchId, userIds: pair });
    return c.json({ message: "Unmatched" });
  };

  return new Hono<AppEnv>()
    .use("/matches", requireUser)
    .use("/matches/*", requireUser)
    .get("/matches", async (c) => c.json(await listMatches(deps.db, currentUser(c).id)))
    .post("/matches/:matchId/unmatch", unmatch)
    .delete("/matches/:matchId", unmatch);
}

import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { secondsUntilNextJakartaDay } from "../../platform/clock";
import { hasPremium } from "../premium/plan-rules";
import { discoveryQuerySchema, swipeBodySchema } from "./discovery.schemas";
import { cardFor, countPendingLikes, listPendingLikes, loadViewer, publicProfileFor, suggestFor, touchActivity } from "./discovery.service";
import { boost, swipe, undoLastSwipe } from "./swipe.service";
import { filtersSchema } from "./filters";
import { filtersOf, saveFilters } from "./filters.service";
import { validationFailure } from "../profile/profile.schemas";
import { describeRoutes } from "../api-docs/describe-routes";
import { discoveryApiDocs } from "./discovery.api-docs";

export const PROFILE_INCOMPLETE = "Profile incomplete";

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (issue === undefined) return "Invalid request";
  return issue.path.length > 0 ? `Invalid ${issue.path.join(".")}` : issue.message;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Discover API (issue 5). Every route needs a signed-in user and acts as that user only:
 * GET /api/discovery, POST /api/swipe, POST /api/swipe/undo, POST /api/boost, GET /api/likes.
 */
export function discoveryRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/discovery", requireUser)
    .use("/discovery/*", requireUser)
    .use("/swipe", requireUser)
    .use("/swipe/*", requireUser)
    .use("/boost", requireUser)
    .use("/likes", requireUser)
    .use("/profiles/*", requireUser)
    .get("/discovery", async (c) => {
      const user = currentUser(c);
      const parsed = discoveryQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
      const viewer = await loadViewer(deps.db, user.id);
      if (viewer === null) return c.json({ message: PROFILE_INCOMPLETE }, 400);
      const now = deps.clock.now();
      await touchActivity(deps.db, user.id, now);
      return c.json(await suggestFor(deps.db, viewer, now, parsed.data.limit, parsed.data.exclude, { likesFirst: hasPremium(user, now), minMatch: parsed.data.minMatch, lang: c.get("lang") }));
    })
    /** Another member's public profile, for people who may see each other (MATCHING.md, docs/decisions/0133). */
    .get("/profiles/:userId", async (c) => {
      const user = currentUser(c);
      const viewer = await loadViewer(deps.db, user.id);
      const userId = c.req.param("userId");
      const profile = viewer === null || userId.length > 64 ? null : await publicProfileFor(deps.db, viewer, userId, deps.clock.now(), c.get("lang"));
      return profile === null ? c.json({ message: "Profile not found" }, 404) : c.json(profile);
    })
    /** Discover filters (docs/decisions/0097): the whole set is read and written at once. */
    .get("/discovery/filters", async (c) => {
      c.header("Cache-Control", "no-store");
      const filters = await filtersOf(deps.db, currentUser(c).id);
      return filters === null ? c.json({ message: PROFILE_INCOMPLETE }, 400) : c.json(filters);
    })
    .put("/discovery/filters", async (c) => {
      const parsed = filtersSchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json(validationFailure(parsed.error.issues), 400);
      const saved = await saveFilters(deps.db, currentUser(c).id, deps.clock.now(), parsed.data);
      return saved === null ? c.json({ message: PROFILE_INCOMPLETE }, 400) : c.json(saved);
    })
    .post("/swipe", async (c) => {
      const user = currentUser(c);
      const parsed = swipeBodySchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
      const now = deps.clock.now();
      const result = await swipe(deps.db, user, now, parsed.data);
      if (!result.ok) {
        // The daily limit lifts at Jakarta midnight (API.md: a 429 says when to retry).
        if (result.status === 429) c.header("Retry-After", String(secondsUntilNextJakartaDay(now)));
        return c.json({ message: result.message }, result.status);
      }
      deps.events.emit("swipe.recorded", { kind: parsed.data.isSuperLike === true ? "super_like" : parsed.data.isLike ? "like" : "pass" });
      if (result.createdMatch && result.matchId !== undefined) {
        deps.events.emit("match.created", { matchId: result.matchId, userIds: [user.id, parsed.data.swipedId] });
      }
      return c.json(result.matchId === undefined ? { isMatch: result.isMatch } : { isMatch: result.isMatch, matchId: result.matchId });
    })
    .post("/swipe/undo", async (c) => {
      const user = currentUser(c);
      const result = await undoLastSwipe(deps.db, user, deps.clock.now());
      if (!result.ok) return c.json({ message: result.message }, result.status);
      const viewer = await loadViewer(deps.db, user.id);
      // The card comes back so the deck can put it on top again.
      const card = viewer === null ? null : await cardFor(deps.db, viewer, result.swipedId, c.get("lang"), deps.clock.now());
      return c.json({ swipedId: result.swipedId, card });
    })
    .post("/boost", async (c) => {
      const result = await boost(deps.db, currentUser(c), deps.clock.now());
      if (!result.ok) return c.json({ message: result.message }, result.status);
      return c.json({ boostedUntil: result.boostedUntil.toISOString() });
    })
    .get("/likes", async (c) => {
      const user = currentUser(c);
      // Free members learn only how many (spec point 6: seeing who is a premium feature).
      if (!hasPremium(user, deps.clock.now())) return c.json({ count: await countPendingLikes(deps.db, user.id), people: null, locked: true });
      const people = await listPendingLikes(deps.db, user.id, c.get("lang"));
      return c.json({ count: await countPendingLikes(deps.db, user.id), people, locked: false });
    });
  return describeRoutes(routes, discoveryApiDocs);
}

import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { describeRoutes } from "../api-docs/describe-routes";
import { announceChange } from "../admin/htmx";
import { vouchesAdminApiDocs, vouchesApiDocs } from "./vouches.api-docs";
import { vouchBodySchema } from "./vouches.schemas";
import { adminRemoveVouch, createVouch, decideVouch, listVouches, removeVouch } from "./vouches.service";
import { createVouchLink } from "./vouch-links";
import { VOUCH_MESSAGES } from "./vouch-rules";

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** Church vouching's member calls (MATCHING.md 'Church vouching', docs/decisions/0134). */
export function vouchesRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/vouches", requireUser)
    .use("/vouches/*", requireUser)
    .get("/vouches", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listVouches(deps, currentUser(c).id));
    })
    .post("/vouches", async (c) => {
      const parsed = vouchBodySchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json({ message: parsed.error.issues[0]?.message ?? "Invalid request" }, 400);
      const result = await createVouch(deps, currentUser(c).id, parsed.data.userId, parsed.data.note);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      return c.json(result.value, 201);
    })
    .post("/vouches/link", async (c) => c.json({ url: await createVouchLink(deps, currentUser(c).id) }, 201))
    .post("/vouches/:id/accept", async (c) => {
      const result = await decideVouch(deps, currentUser(c).id, c.req.param("id"), "accepted");
      return result.ok ? c.json(result.value) : c.json({ message: result.message }, result.status);
    })
    .post("/vouches/:id/decline", async (c) => {
      const result = await decideVouch(deps, currentUser(c).id, c.req.param("id"), "declined");
      return result.ok ? c.json(result.value) : c.json({ message: result.message }, result.status);
    })
    .delete("/vouches/:id", async (c) => {
      const removed = await removeVouch(deps, currentUser(c).id, c.req.param("id"));
      return removed ? c.json({ message: VOUCH_MESSAGES.removed }) : c.json({ message: VOUCH_MESSAGES.vouchNotFound }, 404);
    });
  return describeRoutes(routes, vouchesApiDocs);
}

/**
 * DELETE /api/admin/vouches/{id}: behind requireStaffApi (src/features/admin/admin.routes.ts),
 * open to admins and moderators ("users.moderate" in staff-permissions.ts).
 */
export function vouchesAdminApi(deps: AppDeps) {
  const routes = new Hono<AppEnv>().delete("/vouches/:id", async (c) => {
    const removed = await adminRemoveVouch(deps, currentUser(c), c.req.param("id"));
    if (removed) announceChange(c, { title: c.get("t")("admin.member.vouches.removed") }, ["member", "actions"]);
    return removed ? c.json({ message: VOUCH_MESSAGES.removed }) : c.json({ message: VOUCH_MESSAGES.vouchNotFound }, 404);
  });
  return describeRoutes(routes, vouchesAdminApiDocs);
}

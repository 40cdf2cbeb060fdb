import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { rejectInvalid } from "../../middleware/invalid-input";
import { RateLimiter } from "../../middleware/rate-limit";
import { clearSessionCookie } from "../../middleware/session";
import { exportAccountData } from "./export-data";
import { DELETE_MESSAGES, deleteOwnAccount } from "./delete-own-account";
import { describeRoutes } from "../api-docs/describe-routes";
import { accountApiDocs } from "./account.api-docs";

/** Password tries on the delete call: a stolen session must not become a password oracle. */
const DELETE_TRIES = { limit: 5, windowMs: 15 * 60_000 };
/** Exports read every photo: a few an hour is plenty for a person. */
const EXPORTS = { limit: 5, windowMs: 60 * 60_000 };

const deleteSchema = z.object({ password: z.string().max(1024).optional() });

/**
 * Data rights in Settings: GET /api/account/export (a zip of JSON and photos) and
 * DELETE /api/account {password?} (docs/decisions/0091).
 */
export function accountRoutes(deps: AppDeps) {
  const clockMs = () => deps.clock.now().getTime();
  const deleteTries = new RateLimiter(DELETE_TRIES.limit, DELETE_TRIES.windowMs, clockMs);
  const exports = new RateLimiter(EXPORTS.limit, EXPORTS.windowMs, clockMs);
  const routes = new Hono<AppEnv>()
    .use("/account", requireUser)
    .use("/account/*", requireUser)
    .get("/account/export", async (c) => {
      const user = currentUser(c);
      if (!exports.hit(user.id)) {
        c.header("Retry-After", String(exports.retryAfterSeconds(user.id)));
        return c.json({ message: "Too many downloads. Please try again later" }, 429);
      }
      const zip = await exportAccountData(deps, user.id);
      if (zip === null) return c.json({ message: "User not found" }, 404);
      const day = deps.clock.now().toISOString().slice(0, 10);
      c.header("Content-Type", "application/zip");
      c.header("Content-Disposition", `attachment; filename="kasih-data-${day}.zip"`);
      c.header("Cache-Control", "no-store");
      return c.body(zip as Uint8Array<ArrayBuffer>);
    })
    .delete("/account", zValidator("json", deleteSchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const session = c.get("session")!;
      if (deleteTries.isLimited(user.id)) {
        c.header("Retry-After", String(deleteTries.retryAfterSeconds(user.id)));
        return c.json({ message: "Too many attempts. Please try again later" }, 429);
      }
      const result = await deleteOwnAccount(deps, user.id, session.id, c.req.valid("json").password);
      if (!result.ok) {
        if (result.message === DELETE_MESSAGES.wrongPassword) deleteTries.hit(user.id);
        return c.json(result.reauthenticate ? { message: result.message, reauthenticate: true } : { message: result.message }, result.status);
      }
      clearSessionCookie(c, deps.config);
      return c.json({ message: DELETE_MESSAGES.deleted });
    });
  return describeRoutes(routes, accountApiDocs);
}

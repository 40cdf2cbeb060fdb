import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { rejectInvalid } from "../../middleware/invalid-input";
import { settingsPatchSchema } from "./settings.schemas";
import { settingsOf, updateSettings } from "./settings.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { settingsApiDocs } from "./settings.api-docs";

/** GET /api/settings and PATCH /api/settings {readReceipts?, showActivity?, showDistance?, verifiedOnly?, notifications?}. */
export function settingsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/settings", requireUser)
    .get("/settings", async (c) => {
      const settings = await settingsOf(deps.db, currentUser(c).id);
      return settings === null ? c.json({ message: "User not found" }, 404) : c.json(settings);
    })
    .patch("/settings", zValidator("json", settingsPatchSchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const settings = await updateSettings(deps.db, user.id, c.req.valid("json"));
      return settings === null ? c.json({ message: "User not found" }, 404) : c.json(settings);
    });
  return describeRoutes(routes, settingsApiDocs);
}

import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser } from "../../middleware/guards";
import { announceChange } from "../admin/htmx";
import { AD_CONFIG_MESSAGES, listAdConfigs, saveAdConfig } from "./ad-configs.service";

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * The ad platforms' ids and the Meta token (spec point 7, ADMIN.md "Ads"), under /api/admin
 * behind requireStaffApi. The body is checked by adConfigSchema (ad-configs.service.ts).
 */
export function adConfigsApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/ad-configs", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ configs: await listAdConfigs(deps) });
    })
    .post("/ad-configs", async (c) => {
      const body = await jsonBody(c);
      if (typeof body !== "object" || body === null || Array.isArray(body)) return c.json({ message: AD_CONFIG_MESSAGES.invalid }, 400);
      const result = await saveAdConfig(deps, currentUser(c), body);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      const t = c.get("t");
      announceChange(c, { title: result.config.platform === "admob" ? t("admin.settings.toasts.admobSaved") : t("admin.settings.toasts.metaSaved") }, ["ad-configs"]);
      return c.json({ config: result.config });
    });
}

import { Hono, type Context } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { admobConfigSetting, saveAdmobConfigSetting } from "../../ads/ad-configs.service";
import { announceChange } from "../htmx";
import { isSettingKey, settingKind, type Gateway } from "../settings.registry";
import { SETTING_MESSAGES, settingForAdmin, updateSetting } from "../settings.service";
import { GATEWAY_KEY_MESSAGES, keyFormatProblem, normaliseKey, saveGatewayKeys } from "./gateway-keys";

/** POST /api/admin/settings/{key}: {value}; spec point 7 adds a description to admob_config, which is not kept. */
const settingBodySchema = z.object({
  value: z.unknown(),
  description: z.string({ message: SETTING_MESSAGES.wrongType }).max(1_000, SETTING_MESSAGES.wrongType).optional(),
});

const jsonObjectSchema = z.record(z.string(), z.unknown(), { message: GATEWAY_KEY_MESSAGES.invalidConfig });

const rejectWith = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) => (result.success ? undefined : c.json({ message }, 400));

/**
 * The Settings tab's calls (ADMIN.md "Settings"), behind requireStaffApi: read and change one
 * setting, and save a gateway's keys at once. Secrets are answered masked, {set, last4}.
 */
export function settingsApi(deps: AppDeps) {
  const savedToast = (c: Context<AppEnv>) => ({ title: c.get("t")("admin.settings.toasts.settingUpdated"), description: c.get("t")("admin.settings.toasts.settingUpdatedBody") });
  const gatewayToast = (c: Context<AppEnv>, gateway: Gateway) => {
    const t = c.get("t");
    const titles: Record<Gateway, string> = {
      midtrans: t("admin.settings.toasts.midtransSaved"),
      xendit: t("admin.settings.toasts.xenditSaved"),
      doku: t("admin.settings.toasts.dokuSaved"),
      ipaymu: t("admin.settings.toasts.ipaymuSaved"),
    };
    return { title: titles[gateway] };
  };

  return new Hono<AppEnv>()
    .get("/settings/:key", async (c) => {
      const key = c.req.param("key");
      if (!isSettingKey(key)) return c.json({ message: SETTING_MESSAGES.unknownKey }, 404);
      c.header("Cache-Control", "no-store");
      // One source of truth: the AdMob ids live in ad_configs (src/features/ads/ad-configs.service.ts).
      if (key === "admob_config") return c.json({ key, value: await admobConfigSetting(deps.db) });
      return c.json(await settingForAdmin(deps, key));
    })
    .post("/settings/:key", zValidator("json", settingBodySchema, rejectWith(SETTING_MESSAGES.wrongType)), async (c) => {
      const key = c.req.param("key");
      // ADMIN.md: reading an unknown key is 404, changing one is invalid input (400).
      if (!isSettingKey(key)) return c.json({ message: SETTING_MESSAGES.unknownKey }, 400);
      const admin = currentUser(c);
      const { value } = c.req.valid("json");
      if (key === "admob_config") {
        const result = await saveAdmobConfigSetting(deps, admin, value);
        if (!result.ok) return c.json({ message: result.message }, result.status);
        announceChange(c, { title: c.get("t")("admin.settings.toasts.admobSaved") }, ["ad-configs"]);
        return c.json({ key, value: await admobConfigSetting(deps.db) });
      }
      const kind = settingKind(key);
      if ((kind === "secret" || kind === "text") && typeof value === "string" && value.trim() !== "") {
        const problem = keyFormatProblem(key, normaliseKey(key, value));
        if (problem !== null) return c.json({ message: problem }, 400);
      }
      const result = await updateSetting(deps, admin, key, typeof value === "string" && kind !== "json" ? normaliseKey(key, value) : value);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      announceChange(c, savedToast(c), ["settings"]);
      return c.json(await settingForAdmin(deps, key));
    })
    .post("/payment-config", zValidator("json", jsonObjectSchema, rejectWith(GATEWAY_KEY_MESSAGES.invalidConfig)), async (c) => {
      const result = await saveGatewayKeys(deps, currentUser(c), c.req.valid("json"));
      if (!result.ok) return c.json({ message: result.message }, result.status);
      announceChange(c, gatewayToast(c, result.gateway), ["settings"]);
      return c.json({ gateway: result.gateway, keys: result.keys });
    });
}

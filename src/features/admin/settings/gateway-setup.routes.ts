import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import { translateMessage } from "../../../../islands/runtime/messages";
import { announceChange } from "../htmx";
import { GATEWAY_TEST_MESSAGES, gatewaySetups, isGateway, testGatewayConnection } from "./gateway-setup";

/**
 * ADMIN.md 'Gateway setup', behind requireStaffApi (admin.routes.ts):
 * - GET /api/admin/payment-config: per gateway `enabled`, masked `keys`, `mode` and `notificationUrl`;
 * - POST /api/admin/payment-config/{gateway}/test: 200 `{ok: true}` or `{ok: false, message}`.
 * The test answers 200 either way (the call worked; the gateway said no), so the panel's button
 * shows the result as a toast in the admin's language (docs/decisions/0125).
 */
export function gatewaySetupApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/payment-config", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await gatewaySetups(deps));
    })
    .post("/payment-config/:gateway/test", async (c) => {
      const gateway = c.req.param("gateway");
      if (!isGateway(gateway)) return c.json({ message: GATEWAY_TEST_MESSAGES.unknownGateway }, 404);
      const result = await testGatewayConnection(deps, gateway);
      const t = c.get("t");
      const name = t(`admin.gateways.${gateway}`);
      if (result.ok) {
        const mode = result.mode === null ? "" : ` ${t(`admin.money.setup.modeSentence.${result.mode}`)}`;
        announceChange(c, { title: t("admin.money.setup.testOk", { gateway: name }), description: `${t("admin.money.setup.testOkBody")}${mode}` });
        return c.json({ ok: true as const });
      }
      announceChange(c, { title: t("admin.money.setup.testFailed", { gateway: name }), description: translateMessage(t, result.message), variant: "destructive" });
      return c.json({ ok: false as const, message: result.message });
    });
}

import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { requireUser } from "../../middleware/guards";
import { offeredPaymentMethods } from "./payment-methods";
import { describeRoutes } from "../api-docs/describe-routes";
import { paymentMethodsApiDocs } from "./payments.api-docs";

/** GET /api/payment/methods (signed-in members): what the payment method dialog offers. */
export function paymentMethodsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>().use("/payment/methods", requireUser).get("/payment/methods", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ methods: await offeredPaymentMethods(deps) });
  });
  return describeRoutes(routes, paymentMethodsApiDocs);
}

import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { paymentChoices } from "./payment-methods";
import { describeRoutes } from "../api-docs/describe-routes";
import { paymentMethodsApiDocs } from "./payments.api-docs";

/** GET /api/payment/methods (signed-in members): what the payment method dialog offers. */
export function paymentMethodsRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>().use("/payment/methods", requireUser).get("/payment/methods", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await paymentChoices(deps, currentUser(c).id));
  });
  return describeRoutes(routes, paymentMethodsApiDocs);
}

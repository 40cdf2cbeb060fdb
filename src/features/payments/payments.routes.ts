/**
 * The payments calls of signed-in members (PAYMENTS.md 'Calls') and the gateways' notifications.
 * One code path per route: the rules are in the service, activation and notification modules.
 */
import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { invalidInput } from "../../middleware/invalid-input";
import { RateLimiter } from "../../middleware/rate-limit";
import { PAYMENT_CREATIONS_PER_HOUR } from "../../platform/constants";
import { handleNotification, isGatewayName } from "./notifications";
import { PAYMENT_MESSAGES, paymentCreateBody, subscriptionBody, walletActivateBody } from "./payments.schemas";
import { planHistoryOf } from "./plan-history";
import { createPayment, createSubscription, paymentOf, qrPngOf } from "./payments.service";
import { activateWithWallet } from "./wallet";
import { describeRoutes } from "../api-docs/describe-routes";
import { paymentsApiDocs } from "./payments.api-docs";

export function paymentsRoutes(deps: AppDeps) {
  const creations = new RateLimiter(PAYMENT_CREATIONS_PER_HOUR, 60 * 60_000, () => deps.clock.now().getTime());
  const routes = new Hono<AppEnv>()
    .use("/subscription", requireUser)
    .use("/subscription/*", requireUser)
    .use("/payment/create", requireUser)
    .use("/payments", requireUser)
    .post("/subscription", zValidator("json", subscriptionBody, invalidInput(PAYMENT_MESSAGES.invalidBody)), async (c) => {
      const result = await createSubscription(deps, currentUser(c), c.req.valid("json"));
      return result.ok ? c.json(result.value, 201) : c.json({ message: result.message }, result.status);
    })
    .post("/payment/create", zValidator("json", paymentCreateBody, invalidInput(PAYMENT_MESSAGES.invalidBody)), async (c) => {
      const user = currentUser(c);
      if (!creations.hit(user.id)) {
        c.header("Retry-After", String(creations.retryAfterSeconds(user.id)));
        return c.json({ message: PAYMENT_MESSAGES.tooMany }, 429);
      }
      const result = await createPayment(deps, user, c.req.valid("json"));
      c.header("Cache-Control", "no-store");
      return result.ok ? c.json(result.value, 201) : c.json({ message: result.message }, result.status);
    })
    .get("/payments", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await planHistoryOf(deps, currentUser(c).id));
    })
    .post("/subscription/activate/:paymentId", zValidator("json", walletActivateBody, invalidInput(PAYMENT_MESSAGES.walletFailed)), async (c) => {
      const result = await activateWithWallet(deps, currentUser(c).id, c.req.param("paymentId"), c.req.valid("json").paymentToken);
      return result.ok ? c.json(result.value) : c.json({ message: result.message }, result.status);
    })
    // Notifications are small JSON or form bodies: the app-wide limit (src/middleware/body-limits.ts)
    // refuses anything larger before it is read.
    .post("/payment/notify/:gateway", async (c) => {
      const name = c.req.param("gateway");
      if (!isGatewayName(name)) return c.json({ message: "Unknown gateway" }, 404);
      const answer = await handleNotification(deps, name, { headers: c.req.raw.headers, rawBody: await c.req.text(), path: c.req.path });
      return c.json({ message: answer.message }, answer.status);
    })
    .get("/payment/:paymentId/qr.png", requireUser, async (c) => {
      c.header("Cache-Control", "no-store");
      const result = await qrPngOf(deps, currentUser(c).id, c.req.param("paymentId"));
      if (!result.ok) return c.json({ message: result.message }, result.status);
      return c.body(result.png, 200, { "Content-Type": "image/png", "Content-Disposition": `attachment; filename="${result.fileName}"` });
    })
    .get("/payment/:paymentId", requireUser, async (c) => {
      c.header("Cache-Control", "no-store");
      const payment = await paymentOf(deps, currentUser(c).id, c.req.param("paymentId"));
      return payment === null ? c.json({ message: PAYMENT_MESSAGES.notFound }, 404) : c.json(payment);
    });
  return describeRoutes(routes, paymentsApiDocs);
}

import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { allowedEndpoint, removeSubscription, saveSubscription, vapidKeys } from "./push.service";
import { subscriptionSchema, unsubscribeSchema } from "./push.schemas";
import { describeRoutes } from "../api-docs/describe-routes";
import { pushApiDocs } from "./push.api-docs";

export const PUSH_MESSAGES = {
  invalid: "Invalid push subscription",
  service: "This push service is not supported",
  notFound: "Push subscription not found",
  taken: "This push subscription belongs to another account",
} as const;

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** Web push (docs/decisions/0098): the server's public key, and this browser's subscription. */
export function pushRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/push/*", requireUser)
    .get("/push/key", (c) => c.json({ publicKey: vapidKeys(deps.config).publicKey }))
    .post("/push/subscriptions", async (c) => {
      const parsed = subscriptionSchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json({ message: PUSH_MESSAGES.invalid }, 400);
      if (!allowedEndpoint(deps.config, parsed.data.endpoint)) return c.json({ message: PUSH_MESSAGES.service }, 400);
      if (!(await saveSubscription(deps, currentUser(c).id, parsed.data))) return c.json({ message: PUSH_MESSAGES.taken }, 409);
      return c.json({ subscribed: true }, 201);
    })
    .delete("/push/subscriptions", async (c) => {
      const parsed = unsubscribeSchema.safeParse(await readJson(c));
      if (!parsed.success) return c.json({ message: PUSH_MESSAGES.invalid }, 400);
      const removed = await removeSubscription(deps, currentUser(c).id, parsed.data.endpoint);
      return removed ? c.json({ subscribed: false }) : c.json({ message: PUSH_MESSAGES.notFound }, 404);
    });
  return describeRoutes(routes, pushApiDocs);
}

import * as z from "zod";
import type { ApiOperation } from "../api-docs/describe-routes";
import { subscriptionSchema, unsubscribeSchema } from "./push.schemas";

const subscribed = (value: boolean) => z.object({ subscribed: z.literal(value) });

/** Web push calls for the OpenAPI document (docs/decisions/0119); keys as pushRoutes names them. */
export const pushApiDocs: Record<string, ApiOperation> = {
  "GET /push/key": {
    tag: "Push",
    access: "member",
    summary: "The server's VAPID public key",
    description: "The applicationServerKey to pass to PushManager.subscribe().",
    success: { description: "The key, base64url.", schema: z.object({ publicKey: z.string() }) },
  },
  "POST /push/subscriptions": {
    tag: "Push",
    access: "member",
    summary: "Save this browser's push subscription",
    description: "The JSON of PushSubscription.toJSON(). At most 10 per member: a new one beyond that replaces the member's oldest.",
    body: subscriptionSchema,
    success: { status: 201, description: "Saved.", schema: subscribed(true) },
    refusals: { 400: "Not a valid subscription, or a push service this server does not send to.", 409: "The endpoint is another member's subscription; it is not moved." },
  },
  "DELETE /push/subscriptions": {
    tag: "Push",
    access: "member",
    summary: "Forget a push subscription",
    body: unsubscribeSchema,
    success: { description: "Removed.", schema: subscribed(false) },
    refusals: { 400: "No endpoint.", 404: "No such subscription of the member's." },
  },
};

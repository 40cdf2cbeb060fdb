import * as z from "zod";

const base64url = (bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+$/).refine((value) => Buffer.from(value, "base64url").length === bytes);

/** What PushSubscription.toJSON() gives (expirationTime is ignored: the push service's 404/410 says when it ends). */
export const subscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

/** DELETE /api/push/subscriptions: the endpoint to forget. */
export const unsubscribeSchema = z.object({ endpoint: z.string().max(2048) });

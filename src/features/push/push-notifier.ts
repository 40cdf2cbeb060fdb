/**
 * Turns the app's events into pushes (docs/decisions/0098): a message, a match for the one who
 * liked first, a ringing call. Only for members with no page open on this instance; sending never
 * delays or fails the request that caused it.
 */
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { pushTo, type PushEvent } from "./push.service";

export function startPushNotifier(deps: Pick<AppDeps, "db" | "clock" | "config" | "events" | "background">, connected: (userId: string) => boolean): () => void {
  const send = (userId: string, event: PushEvent) => {
    if (connected(userId)) return;
    deps.background.run("push: sending", () => pushTo(deps, userId, event));
  };
  const offs = [
    deps.events.on("message.sent", ({ matchId, senderName, recipientId, text }) => send(recipientId, { kind: "message", matchId, fromName: senderName, text })),
    deps.events.on("call.ringing", ({ matchId, callerName, calleeId, callType }) => send(calleeId, { kind: "call", matchId, fromName: callerName, callType })),
    // The swiper saw the match in the swipe's answer; the other person hears of it here.
    deps.events.on("match.created", ({ matchId, userIds: [swiperId, otherId] }) => {
      if (connected(otherId)) return;
      deps.background.run("push: sending", async () => {
        const [swiper] = await deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, swiperId)).limit(1);
        if (swiper !== undefined) await pushTo(deps, otherId, { kind: "match", matchId, withName: swiper.firstName });
      });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

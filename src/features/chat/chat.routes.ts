import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { secondsUntilNextJakartaDay } from "../../platform/clock";
import { messageRateFor, TOO_MANY_MESSAGES } from "./message-rate";
import { realtimeFor } from "../../realtime/realtime";
import { findOpenMatchFor } from "../matches/matches.service";
import { invalidInput as invalid } from "../../middleware/invalid-input";
import { INVALID_MATCH_ID, matchParamSchema } from "../matches/matches.schemas";
import { messagesQuerySchema, sendMessageSchema } from "./chat.schemas";
import { listMessages, markRead, sendMessage } from "./chat.service";
import { receiptsShared } from "../settings/settings.service";
import { announceRead } from "./read-receipts";
import { describeRoutes } from "../api-docs/describe-routes";
import { chatApiDocs } from "./chat.api-docs";

/**
 * Messages of a match: only its two people (anyone else 404, never revealing it exists).
 * GET ?before=<message id or ISO time>&limit=≤50 (newest last), POST {content},
 * POST /read marks the other person's messages read.
 */
export function chatRoutes(deps: AppDeps) {
  const realtime = realtimeFor(deps);
  // Flood guard for everyone, premium included, shared with the socket's send_message.
  const sendsPerUser = messageRateFor(deps);
  const routes = new Hono<AppEnv>()
    .use("/matches/:matchId/*", requireUser)
    .get("/matches/:matchId/messages", zValidator("param", matchParamSchema, invalid(INVALID_MATCH_ID)), zValidator("query", messagesQuerySchema, invalid("Invalid query")), async (c) => {
      const user = currentUser(c);
      const matchId = c.req.valid("param").matchId;
      const match = await findOpenMatchFor(deps.db, matchId, user.id);
      if (match === null) return c.json({ message: "Match not found" }, 404);
      const showReceipts = await receiptsShared(deps.db, user.id, match.otherUserId);
      return c.json(await listMessages(deps.db, matchId, { ...c.req.valid("query"), showReceipts }));
    })
    .post("/matches/:matchId/messages", zValidator("param", matchParamSchema, invalid(INVALID_MATCH_ID)), zValidator("json", sendMessageSchema, invalid("Message cannot be empty")), async (c) => {
      const user = currentUser(c);
      const matchId = c.req.valid("param").matchId;
      if (!sendsPerUser.hit(user.id)) {
        c.header("Retry-After", String(sendsPerUser.retryAfterSeconds(user.id)));
        return c.json({ message: TOO_MANY_MESSAGES }, 429);
      }
      const now = deps.clock.now();
      const result = await sendMessage(deps.db, now, user.id, matchId, c.req.valid("json").content);
      if (!result.ok) {
        if (result.status === 429) c.header("Retry-After", String(secondsUntilNextJakartaDay(now)));
        return c.json({ message: result.message }, result.status);
      }
      // Live delivery to both people's open pages (the sender's other tabs too).
      realtime.hub.sendToUsers([user.id, result.recipientId], { type: "new_message", matchId, message: result.message });
      deps.events.emit("message.sent", { matchId, senderId: user.id, senderName: result.message.sender.firstName, recipientId: result.recipientId, text: result.message.content });
      return c.json({ ...result.message, remainingToday: result.remaining }, 201);
    })
    .post("/matches/:matchId/read", zValidator("param", matchParamSchema, invalid(INVALID_MATCH_ID)), async (c) => {
      const user = currentUser(c);
      const matchId = c.req.valid("param").matchId;
      const match = await findOpenMatchFor(deps.db, matchId, user.id);
      if (match === null) return c.json({ message: "Match not found" }, 404);
      const readAt = await markRead(deps.db, deps.clock.now(), matchId, user.id);
      if (readAt !== null) await announceRead(deps.db, realtime.hub, matchId, user.id, match.otherUserId, readAt);
      return c.json({ readAt });
    });
  return describeRoutes(routes, chatApiDocs);
}

import * as z from "zod";
import type { ApiOperation } from "../api-docs/describe-routes";

const noMatch = "No open match of the member's with this id (another person's match answers the same).";

/** The chat calls for the OpenAPI document (docs/decisions/0119); keys as chatRoutes names them. */
export const chatApiDocs: Record<string, ApiOperation> = {
  "GET /matches/{matchId}/messages": {
    tag: "Chat",
    access: "member",
    summary: "A page of a match's messages",
    description: "Newest last. `before` is a message id or an ISO time: the page ends just before it. Read receipts appear when both people share them.",
    success: { description: "The messages and whether older ones remain." },
    refusals: { 400: "Not a valid match id or query.", 404: noMatch },
  },
  "POST /matches/{matchId}/messages": {
    tag: "Chat",
    access: "member",
    summary: "Send a message",
    description: "`content` is the text (trimmed, not empty, at most 2,000 characters). Both people's open pages get it over /ws as `new_message`; the same can be sent over /ws as `send_message`.",
    success: { status: 201, description: "The message as stored, with `remainingToday` (null without a daily limit).", schema: z.object({ id: z.string(), content: z.string(), remainingToday: z.int().nullable() }).loose() },
    refusals: {
      400: "Not a valid match id, or an empty or too long message.",
      404: noMatch,
      429: "Too many messages a minute, or the free daily chat limit (Retry-After: the time to Jakarta midnight).",
    },
  },
  "POST /matches/{matchId}/read": {
    tag: "Chat",
    access: "member",
    summary: "Mark the other person's messages read",
    success: { description: "When they were marked read (null when there was nothing to mark).", schema: z.object({ readAt: z.string().nullable() }) },
    refusals: { 400: "Not a valid match id.", 404: noMatch },
  },
};

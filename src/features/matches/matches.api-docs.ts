import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

const unmatch = (summary: string): ApiOperation => ({
  tag: "Matches",
  access: "member",
  summary,
  description: "Ends the match for both people; their open pages get a `match_removed` event over /ws and a call of this match ends.",
  success: { description: "Unmatched.", schema: messageSchema },
  refusals: { 400: "Not a valid match id.", 404: "No such match of the member's." },
});

/** The matches calls for the OpenAPI document (docs/decisions/0119); keys as matchesRoutes names them. */
export const matchesApiDocs: Record<string, ApiOperation> = {
  "GET /matches": {
    tag: "Matches",
    access: "member",
    summary: "The member's matches",
    description: "Newest activity first, each with the other person (`user1`, with `verified`: the Verified badge), the last message (a declined call's `missed_call` line carries `voice:declined` or `video:declined`), the unread count, `matchPercent` (null until both answered 10 values questions in common) and `matchReasons` (up to 3 agreeing and 1 differing question both made public, `{text, agrees}` in the caller's language), and `chaperoneCanRead` (either member shares the conversation with their chaperone now).",
    success: { description: "The matches." },
  },
  "GET /matches/unread": {
    tag: "Matches",
    access: "member",
    summary: "The tab bar's badges",
    success: { description: "Unread messages and matches not yet opened.", schema: z.object({ count: z.int(), newMatches: z.int() }) },
  },
  "POST /matches/{matchId}/unmatch": unmatch("Unmatch"),
  "DELETE /matches/{matchId}": unmatch("Unmatch (the same as POST …/unmatch)"),
};

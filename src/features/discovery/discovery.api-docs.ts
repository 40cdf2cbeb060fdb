import * as z from "zod";
import type { ApiOperation } from "../api-docs/describe-routes";
import { discoveryQuerySchema, swipeBodySchema } from "./discovery.schemas";
import { filtersSchema } from "./filters";

const incomplete = "the member has no profile yet (\"Profile incomplete\").";

/** Discover's calls for the OpenAPI document (docs/decisions/0119); keys as discoveryRoutes names them. */
export const discoveryApiDocs: Record<string, ApiOperation> = {
  "GET /discovery": {
    tag: "Discover",
    access: "member",
    summary: "The next cards of the deck",
    description: "Suggested people for the signed-in member, filtered and ordered by the server. `exclude` lists the ids of cards the client already holds (comma-separated); `minMatch` (0–100) leaves out people whose match % is lower or unknown. Each card carries `matchPercent` (null until both answered 10 questions in common) and `matchReasons` (up to 3 agreeing questions and 1 differing, `{text, agrees}`, questions both made public). A mandatory question failed either way keeps two people off each other's deck.",
    query: discoveryQuerySchema,
    success: { description: "An array of profile cards." },
    refusals: { 400: `A bad limit or exclude, or ${incomplete}` },
  },
  "GET /profiles/{userId}": {
    tag: "Discover",
    access: "member",
    summary: "Another member's public profile",
    description: "The card of a member the caller may see: on the caller's deck or matched with them, with `matchPercent` and `matchReasons` (questions both made public, in the caller's language; never anyone's answers).",
    success: { description: "The profile, shaped as a Discover card." },
    refusals: { 404: "No such member, or one the caller may not see (not on the deck, not matched)." },
  },
  "GET /discovery/filters": {
    tag: "Discover",
    access: "member",
    summary: "The member's Discover filters",
    success: { description: "The whole filter set.", schema: filtersSchema },
    refusals: { 400: "The member has no profile yet (\"Profile incomplete\")." },
  },
  "PUT /discovery/filters": {
    tag: "Discover",
    access: "member",
    summary: "Replace the member's Discover filters",
    description: "The whole set is written at once; the answer is the set as saved. `denominations` are family keys; the old English values (Catholic, Lutheran, Presbyterian…) are taken as their families' keys and answered as keys.",
    body: filtersSchema,
    success: { description: "The filter set as saved.", schema: filtersSchema },
    refusals: { 400: `A field out of range ({message, errors}), or ${incomplete}` },
  },
  "POST /swipe": {
    tag: "Discover",
    access: "member",
    summary: "Like, pass or super-like a person",
    description: "A like that meets the other person's like makes a match: the answer then carries its id, and both people get a `match` event over /ws.",
    body: swipeBodySchema,
    success: {
      description: "Whether it made a match.",
      schema: z.object({ isMatch: z.boolean(), matchId: z.string().optional() }),
    },
    refusals: {
      400: `A bad body, a swipe on oneself, a super like that is not a like, a person already swiped, or ${incomplete}`,
      403: "A super like needs Premium Plus.",
      404: "No such person to swipe on.",
      429: "The free daily swipe limit is reached; Retry-After is the time to Jakarta midnight.",
    },
  },
  "POST /swipe/undo": {
    tag: "Discover",
    access: "member",
    summary: "Undo the last swipe (Premium Plus)",
    success: { description: "The undone swipe's person id and their card, to put back on top of the deck.", schema: z.object({ swipedId: z.string(), card: z.object({}).loose().nullable() }) },
    refusals: { 400: "Nothing to undo, or the last swipe made a match.", 403: "Undo needs Premium Plus." },
  },
  "POST /boost": {
    tag: "Discover",
    access: "member",
    summary: "Boost the member's profile for a while (Premium Plus)",
    success: { description: "Until when the boost lasts.", schema: z.object({ boostedUntil: z.iso.datetime() }) },
    refusals: { 403: "Boost needs Premium Plus." },
  },
  "GET /likes": {
    tag: "Discover",
    access: "member",
    summary: "Who liked the member",
    description: "Free members get only the count (`locked: true`, `people: null`); Premium members get the people.",
    success: { description: "The count and, for Premium, the people.", schema: z.object({ count: z.int(), people: z.array(z.object({}).loose()).nullable(), locked: z.boolean() }) },
  },
};

import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

const status = z.object({ email: z.string(), status: z.enum(["pending", "accepted"]), invitedAt: z.string(), acceptedAt: z.string().nullable() });
const forChaperones = "Only a chaperone's session may call it; anyone else 403.";
const forMembers = "A member's call; a chaperone's session gets 403.";

/** The chaperone calls for the OpenAPI document (docs/decisions/0119, 0135); keys as chaperoneRoutes names them. */
export const chaperoneApiDocs: Record<string, ApiOperation> = {
  "GET /chaperone": {
    tag: "Chaperone",
    access: "member",
    summary: "The member's chaperone",
    description: `The live invitation (pending or accepted), or null. ${forMembers}`,
    success: { description: "The chaperone, or null.", schema: z.object({ chaperone: status.nullable() }) },
    refusals: { 403: "A chaperone's session." },
  },
  "POST /chaperone/invite": {
    tag: "Chaperone",
    access: "member",
    summary: "Invite a chaperone by email",
    description: `Mails a link (in the member's language, valid 7 days). One chaperone per member: a new invitation replaces the old one, whose access ends at once (their sessions go; their account too unless they chaperone someone else). ${forMembers}`,
    success: { status: 201, description: "Invited.", schema: z.object({ chaperone: status }) },
    refusals: { 400: "Not a valid email address.", 403: "A chaperone's session.", 409: "The member's own address.", 429: "Too many invitations in an hour." },
  },
  "DELETE /chaperone": {
    tag: "Chaperone",
    access: "member",
    summary: "Remove the chaperone",
    description: `Ends the invitation and every share at once; the chaperone's sessions end, and their account is deleted unless they chaperone someone else. ${forMembers}`,
    success: { description: "Removed.", schema: messageSchema },
    refusals: { 403: "A chaperone's session.", 404: "The member has no chaperone." },
  },
  "POST /chaperone/accept": {
    tag: "Chaperone",
    access: "public",
    summary: "Accept a chaperone invitation",
    description: "With the mailed token: a new address sets `firstName` and `password` (a chaperone account: no profile, never on a deck); an address that already has a chaperone account gives its password. Signs the chaperone in (the session cookie).",
    success: { description: "Signed in as the chaperone.", schema: z.object({ role: z.literal("chaperone"), isNewUser: z.literal(false) }) },
    refusals: { 400: "Missing name or a weak password.", 401: "Wrong password of the existing chaperone account.", 404: "The invitation is unknown, used, replaced or older than 7 days.", 409: "The address belongs to a member's account.", 429: "Too many wrong passwords." },
  },
  "GET /chaperone/matches": {
    tag: "Chaperone",
    access: "member",
    summary: "The chaperone's members and their matches",
    description: `The members who chose this chaperone and their matches, each with the other person's public profile and whether (since when) the member shares its conversation. ${forChaperones}`,
    success: { description: "Members and matches." },
    refusals: { 403: "Not a chaperone." },
  },
  "GET /chaperone/matches/{matchId}/messages": {
    tag: "Chaperone",
    access: "member",
    summary: "A shared conversation, read-only",
    description: `Only while the member shares the match, and only messages sent from the moment of sharing on (the newest 100, oldest first; \`before\` an ISO time for older ones). ${forChaperones}`,
    success: { description: "The conversation since sharing." },
    refusals: { 403: "Not a chaperone.", 404: "No such match shared with this chaperone." },
  },
  "PUT /matches/{matchId}/chaperone": {
    tag: "Chaperone",
    access: "member",
    summary: "Share a match's conversation with the chaperone",
    description: `\`{shared: true}\`: the other member's chat shows a notice line and their socket gets \`{"type":"chaperone_notice","matchId"}\` before the chaperone can read; both members' \`GET /api/matches\` entries carry \`chaperoneCanRead: true\`. The chaperone reads messages from this moment on only. \`{shared: false}\` ends it; sharing again notifies again. ${forMembers}`,
    success: { description: "The share's state.", schema: z.object({ matchId: z.string(), shared: z.boolean(), sharedAt: z.string().nullable(), at: z.string().nullable(), memberId: z.string() }) },
    refusals: { 400: "Not a valid match id or body.", 403: "A chaperone's session.", 404: "No such match of the member's.", 409: "No chaperone has accepted the member's invitation yet." },
  },
};

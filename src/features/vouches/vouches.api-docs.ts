import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";
import { vouchBodySchema, vouchCreatedSchema, vouchDecidedSchema, vouchLinkSchema, vouchListSchema } from "./vouches.schemas";

/** Church vouching's calls for the OpenAPI document (docs/decisions/0119, 0134). */
export const vouchesApiDocs: Record<string, ApiOperation> = {
  "GET /vouches": {
    tag: "Profile",
    access: "member",
    summary: "The church vouches the member gave and received",
    description: "Newest first. `church` is the church the vouch was made for, as a card names it; `person` is the other side (the voucher of a received vouch, the member of a given one).",
    success: { description: "The vouches.", schema: vouchListSchema },
  },
  "POST /vouches": {
    tag: "Profile",
    access: "member",
    summary: "Vouch for a member of one's church",
    description:
      "Allowed when the caller has the photo-verified badge, an account at least 30 days old, the same directory church (or the same church name, case and accents ignored) and fewer than 5 vouches pending or accepted in the last 30 days, and is not suspended. The vouch shows on the member's card and profile once they accept it.",
    body: vouchBodySchema,
    success: { status: 201, description: "The vouch, waiting for the member.", schema: vouchCreatedSchema },
    refusals: {
      400: "Vouching for oneself, no userId, or a note over 500 characters.",
      403: "A rule not met; the message names it (no badge, account younger than 30 days, another church, 5 vouches in 30 days, suspended).",
      404: "No such member.",
      409: "The caller already vouched for this member.",
    },
  },
  "POST /vouches/link": {
    tag: "Profile",
    access: "member",
    summary: "A link to share with someone from one's church",
    description: "Opens the vouch form for whoever signs in with it, for 30 days. A member keeps 5 live links at most; a new one drops the oldest.",
    success: { status: 201, description: "The link.", schema: vouchLinkSchema },
  },
  "POST /vouches/{id}/accept": {
    tag: "Profile",
    access: "member",
    summary: "Accept a vouch: it shows on one's card and profile",
    success: { description: "Accepted.", schema: vouchDecidedSchema },
    refusals: { 404: "No such vouch for the caller.", 409: "Already accepted or declined." },
  },
  "POST /vouches/{id}/decline": {
    tag: "Profile",
    access: "member",
    summary: "Decline a vouch",
    success: { description: "Declined.", schema: vouchDecidedSchema },
    refusals: { 404: "No such vouch for the caller.", 409: "Already accepted or declined." },
  },
  "DELETE /vouches/{id}": {
    tag: "Profile",
    access: "member",
    summary: "Take back a vouch given, or remove one received",
    success: { description: "Removed.", schema: messageSchema },
    refusals: { 404: "No such vouch given or received by the caller." },
  },
};

export const vouchesAdminApiDocs: Record<string, ApiOperation> = {
  "DELETE /vouches/{id}": {
    tag: "Admin",
    access: "admin",
    summary: "Remove a church vouch",
    description: "Admins and moderators. One admin-log row (vouch_remove) in the same transaction, naming the member, the voucher and the church.",
    success: { description: "Removed.", schema: messageSchema },
    refusals: { 404: "No such vouch." },
  },
};

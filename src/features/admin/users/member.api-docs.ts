import { messageSchema, type ApiOperation } from "../../api-docs/describe-routes";

const admin = (summary: string, rest: Omit<ApiOperation, "tag" | "access" | "summary">): ApiOperation => ({ tag: "Admin", access: "admin", summary, ...rest });
const done = (what: string) => ({ description: what, schema: messageSchema });

/**
 * One member's call and actions (ADMIN.md 'One member', docs/decisions/0128) for the OpenAPI
 * document, merged into adminApiDocs. Moderators may make all of these (ADMIN.md 'Who').
 */
export const memberApiDocs: Record<string, ApiOperation> = {
  "GET /admin/users/{id}": admin("One member, for the admin's page", {
    description:
      "The profile and photos (full size and thumbnails, with when a reviewed selfie covered each), the selfie review (latest attempt, its status and reason, the selfie while it waits), proven email and phone apart from the photo badge, plan and end, payments, matches count, reports against them (total, distinct reporters, pending) and by them, warnings, suspension and hiding, last active, sign-up address and country, and the admin-log rows about them. Never a password hash, session or secret.",
    success: { description: "The member." },
    refusals: { 404: "No such member." },
  }),
  "POST /admin/users/{id}/warn": admin("Warn a member", { description: "The member sees the message once, on the next page they open. One admin-log row.", success: done("Warned."), refusals: { 400: "No message, or one too long.", 404: "No such member." } }),
  "POST /admin/users/{id}/hide": admin("Hide a member from Discover", { description: "Off every deck until unhidden. One admin-log row.", success: done("Hidden."), refusals: { 404: "No such member.", 409: "Already hidden." } }),
  "POST /admin/users/{id}/unhide": admin("Show a hidden member in Discover again", { success: done("Shown again."), refusals: { 404: "No such member.", 409: "Not hidden." } }),
  "POST /admin/users/{id}/suspend": admin("Suspend a member for 1, 7 or 30 days", {
    description: "Like a ban for that time: sessions and sockets end at once; sign-in answers 403 with the reason and the end (suspendedUntil); it lifts itself at the end. One admin-log row.",
    success: { description: "Suspended, with suspendedUntil (ISO)." },
    refusals: { 400: "Days not 1, 7 or 30, no reason, or oneself or the super admin.", 404: "No such member.", 409: "The member is banned permanently." },
  }),
  "POST /admin/users/{id}/reverify": admin("Require a new selfie", { description: "The photo-verified badge is withdrawn until a new selfie is approved. One admin-log row.", success: done("Badge withdrawn."), refusals: { 404: "No such member.", 409: "The member has no badge." } }),
};

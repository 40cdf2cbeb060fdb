import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";
import { adConfigSchema } from "../ads/ad-configs.service";
import { paymentsAdminApiDocs } from "./payments/payments-admin.api-docs";
import { memberApiDocs } from "./users/member.api-docs";

const admin = (summary: string, rest: Omit<ApiOperation, "tag" | "access" | "summary">): ApiOperation => ({ tag: "Admin", access: "admin", summary, ...rest });
const list = (what: string) => ({ description: `A page of ${what} with the total count (page, limit, total).` });
const change = (done: string) => ({ description: done, schema: messageSchema });

/**
 * Every /api/admin call for the OpenAPI document (docs/decisions/0119), keyed as adminApiRoutes
 * names them. The panel (htmx) calls the same routes; with HX-Request it also gets a toast header.
 */
export const adminApiDocs: Record<string, ApiOperation> = {
  "GET /admin/stats": admin("The Overview's counts and 30 days of sign-ups and revenue", { success: { description: "Members, Premium members, matches, messages, open reports, revenue, and the daily series." } }),
  "GET /admin/users": admin("Members, searchable and filterable", {
    description: "isVerified and filter=verified mean the photo-verified badge members see (an approved selfie still covering one of the photos); emailVerified says the email address was proven (decision 0130).",
    success: list("members"),
    refusals: { 400: "A bad page, limit, search or filter." },
  }),
  "POST /admin/users/{id}/ban": admin("Ban a member", {
    description: "Signs them out everywhere; they cannot sign in again while banned.",
    success: change("Banned."),
    refusals: { 400: "No reason, or an admin or oneself.", 404: "No such member." },
  }),
  "POST /admin/users/{id}/unban": admin("Lift a ban", { success: change("Unbanned."), refusals: { 404: "No such member.", 409: "The member is not banned." } }),
  "DELETE /admin/users/{id}": admin("Delete a member and their data", { success: change("Deleted."), refusals: { 400: "An admin or oneself.", 404: "No such member." } }),
  "GET /admin/reports": admin("Reports, by status", { success: list("reports"), refusals: { 400: "A bad page, limit or status." } }),
  "PATCH /admin/reports/{id}": admin("Decide a report, and act on the reported member in the same step", {
    description:
      "status alone changes only the report. With action (dismiss, warn {message}, hide, suspend {days: 1|7|30, reason}, ban {reason}) the member is acted on in the same transaction, logged as one row naming both; without status, dismiss closes the report as dismissed and the others as resolved (decision 0129).",
    success: { description: "The report after the decision, with a message." },
    refusals: {
      400: "Not a known status or action, a missing or bad field of the chosen action, or an action on oneself or the super admin.",
      404: "No such report.",
      409: "The report was already decided, the reported account no longer exists (an action needs it), or the member is banned for good (suspend).",
    },
  }),
  "GET /admin/reports/{id}/messages": admin("The messages between the reporter and the reported member", { success: { description: "The messages (the evidence of a report)." }, refusals: { 404: "No such report." } }),
  "GET /admin/actions": admin("The admins' action log", { success: list("admin actions"), refusals: { 400: "A bad page or limit." } }),
  "GET /admin/verifications": admin("Selfies waiting for review", { success: list("verifications"), refusals: { 400: "A bad page or limit." } }),
  "GET /admin/verifications/{id}/selfie": admin("A pending selfie's image", { success: { description: "The image.", media: "image/webp", schema: { type: "string", contentMediaType: "image/webp" } }, refusals: { 404: "No such pending verification." } }),
  "POST /admin/verifications/{id}": admin("Approve or reject a selfie", {
    description: "A rejection names its reason; the member is told by mail.",
    success: change("Approved or rejected."),
    refusals: { 400: "Not approve, or reject without a known reason.", 404: "No such verification.", 409: "Already decided." },
  }),
  "GET /admin/matches": admin("Matches, searchable", { success: list("matches"), refusals: { 400: "A bad page, limit or search." } }),
  "DELETE /admin/matches/{id}": admin("Remove a match", { success: change("Removed."), refusals: { 404: "No such match." } }),
  "GET /admin/payments": admin("Payments, by status, with the totals of paid revenue", { success: list("payments"), refusals: { 400: "A bad page, limit or status." } }),
  "GET /admin/temp-users": admin("Accounts that never finished onboarding", { success: list("unfinished accounts"), refusals: { 400: "A bad page or limit." } }),
  "DELETE /admin/temp-users/{id}": admin("Delete an unfinished account", { success: change("Deleted."), refusals: { 404: "No such unfinished account." } }),
  "GET /admin/settings/{key}": admin("One setting", { description: "Secrets are answered masked, {set, last4}.", success: { description: "The key and its value." }, refusals: { 404: "Not a known setting." } }),
  "POST /admin/settings/{key}": admin("Change one setting", {
    success: { description: "The key and its new value (secrets masked)." },
    refusals: { 400: "An unknown key, a value of the wrong type or format, or a gateway switched on without its keys." },
  }),
  "POST /admin/payment-config": admin("Save a payment gateway's keys at once", {
    description: "A JSON object naming the gateway and its keys; the answer masks them.",
    success: { description: "The gateway and its masked keys." },
    refusals: { 400: "Not an object, an unknown gateway, or a key of the wrong format." },
  }),
  "GET /admin/ad-placements": admin("Ad placements", { success: { description: "The placements." } }),
  "POST /admin/ad-placements": admin("Create an ad placement", { success: { status: 201, description: "The placement." }, refusals: { 400: "A missing name or an invalid field." } }),
  "PUT /admin/ad-placements/{id}": admin("Change an ad placement", {
    description: "An omitted field keeps its value.",
    success: { description: "The placement." },
    refusals: { 400: "An invalid field.", 404: "No such placement." },
  }),
  "GET /admin/ad-revenue-summary": admin("Ad impressions, clicks and revenue", { success: { description: "Totals per placement and platform." } }),
  "GET /admin/ad-configs": admin("The ad platforms' ids", { description: "The Meta token is answered masked.", success: { description: "The configs." } }),
  "POST /admin/ad-configs": admin("Save an ad platform's ids", { body: adConfigSchema, success: { description: "The config as saved (token masked)." }, refusals: { 400: "Not an object, or an invalid field." } }),
  ...paymentsAdminApiDocs,
  ...memberApiDocs,
};

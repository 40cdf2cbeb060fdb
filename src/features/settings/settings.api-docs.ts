import type { ApiOperation } from "../api-docs/describe-routes";

/** The settings calls for the OpenAPI document (docs/decisions/0119); keys as settingsRoutes names them. */
export const settingsApiDocs: Record<string, ApiOperation> = {
  "GET /settings": {
    tag: "Settings",
    access: "member",
    summary: "The member's privacy and notification settings",
    success: { description: "readReceipts, showActivity, showDistance, verifiedOnly and notifications {newMatches, messages, likes, emailUpdates}." },
    refusals: { 404: "The account is gone." },
  },
  "PATCH /settings": {
    tag: "Settings",
    access: "member",
    summary: "Change some settings",
    description: "Any subset; an unknown key is refused.",
    success: { description: "All the settings after the change." },
    refusals: { 400: "An unknown key or a value that is not true or false.", 404: "The account is gone." },
  },
};

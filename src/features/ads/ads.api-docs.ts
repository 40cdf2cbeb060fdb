import type { ApiOperation } from "../api-docs/describe-routes";

/** The member app's ad calls for the OpenAPI document (docs/decisions/0119); keys as adsRoutes names them. */
export const adsApiDocs: Record<string, ApiOperation> = {
  "GET /ads": {
    tag: "Ads",
    access: "member",
    summary: "The active placements of an ad slot",
    description: "Always [] for Premium members and admins.",
    success: { description: "The placements (id, adType, platform, frequency, and the platform's unit ids)." },
    refusals: { 400: "Not a known location." },
  },
  "POST /ads/events": {
    tag: "Ads",
    access: "member",
    summary: "Record an impression or a click",
    description: "Counted once per placement, member and kind a minute. A Premium member's events are not stored.",
    success: { status: 204, description: "Recorded (or ignored)." },
    refusals: { 400: "A missing or invalid field.", 404: "No such placement." },
  },
};

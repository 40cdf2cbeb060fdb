import type { ApiOperation } from "../api-docs/describe-routes";

const state = "The member's verification state: status (none, started, pending, approved, rejected), the pose to copy, a rejection's reason, and for a badge taken back `withdrawn` (reverify: an admin asked for a new selfie; photos_changed: every reviewed photo was replaced or deleted).";

/** The member's verification calls for the OpenAPI document (docs/decisions/0119); keys as verificationRoutes names them. */
export const verificationApiDocs: Record<string, ApiOperation> = {
  "GET /verification": {
    tag: "Verification",
    access: "member",
    summary: "The member's verification state",
    success: { description: state },
  },
  "POST /verification/start": {
    tag: "Verification",
    access: "member",
    summary: "Start verification: draw the pose to copy",
    success: { status: 201, description: state },
    refusals: { 400: "The member has no profile photo to compare with.", 409: "Already verified, or a selfie is waiting for review." },
  },
  "POST /verification/selfie": {
    tag: "Verification",
    access: "member",
    summary: "Send the selfie",
    description: "The camera's image as the raw body. An admin compares it with the profile photos.",
    requestBody: { required: true, content: { "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } } } },
    success: { status: 201, description: state },
    refusals: { 400: "Not a usable image.", 409: "Not started, already verified, or already waiting for review.", 413: "Larger than 5 MB.", 415: "Not an image the server can read." },
  },
};

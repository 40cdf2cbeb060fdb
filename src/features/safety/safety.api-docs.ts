import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

/** The safety calls for the OpenAPI document (docs/decisions/0119); keys as safetyRoutes names them. */
export const safetyApiDocs: Record<string, ApiOperation> = {
  "POST /blocks": {
    tag: "Safety",
    access: "member",
    summary: "Block a member",
    description: "Ends any match with them; neither sees the other again.",
    success: { status: 201, description: "Blocked.", schema: messageSchema },
    refusals: { 400: "No userId, or the member's own id.", 404: "No such member." },
  },
  "POST /reports": {
    tag: "Safety",
    access: "member",
    summary: "Report a member",
    description: "Reporting also blocks unless `block` is false.",
    success: { status: 201, description: "The report as stored." },
    refusals: { 400: "A missing or invalid field, or the member's own id.", 404: "No such member.", 429: "Too many reports." },
  },
};

import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

/** The data-rights calls for the OpenAPI document (docs/decisions/0119); keys as accountRoutes names them. */
export const accountApiDocs: Record<string, ApiOperation> = {
  "GET /account/export": {
    tag: "Account",
    access: "member",
    summary: "Download the member's data",
    description: "A zip of JSON files and the member's photos.",
    success: { description: "The zip (Content-Disposition: attachment).", media: "application/zip", schema: z.string().describe("binary") },
    refusals: { 404: "The account is gone.", 429: "At most five downloads an hour." },
  },
  "DELETE /account": {
    tag: "Account",
    access: "member",
    summary: "Delete the member's account",
    description: "An account with a password must send it; one signed in only through Google, Facebook or Firebase must have signed in recently (else 403 with `reauthenticate: true`). Clears the session cookie.",
    success: { description: "Deleted.", schema: messageSchema },
    refusals: { 400: "A missing or wrong password.", 403: "Sign in again first ({message, reauthenticate: true}).", 404: "The account is gone.", 429: "Too many wrong passwords." },
  },
};

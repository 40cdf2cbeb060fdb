import type { ApiOperation } from "../../api-docs/describe-routes";

const admin = (summary: string, rest: Omit<ApiOperation, "tag" | "access" | "summary">): ApiOperation => ({ tag: "Admin", access: "admin", summary, ...rest });

/** The gateway setup calls (ADMIN.md 'Gateway setup') for the OpenAPI document (docs/decisions/0119). */
export const gatewaySetupApiDocs: Record<string, ApiOperation> = {
  "GET /admin/payment-config": admin("Each payment gateway's setup", {
    description: "Per gateway (midtrans, xendit, doku, ipaymu): enabled, the stored keys masked ({set, last4}), configured (every key the gateway needs is stored), mode (test or live, from the keys; null without keys) and notificationUrl (the address to paste into the gateway's dashboard).",
    success: { description: "An object keyed by gateway." },
  }),
  "POST /admin/payment-config/{gateway}/test": admin("Test a payment gateway's keys", {
    description: "Makes one harmless authenticated call to the gateway (a status query of an order that does not exist). Nothing is stored or changed.",
    success: { description: "{ok: true} when the gateway accepted the keys; {ok: false, message} with the gateway's error, or when no keys are stored." },
    refusals: { 404: "Not a known gateway." },
  }),
};

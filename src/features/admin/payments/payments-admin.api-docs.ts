import type { ApiOperation } from "../../api-docs/describe-routes";

const admin = (summary: string, rest: Omit<ApiOperation, "tag" | "access" | "summary">): ApiOperation => ({ tag: "Admin", access: "admin", summary, ...rest });
const onePayment = (what: string) => ({
  description: `${what} The payment with gatewayOrderId, gatewayTransactionId, flags (late, needs_attention), flagsSeenAt, statusHistory [{status, at}], notifications [{receivedAt, verified, status, answer, body}] (bodies without secrets or signatures), the period it added to a plan, its refund and its member.`,
});

/**
 * The money calls of the admin API for the OpenAPI document (docs/decisions/0119, 0124), merged
 * into adminApiDocs. The list's entry replaces the older one of admin.api-docs.ts.
 */
export const paymentsAdminApiDocs: Record<string, ApiOperation> = {
  "GET /admin/payments": admin("Payments: search, filters, sort, CSV, with the totals of paid revenue", {
    description:
      "search matches Kasih's reference (the payment id, as on the receipt mail), the gateway's order or transaction id exactly, or the member's name or email; status, gateway, from and to (YYYY-MM-DD, Jakarta days of creation, inclusive), flagged=1 (flags not yet seen), sort (a column, -column for descending: createdAt, paidAt, amount, status, gateway, plan, method). Accept: text/csv or format=csv answers every matching row as CSV.",
    success: { description: "A page of payments with the total count (page, limit, total) and the paid totals; or CSV." },
    refusals: { 400: "A bad page, limit, status, gateway, date, range, sort or format." },
  }),
  "GET /admin/payments/{id}": admin("One payment", { success: onePayment("One payment for the operator."), refusals: { 404: "No such payment." } }),
  "POST /admin/payments/{id}/refund": admin("Refund a paid payment", {
    description:
      "Through the payment's gateway where it refunds that method by API, else (or with manual: true) recorded as a manual refund with its note. The member's plan loses the payment's days from its end (ends now if that is past; a later upgrade is untouched) and the member is mailed. One admin-log row. A gateway that refunds later leaves the payment refund_pending until its notification.",
    success: onePayment("The payment after the refund (status refunded or refund_pending)."),
    refusals: { 400: "No reason, or a reason or note too long.", 404: "No such payment.", 409: "The payment is not paid (or a refund is already under way).", 502: "The gateway refused or did not answer: its message; the payment stays paid." },
  }),
  "POST /admin/payments/{id}/seen": admin("Mark a payment's flags seen", {
    description: "The payment's late or needs_attention flags leave the Overview's count. Logged once.",
    success: onePayment("The payment, flagsSeenAt set."),
    refusals: { 404: "No such payment." },
  }),
  "POST /admin/users/{id}/plan": admin("Grant, extend or revoke a member's plan by hand", {
    description:
      "plan premium, premium_plus or free; until YYYY-MM-DD (the plan ends at the end of that Jakarta day; required for a paid plan, refused with free); reason. One admin-log row; the member's history shows it as Granted by Kasih.",
    success: { description: "The member's plan, planExpiresAt (ISO or null) and the kind of change (grant, extend, revoke)." },
    refusals: { 400: "A bad plan, date (or a date with free, or none with a paid plan, or one not after today) or reason.", 404: "No such member." },
  }),
};


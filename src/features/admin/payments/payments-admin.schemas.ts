import { z } from "zod";
import { PAYMENT_STATUSES } from "../../../../db/schema";
import { GATEWAY_NAMES } from "../../payments/gateways/gateway";
import { blankAsAbsent, jakartaDayParam, listControls, listSort, pageQuerySchema, rangeInOrder } from "../list-query";

export const PAYMENTS_ADMIN_MESSAGES = {
  invalidStatus: "Invalid status",
  invalidGateway: "Invalid gateway",
  invalidDate: "Invalid date: use YYYY-MM-DD",
  invalidRange: "The start date is after the end date",
  invalidSort: "Invalid sort",
  searchTooLong: "Search must be at most 100 characters",
  invalidFormat: "Invalid format",
  paymentNotFound: "Payment not found",
  reasonRequired: "A refund reason is required",
  reasonTooLong: "The refund reason must be at most 500 characters",
  noteTooLong: "The note must be at most 1000 characters",
  seen: "Marked as seen",
} as const;

/** The payments list's filters: every status, or all of them. */
export const PAYMENT_FILTERS = ["all", ...PAYMENT_STATUSES] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** The columns the list sorts by (`sort=amount`, `sort=-amount` for descending; ADMIN.md 'Lists'). */
export const PAYMENT_SORT_COLUMNS = ["createdAt", "paidAt", "amount", "status", "gateway", "plan", "method"] as const;
export type PaymentSortColumn = (typeof PAYMENT_SORT_COLUMNS)[number];
/** The newest first unless the admin sorts by something else. */
export const PAYMENT_SORT = listSort(PAYMENT_SORT_COLUMNS, "-createdAt");

/** A Jakarta day "YYYY-MM-DD" that exists on the calendar (shared with every list's date range). */
const jakartaDay = jakartaDayParam;

/**
 * GET /api/admin/payments and /admin/payments: page, limit, status, and (ADMIN.md 'One payment')
 * search (Kasih's reference, the gateway's order or transaction id, member name or email),
 * gateway, from/to (Jakarta days, inclusive, of the payment's creation), flagged (only payments
 * whose flags are not yet seen), sort, and format=csv (every matching row).
 */
export const paymentListQuerySchema = pageQuerySchema
  .extend({
    status: z.preprocess(blankAsAbsent, z.enum(PAYMENT_FILTERS, { message: PAYMENTS_ADMIN_MESSAGES.invalidStatus }).default("all")),
    search: z.preprocess(blankAsAbsent, z.string().trim().max(100, PAYMENTS_ADMIN_MESSAGES.searchTooLong).optional()),
    gateway: z.preprocess(blankAsAbsent, z.enum(GATEWAY_NAMES, { message: PAYMENTS_ADMIN_MESSAGES.invalidGateway }).optional()),
    from: jakartaDay,
    to: jakartaDay,
    flagged: z.preprocess(blankAsAbsent, z.enum(["1", "true"], { message: "Invalid flagged" }).optional()).transform((value) => value !== undefined),
    ...listControls(PAYMENT_SORT),
  })
  .refine(rangeInOrder, { message: PAYMENTS_ADMIN_MESSAGES.invalidRange });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/** POST /api/admin/payments/{id}/refund (PAYMENTS.md 'Refunds'). */
export const refundBodySchema = z.object({
  reason: z.string({ message: PAYMENTS_ADMIN_MESSAGES.reasonRequired }).trim().min(1, PAYMENTS_ADMIN_MESSAGES.reasonRequired).max(500, PAYMENTS_ADMIN_MESSAGES.reasonTooLong),
  manual: z.boolean({ message: "manual must be true or false" }).optional(),
  note: z.string({ message: PAYMENTS_ADMIN_MESSAGES.noteTooLong }).trim().max(1000, PAYMENTS_ADMIN_MESSAGES.noteTooLong).nullish(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

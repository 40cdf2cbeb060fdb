import { z } from "zod";
import { PAYMENT_STATUSES } from "../../../../db/schema";
import { blankAsAbsent, pageQuerySchema } from "../list-query";

export const PAYMENTS_ADMIN_MESSAGES = { invalidStatus: "Invalid status" } as const;

/** The payments list's filters: every status, or all of them. */
export const PAYMENT_FILTERS = ["all", ...PAYMENT_STATUSES] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** An empty query value (the "All" chip's "status=") means "not given". */

/** GET /api/admin/payments and /admin/payments: page, limit, status. */
export const paymentListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankAsAbsent, z.enum(PAYMENT_FILTERS, { message: PAYMENTS_ADMIN_MESSAGES.invalidStatus }).default("all")),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

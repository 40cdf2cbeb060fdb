import { z } from "zod";
import { REPORT_STATUSES } from "../../../../db/schema";
import { blankAsAbsent, pageQuerySchema } from "../list-query";

/** The English messages of the moderation calls (translated as messages.*). */
export const MODERATION_MESSAGES = {
  invalidStatus: "Invalid status",
  reportNotFound: "Report not found",
  notPending: "Report is not pending",
  updated: "Report status updated successfully",
} as const;

export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Spec point 5, "Report filters": all, pending, reviewed, resolved, dismissed. */
export const REPORT_FILTERS = ["all", ...REPORT_STATUSES] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** Where a pending report can go (spec point 4, "Report status"). */
export const REPORT_DECISIONS = ["reviewed", "resolved", "dismissed"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** An empty query value (the "All" chip's "status=") means "not given". */

/** GET /api/admin/reports and /admin/moderation: page, limit, status (omitted or "all": every report). */
export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankAsAbsent, z.enum(REPORT_FILTERS, { message: MODERATION_MESSAGES.invalidStatus }).default("all")),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** PATCH /api/admin/reports/{id}: a pending report's new status; "pending" itself is no decision. */
export const reportDecisionSchema = z.object({
  status: z.enum(REPORT_DECISIONS, { message: MODERATION_MESSAGES.invalidStatus }),
});

/** GET /api/admin/actions: pages only. */
export const actionListQuerySchema = pageQuerySchema;

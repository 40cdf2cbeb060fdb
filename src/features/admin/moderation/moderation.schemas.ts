import { z } from "zod";
import { REPORT_ACTIONS, REPORT_STATUSES, type ReportAction } from "../../../../db/schema";
import { BAN_REASON_MAX } from "../users/ban";
import { MEMBER_ACTION_MESSAGES, SUSPENSION_DAYS, WARNING_MAX, type SuspensionDays } from "../users/member-actions";
import { ADMIN_USER_MESSAGES } from "../users/users.schemas";
import { blankAsAbsent, listControls, listSort, pageQuerySchema } from "../list-query";

/** The English messages of the moderation calls (translated as messages.*). */
export const MODERATION_MESSAGES = {
  invalidStatus: "Invalid status",
  reportNotFound: "Report not found",
  notPending: "Report is not pending",
  updated: "Report status updated successfully",
  invalidAction: "Invalid action",
  memberGone: "The reported member's account no longer exists",
} as const;

export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Spec point 5, "Report filters": all, pending, reviewed, resolved, dismissed. */
export const REPORT_FILTERS = ["all", ...REPORT_STATUSES] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** Where a pending report can go (spec point 4, "Report status"). */
export const REPORT_DECISIONS = ["reviewed", "resolved", "dismissed"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** An empty query value (the "All" chip's "status=") means "not given". */

/**
 * The reports' sort columns (docs/decisions/0131). `priority`, the default, is the queue's own
 * order: pending "Under 18" and "Scam" reports first, then the newest (ADMIN.md 'Reports that act').
 */
export const REPORT_SORT = listSort(["priority", "createdAt", "reason", "status", "reported", "reporter"] as const, "priority");
export type ReportSortColumn = (typeof REPORT_SORT.columns)[number];

/** GET /api/admin/reports and /admin/moderation: page, limit, status (omitted or "all": every report), sort, format. */
export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankAsAbsent, z.enum(REPORT_FILTERS, { message: MODERATION_MESSAGES.invalidStatus }).default("all")),
  ...listControls(REPORT_SORT),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** What an action does to the reported member, with the fields it takes (ADMIN.md 'Reports that act'). */
export type ReportActionDecision =
  | { action: "dismiss" }
  | { action: "hide" }
  | { action: "warn"; message: string }
  | { action: "suspend"; days: SuspensionDays; reason: string }
  | { action: "ban"; reason: string };

export interface ReportDecisionInput {
  status: ReportDecision;
  /** Absent in the old form (status alone), which changes only the report. */
  act: ReportActionDecision | null;
}

/** Without a status, an action closes the report as dismissed (dismiss) or resolved (the others). */
const STATUS_OF_ACTION: Record<ReportAction, ReportDecision> = { dismiss: "dismissed", warn: "resolved", hide: "resolved", suspend: "resolved", ban: "resolved" };

const trimmedText = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const messageSchema = z.preprocess(trimmedText, z.string({ message: MEMBER_ACTION_MESSAGES.messageRequired }).min(1, MEMBER_ACTION_MESSAGES.messageRequired).max(WARNING_MAX, MEMBER_ACTION_MESSAGES.messageTooLong));
const reasonSchema = z.preprocess(trimmedText, z.string({ message: ADMIN_USER_MESSAGES.reasonRequired }).min(1, ADMIN_USER_MESSAGES.reasonRequired).max(BAN_REASON_MAX, ADMIN_USER_MESSAGES.reasonTooLong));
// The panel's select sends "7"; the API's callers send 7.
const daysSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.union(SUSPENSION_DAYS.map((day) => z.literal(day)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>], { message: MEMBER_ACTION_MESSAGES.invalidDays }),
);

/**
 * PATCH /api/admin/reports/{id}: a pending report's new status ("pending" itself is no decision)
 * and, optionally, the action on the reported member with that action's fields beside it. Only
 * the chosen action's fields are read: the panel's form sends every field, the others blank.
 */
export const reportDecisionSchema = z
  .object({
    status: z.enum(REPORT_DECISIONS, { message: MODERATION_MESSAGES.invalidStatus }).optional(),
    // The panel's "No action" radio sends "": the old form.
    action: z.preprocess(blankAsAbsent, z.enum(REPORT_ACTIONS, { message: MODERATION_MESSAGES.invalidAction }).optional()),
    message: z.string({ message: MEMBER_ACTION_MESSAGES.messageRequired }).optional().describe("warn: the warning the member sees at their next visit, 1–500 characters."),
    days: z.union([z.number(), z.string()], { message: MEMBER_ACTION_MESSAGES.invalidDays }).optional().describe("suspend: 1, 7 or 30."),
    reason: z.string({ message: ADMIN_USER_MESSAGES.reasonRequired }).optional().describe("suspend and ban: the reason the member sees, 1–500 characters."),
  })
  .transform((body, ctx): ReportDecisionInput => {
    const fail = (message: string, path: string): ReportDecisionInput => {
      ctx.addIssue({ code: "custom", message, path: [path] });
      return z.NEVER;
    };
    if (body.action === undefined) return body.status === undefined ? fail(MODERATION_MESSAGES.invalidStatus, "status") : { status: body.status, act: null };
    const status = body.status ?? STATUS_OF_ACTION[body.action];
    const field = <T>(schema: z.ZodType<T>, value: unknown, path: string): T | null => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      fail(parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.invalidAction, path);
      return null;
    };
    switch (body.action) {
      case "dismiss":
      case "hide":
        return { status, act: { action: body.action } };
      case "warn": {
        const message = field(messageSchema, body.message, "message");
        return message === null ? z.NEVER : { status, act: { action: "warn", message } };
      }
      case "suspend": {
        const days = field(daysSchema, body.days, "days");
        const reason = field(reasonSchema, body.reason, "reason");
        return days === null || reason === null ? z.NEVER : { status, act: { action: "suspend", days, reason } };
      }
      case "ban": {
        const reason = field(reasonSchema, body.reason, "reason");
        return reason === null ? z.NEVER : { status, act: { action: "ban", reason } };
      }
    }
  });

/** GET /api/admin/actions: pages only. */
export const actionListQuerySchema = pageQuerySchema;

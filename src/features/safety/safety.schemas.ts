import { z } from "zod";
import { MAX_REPORT_DESCRIPTION, REPORT_REASONS } from "./report-reasons";

const userId = z.string().trim().min(1, "userId is required").max(64);

export const blockSchema = z.object({ userId });

export const reportSchema = z.object({
  reportedUserId: userId,
  reason: z.enum(REPORT_REASONS, { message: "Please choose a reason" }),
  description: z.string().trim().max(MAX_REPORT_DESCRIPTION, `Description must be at most ${MAX_REPORT_DESCRIPTION} characters`).optional().default(""),
  /** Reporting also blocks unless the reporter unticks it (docs/decisions/0089). */
  block: z.boolean({ message: "block must be true or false" }).optional().default(true),
});

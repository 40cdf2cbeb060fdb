/** Reasons a member can give for a report; shared by the server schema and the report dialog. */
export const REPORT_REASONS = ["fake_profile", "inappropriate_photos", "harassment", "scam", "underage", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MAX_REPORT_DESCRIPTION = 1000;

/**
 * "Under 18" and "Scam / asking for money": first in the admin's queue, and each one mailed (and
 * pushed) to the admins at once; the other reasons wait for the daily digest (ADMIN.md 'Reports
 * that act', docs/decisions/0129).
 */
export const URGENT_REPORT_REASONS = ["underage", "scam"] as const satisfies readonly ReportReason[];

export function isUrgentReason(reason: string): boolean {
  return (URGENT_REPORT_REASONS as readonly string[]).includes(reason);
}

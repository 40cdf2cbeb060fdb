/** Reasons a member can give for a report; shared by the server schema and the report dialog. */
export const REPORT_REASONS = ["fake_profile", "inappropriate_photos", "harassment", "scam", "underage", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MAX_REPORT_DESCRIPTION = 1000;

/**
 * Moderation → Verifications as a list (ADMIN.md 'Lists'; docs/decisions/0131): the selfies
 * waiting, oldest first like a queue unless sorted by member, 10/25/100 at a time, and CSV.
 */
import { z } from "zod";
import { csvTime, type CsvColumn } from "../admin/list-csv";
import { listControls, listSort, pageQuerySchema } from "../admin/list-query";
import type { PendingVerification } from "./verification.service";

export const VERIFICATION_SORT = listSort(["submittedAt", "name"] as const, "submittedAt");
export type VerificationSortColumn = (typeof VERIFICATION_SORT.columns)[number];

/** GET /api/admin/verifications?page&limit&sort&format and Moderation → Verifications. */
export const verificationListQuerySchema = pageQuerySchema.extend(listControls(VERIFICATION_SORT));
export type VerificationListQuery = z.infer<typeof verificationListQuerySchema>;

export const VERIFICATION_CSV: CsvColumn<PendingVerification>[] = [
  { header: "id", value: (item) => item.id },
  { header: "member_id", value: (item) => item.user.id },
  { header: "member_name", value: (item) => `${item.user.firstName} ${item.user.lastName}`.trim() },
  { header: "member_email", value: (item) => item.user.email },
  { header: "pose", value: (item) => item.pose },
  { header: "submitted_at", value: (item) => csvTime(item.submittedAt) },
  { header: "photos", value: (item) => item.photos.length },
];

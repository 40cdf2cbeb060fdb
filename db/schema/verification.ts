import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export const VERIFICATION_STATUSES = ["started", "pending", "approved", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * Photo verification (src/features/verification): one row per attempt. `started` holds the pose
 * drawn for the member; `pending` has a selfie waiting for an admin; the selfie file is deleted
 * at the decision, which stays with its reason.
 */
export const photoVerifications = sqliteTable(
  "photo_verifications",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** A code of POSES (src/features/verification/poses.ts). */
    pose: text("pose").notNull(),
    status: text("status", { enum: VERIFICATION_STATUSES }).notNull().default("started"),
    /** The selfie's file name under $DATA_DIR/selfies while it waits; null before and after. */
    selfieFile: text("selfie_file"),
    /** A rejection reason code (src/features/verification/poses.ts). */
    reason: text("reason"),
    createdAt: createdAt(),
    submittedAt: timestamp("submitted_at"),
    decidedAt: timestamp("decided_at"),
  },
  (t) => [index("photo_verifications_user_idx").on(t.userId), index("photo_verifications_status_idx").on(t.status, t.submittedAt)],
);

/**
 * The poses a member may be asked to copy, and the reasons an admin may reject a selfie
 * (no server imports: the verify island and the admin page read this file). Copy lives under
 * verification.poses.* and verification.reasons.* in both languages.
 */
export const POSES = ["thumbs_up", "peace_sign", "hand_on_cheek", "point_up", "wave", "hand_on_chin"] as const;
export type Pose = (typeof POSES)[number];

export const REJECTION_REASONS = ["pose_mismatch", "face_not_visible", "not_same_person", "unclear_photo"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** What the member's screen needs to know about their verification. */
export type VerificationState =
  /** withdrawn: the badge was given once and taken back (an admin's request, or every reviewed photo replaced; decision 0130). */
  | { status: "none"; withdrawn?: "reverify" | "photos_changed" }
  | { status: "started"; pose: Pose }
  | { status: "pending"; submittedAt: string }
  | { status: "approved"; verifiedAt: string }
  | { status: "rejected"; reason: RejectionReason };

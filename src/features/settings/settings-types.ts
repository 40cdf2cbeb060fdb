/** Shapes and names of a member's settings (no server imports: the Settings island imports this file). */
import type { NotificationChoices } from "../../../db/schema/users";

export type { NotificationChoices };

/** A member's settings as the API and the Settings screen see them. */
export interface MemberSettings {
  readReceipts: boolean;
  showActivity: boolean;
  showDistance: boolean;
  /** Discover shows only photo-verified people. */
  verifiedOnly: boolean;
  notifications: NotificationChoices;
}

export const NOTIFICATION_KINDS = ["newMatches", "messages", "likes", "emailUpdates"] as const;
export const PRIVACY_SWITCHES = ["readReceipts", "showActivity", "showDistance"] as const;

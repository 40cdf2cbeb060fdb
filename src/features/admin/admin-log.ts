import type { Database } from "../../../db/client";
import { adminActions } from "../../../db/schema";
import { newId } from "../../platform/ids";
import type { SessionUser } from "../auth/session";

/**
 * The admin log (ADMIN.md): every change made in the panel writes one row in the same batch as
 * the change itself, so a change without its record (or a record without its change) cannot exist.
 * Secrets never reach it: a gateway key change is logged by key name only.
 */
export type AdminActionName =
  | "ban"
  | "unban"
  | "delete_user"
  | "delete_temp_user"
  | "report_status"
  | "delete_match"
  | "setting"
  | "gateway_keys"
  | "ad_config"
  | "placement_create"
  | "placement_update";

export interface AdminLogEntry {
  admin: Pick<SessionUser, "id" | "firstName" | "lastName">;
  action: AdminActionName;
  /** The member acted on, if any (kept as a name once the account is gone). */
  targetUserId?: string | null;
  /** A member's name, a setting key, a placement's name, a report or match id. */
  targetName: string;
  /** The ban reason, the new report status, what changed (never a secret). */
  reason?: string | null;
  /** The time of the change (the app's clock). */
  at: Date;
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The insert for one log row, to put in the db.batch() of the change it records. */
export function adminLogInsert(db: Database, entry: AdminLogEntry) {
  return db.insert(adminActions).values({
    id: newId(),
    adminId: entry.admin.id,
    adminName: fullName(entry.admin),
    targetUserId: entry.targetUserId ?? null,
    targetName: entry.targetName,
    action: entry.action,
    reason: entry.reason ?? null,
    createdAt: entry.at,
  });
}

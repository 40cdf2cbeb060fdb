import { sql, type SQL } from "drizzle-orm";
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
  | "grant_admin"
  | "delete_user"
  | "delete_temp_user"
  | "report_status"
  | "delete_match"
  | "setting"
  | "gateway_keys"
  | "ad_config"
  | "placement_create"
  | "placement_update"
  | "verification_approve"
  | "verification_reject"
  // Money by hand (PAYMENTS.md 'Refunds', 'Grants'; docs/decisions/0124).
  | "refund"
  | "refund_completed"
  | "plan_grant"
  | "plan_extend"
  | "plan_revoke"
  | "payment_seen"
  // One member's page (ADMIN.md 'One member'; docs/decisions/0128).
  | "warn"
  | "hide"
  | "unhide"
  | "suspend"
  | "reverify"
  // Roles and the second factor (ADMIN.md 'Who'; docs/decisions/0127).
  | "role_change"
  | "sign_in"
  | "second_factor_enrol"
  | "second_factor_reset"
  // Church vouching (MATCHING.md; docs/decisions/0134): an admin removed a vouch.
  | "vouch_remove";

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

/** Who made a change: an admin of the panel, or the operator at the terminal (no account). */
export interface Actor {
  id: string | null;
  name: string;
}

export const actorOf = (admin: { id: string; firstName: string; lastName: string }): Actor => ({ id: admin.id, name: fullName(admin) });

export interface ConditionalLogEntry {
  actor: Actor;
  action: AdminActionName;
  /** A value, or SQL that reads it in the same statement (the member a report names). */
  targetUserId: string | null | SQL;
  targetName: string | SQL;
  /** A value, or SQL read in the same statement. */
  reason?: string | null | SQL;
  at: Date;
}

/**
 * The admin log row of a change that only happens while a condition holds (the account still
 * exists, is still banned, is still a temp user, the match still exists). The row is written
 * under the very condition the change itself is guarded by, in the same db.batch and before it,
 * so the log and the change agree even when the world moved between the read that built the
 * page and the batch (docs/decisions/0002: the decision lives in SQL, not in JavaScript between
 * statements). Columns are named, so their order in the schema does not matter.
 */
export function adminLogInsertIf(db: Database, entry: ConditionalLogEntry, condition: SQL) {
  return db.run(sql`
    insert into admin_actions (id, admin_id, admin_name, target_user_id, target_name, action, reason, created_at)
    select ${newId()}, ${entry.actor.id}, ${entry.actor.name}, ${entry.targetUserId}, ${entry.targetName}, ${entry.action}, ${entry.reason ?? null}, ${entry.at.getTime()}
    where ${condition}`);
}

/** The name column of the member `userIdSql` points at, for a log row's target (SQL, read in the same statement). */
export function memberNameSql(userIdSql: SQL): SQL {
  return sql`(select trim(first_name || ' ' || last_name) from users where id = ${userIdSql})`;
}

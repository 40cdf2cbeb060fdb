/**
 * Temp users (ADMIN.md "Lists"): accounts older than 7 days that never saved a profile, the
 * sign-ups that stopped half-way. Admin and moderator accounts never count: they are the
 * operators' own and need no profile to do their work, and the super admin cannot be removed by anyone.
 */
import { and, desc, eq, lt, ne, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { profiles, users } from "../../../../db/schema";
import { deleteAccount } from "../../account/delete-account";
import { orderOf } from "../list-query";
import { type SQLWrapper } from "drizzle-orm";
import { actorOf, adminLogInsertIf } from "../admin-log";
import type { SessionUser } from "../../auth/session";
import { ADMIN_USER_MESSAGES, type TempUserListQuery } from "../users/users.schemas";
import { pageOfUsers, toUserEntry, userEntryColumns, type AdminResult } from "../users/users.service";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events">;

/** An account without a profile becomes a temp user once it is this old. */
export const TEMP_USER_AFTER_DAYS = 7;
const dayMs = 24 * 60 * 60_000;

/** SQL over `users`: a temp user at `now`. Also the guard of the deletion, checked in its batch. */
export function tempUserCondition(deps: Pick<Deps, "config">, now: Date): SQL {
  const cutoff = new Date(now.getTime() - TEMP_USER_AFTER_DAYS * dayMs);
  return and(
    lt(users.createdAt, cutoff),
    sql`not exists (select 1 from profiles where profiles.user_id = ${users.id})`,
    eq(users.isAdmin, false),
    ne(users.role, "moderator"),
    // A chaperone never makes a profile: they are no unfinished sign-up (docs/decisions/0135).
    ne(users.role, "chaperone"),
    deps.config.superAdminEmail === undefined ? undefined : ne(users.email, deps.config.superAdminEmail),
  )!;
}

/** What the temp users' sort columns order by (docs/decisions/0131). */
const TEMP_USER_SORT_SQL: Record<"name" | "email" | "createdAt", SQLWrapper> = {
  name: sql`lower(trim(${users.firstName} || ' ' || ${users.lastName}))`,
  email: users.email,
  createdAt: users.createdAt,
};

/** GET /api/admin/temp-users: newest first unless sorted, entries like the users list (profile always null). */
export async function listTempUsers(deps: Pick<Deps, "db" | "clock" | "config">, query: TempUserListQuery) {
  const now = deps.clock.now();
  return pageOfUsers(deps, tempUserCondition(deps, now), query, now, orderOf(query.sort, TEMP_USER_SORT_SQL, [desc(users.createdAt), desc(users.id)]));
}

/** One temp user (for the confirmation dialog); null when the account is not one (any more). */
export async function findTempUser(deps: Pick<Deps, "db" | "clock" | "config">, userId: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.select(userEntryColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(and(eq(users.id, userId), tempUserCondition(deps, now))).limit(1);
  return row === undefined ? null : toUserEntry(row, now);
}

/**
 * DELETE /api/admin/temp-users/{id}: removes the account if it is still a temp user when the batch
 * runs (a profile saved a moment ago keeps it), with its "delete_temp_user" log row under the
 * same condition; 404 when it is not a temp user.
 */
export async function deleteTempUser(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await findTempUser(deps, userId);
  if (target === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.tempUserNotFound };
  const at = deps.clock.now();
  const deleted = await deleteAccount(deps, userId, {
    onlyIf: tempUserCondition(deps, at),
    alongside: (guard) => [adminLogInsertIf(deps.db, { actor: actorOf(admin), action: "delete_temp_user", targetUserId: userId, targetName: `${target.firstName} ${target.lastName}`.trim(), at }, guard)],
  });
  if (deleted === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.tempUserNotFound };
  return { ok: true, value: null };
}

/**
 * The admin panel's members (spec points 3 "Admin user list entry", 4 "User (admin)", 5 "Ban",
 * ADMIN.md "Lists"): the list read by both GET /api/admin/users and the /admin/users page, and the
 * ban, unban and delete changes.
 */
import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { profiles, users, type Plan, type Role } from "../../../../db/schema";
import { effectivePlan, isPremiumActive, type SessionUser } from "../../auth/session";
import { deleteAccount } from "../../account/delete-account";
import { offsetOf, orderOf, pageOf, type PageQuery } from "../list-query";
import { csvTime, type CsvColumn } from "../list-csv";
import { writeBan } from "./ban";
import { actorOf, adminLogInsertIf } from "../admin-log";
import { isSuperAdminEmail } from "../../auth/auth.service";
import { ADMIN_USER_MESSAGES, USER_SORT, type UserFilter, type UserListQuery, type UserSortColumn } from "./users.schemas";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events">;

export type AdminResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

/** One member as the admin lists show them (spec point 3); never a password hash or a session. */
export interface AdminUserEntry {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /**
   * The Verified badge members see (an approved selfie that still covers one of the photos,
   * decision 0130), which the list's Verified filter and badge mean; not the proven email.
   */
  isVerified: boolean;
  /** The member proved their email address (the mailed link, or a provider that vouches for it). */
  emailVerified: boolean;
  /** A paid plan in force now (an expired plan is no longer Premium). */
  isPremium: boolean;
  /** The plan in force now: free once a paid period has ended. */
  plan: Plan;
  isBanned: boolean;
  banReason: string | null;
  isAdmin: boolean;
  /** ADMIN.md 'Who': member, moderator, admin or chaperone. */
  role: Role;
  /** The saved profile's key facts; its presence means the member is active (spec point 3). */
  profile: { age: number; gender: "male" | "female"; denomination: string; city: string | null } | null;
  createdAt: string;
  /** When the member was last seen in the app (null: never since this was recorded). */
  lastActiveAt: string | null;
}

/** `%text%` for LIKE with the user's own % and _ taken literally (escape character backslash). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Name (first, last, or "first last") or email contains the text; SQLite's LIKE ignores ASCII case. */
export function personMatches(person: { firstName: SQLWrapper; lastName: SQLWrapper; email: SQLWrapper }, search: string): SQL {
  const pattern = likePattern(search);
  return sql`((${person.firstName} || ' ' || ${person.lastName}) like ${pattern} escape '\\' or ${person.email} like ${pattern} escape '\\')`;
}

/** A paid plan in force at `now` (planExpiresAt null: granted without end). */
export function premiumNow(now: Date): SQL {
  return and(ne(users.plan, "free"), or(isNull(users.planExpiresAt), gt(users.planExpiresAt, now)))!;
}

function filterCondition(filter: UserFilter, now: Date): SQL | undefined {
  switch (filter) {
    // The badge (decision 0130): users.is_verified is the older "email vouched for" flag.
    case "verified":
      return isNotNull(users.photoVerifiedAt);
    case "banned":
      return eq(users.isBanned, true);
    case "premium":
      return premiumNow(now);
    case "all":
      return undefined;
  }
}

/** The columns of an AdminUserEntry, for every list of members (users, temp users). */
export const userEntryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  photoVerifiedAt: users.photoVerifiedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  plan: users.plan,
  planExpiresAt: users.planExpiresAt,
  isBanned: users.isBanned,
  banReason: users.banReason,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  profileAge: profiles.age,
  profileGender: profiles.gender,
  profileDenomination: profiles.denomination,
  profileCity: profiles.city,
};

/** A row of userEntryColumns (the profile's columns are null without a profile: left join). */
export interface UserEntryRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  photoVerifiedAt: Date | null;
  emailVerifiedAt: Date | null;
  plan: Plan;
  planExpiresAt: Date | null;
  isBanned: boolean;
  banReason: string | null;
  isAdmin: boolean;
  role: Role;
  createdAt: Date;
  lastActiveAt: Date | null;
  profileAge: number | null;
  profileGender: "male" | "female" | null;
  profileDenomination: string | null;
  profileCity: string | null;
}

export function toUserEntry(row: UserEntryRow, now: Date): AdminUserEntry {
  const plan = { plan: row.plan, planExpiresAt: row.planExpiresAt };
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    isVerified: row.photoVerifiedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    isPremium: isPremiumActive(plan, now),
    plan: effectivePlan(plan, now),
    isBanned: row.isBanned,
    banReason: row.banReason,
    isAdmin: row.isAdmin,
    role: row.role,
    profile: row.profileAge === null || row.profileGender === null || row.profileDenomination === null ? null : { age: row.profileAge, gender: row.profileGender, denomination: row.profileDenomination, city: row.profileCity },
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

/** What each sort column of a members list orders by (docs/decisions/0131). */
const USER_SORT_SQL: Record<UserSortColumn, SQLWrapper> = {
  name: sql`lower(trim(${users.firstName} || ' ' || ${users.lastName}))`,
  email: users.email,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  age: profiles.age,
  plan: users.plan,
};

/** ORDER BY of a members list's `sort`; the same sign-up time breaks ties by id. */
export const userOrder = (sort: string = USER_SORT.defaultSort): SQL[] => orderOf(sort, USER_SORT_SQL as Record<string, SQLWrapper>, [desc(users.createdAt), desc(users.id)]);

/** The members lists' CSV (users and temp users): what the table shows, in plain values. */
export const USER_CSV: CsvColumn<AdminUserEntry>[] = [
  { header: "id", value: (user) => user.id },
  { header: "first_name", value: (user) => user.firstName },
  { header: "last_name", value: (user) => user.lastName },
  { header: "email", value: (user) => user.email },
  { header: "phone", value: (user) => user.phone },
  { header: "verified", value: (user) => user.isVerified },
  { header: "email_verified", value: (user) => user.emailVerified },
  { header: "plan", value: (user) => user.plan },
  { header: "banned", value: (user) => user.isBanned },
  { header: "ban_reason", value: (user) => user.banReason },
  { header: "admin", value: (user) => user.isAdmin },
  { header: "role", value: (user) => user.role },
  { header: "age", value: (user) => user.profile?.age },
  { header: "gender", value: (user) => user.profile?.gender },
  { header: "denomination", value: (user) => user.profile?.denomination },
  { header: "city", value: (user) => user.profile?.city },
  { header: "created_at", value: (user) => csvTime(user.createdAt) },
  { header: "last_active_at", value: (user) => csvTime(user.lastActiveAt) },
];

/** A page of members, newest first, searched and filtered (ADMIN.md "Lists"). */
export async function listUsers(deps: Pick<Deps, "db" | "clock">, query: UserListQuery) {
  const now = deps.clock.now();
  return pageOfUsers(deps, and(query.search ? personMatches(users, query.search) : undefined, filterCondition(query.filter, now)), query, now, userOrder(query.sort));
}

/** One page of the accounts that match `where`, newest first unless `order` says otherwise, as `{users, total, page, limit}`. */
export async function pageOfUsers(deps: Pick<Deps, "db">, where: SQL | undefined, query: PageQuery, now: Date, order: SQL[] = userOrder()) {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(userEntryColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ value: count() }).from(users).where(where),
  ]);
  return pageOf(
    "users",
    rows.map((row) => toUserEntry(row, now)),
    total?.value ?? 0,
    query,
  );
}

/** One member as the lists show them, for a dialog; null when there is none. */
export async function findUser(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<AdminUserEntry | null> {
  const [row] = await deps.db.select(userEntryColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return row === undefined ? null : toUserEntry(row, deps.clock.now());
}

/**
 * The account of SUPER_ADMIN_EMAIL, which no admin can ban or delete (ADMIN.md "Who"), once it is
 * the admin: someone else who registered that address first is a member like any other, and may
 * be banned (docs/decisions/0083).
 */
export function isProtectedSuperAdmin(config: Deps["config"], target: { email: string | null; isAdmin: boolean }): boolean {
  return target.isAdmin && isSuperAdminEmail(config, target.email);
}

/** Whether `admin` may ban or delete `target`; the message of the refusal otherwise. */
export function protectionOf(config: Deps["config"], admin: Pick<SessionUser, "id">, target: { id: string; email: string | null; isAdmin: boolean }, change: "ban" | "delete"): string | null {
  if (target.id === admin.id) return change === "ban" ? ADMIN_USER_MESSAGES.banSelf : ADMIN_USER_MESSAGES.deleteSelf;
  if (isProtectedSuperAdmin(config, target)) return change === "ban" ? ADMIN_USER_MESSAGES.banSuperAdmin : ADMIN_USER_MESSAGES.deleteSuperAdmin;
  return null;
}

async function targetOf(deps: Pick<Deps, "db">, userId: string) {
  const [row] = await deps.db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isBanned: users.isBanned, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * POST /api/admin/users/{id}/ban: suspends the account, ends every session and logs it (one
 * batch, writeBan); realtime then closes their sockets and tells their matches' open pages.
 */
export async function banMember(deps: Deps, admin: SessionUser, userId: string, reason: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound };
  const refusal = protectionOf(deps.config, admin, target, "ban");
  if (refusal !== null) return { ok: false, status: 400, message: refusal };
  const result = await writeBan(deps.db, { user: target, ban: true, reason, actor: actorOf(admin), at: deps.clock.now() });
  if (!result.changed) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound };
  deps.events.emit("user.banned", { userId });
  deps.events.emit("sessions.revoked", { userId, sessionIds: null });
  return { ok: true, value: null };
}

/** POST /api/admin/users/{id}/unban: clears the suspension and its reason; logged. */
export async function unbanMember(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound };
  const result = await writeBan(deps.db, { user: target, ban: false, reason: null, actor: actorOf(admin), at: deps.clock.now() });
  if (!result.changed) return { ok: false, status: 409, message: ADMIN_USER_MESSAGES.notBanned };
  return { ok: true, value: null };
}

/**
 * DELETE /api/admin/users/{id}: the account and everything of it (deleteAccount), with the admin
 * log row in the same batch; the row's target becomes null as the account goes, its name stays.
 */
export async function deleteMember(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound };
  const refusal = protectionOf(deps.config, admin, target, "delete");
  if (refusal !== null) return { ok: false, status: 400, message: refusal };
  const at = deps.clock.now();
  const deleted = await deleteAccount(deps, userId, {
    alongside: (guard) => [adminLogInsertIf(deps.db, { actor: actorOf(admin), action: "delete_user", targetUserId: userId, targetName: `${target.firstName} ${target.lastName}`.trim(), at }, guard)],
  });
  if (deleted === null) return { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound };
  return { ok: true, value: null };
}

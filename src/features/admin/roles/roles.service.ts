/**
 * Roles granted and revoked (ADMIN.md 'Who', docs/decisions/0127): in the panel (POST
 * /api/admin/users/{id}/role) and at the terminal (kasih admin grant|revoke). users.is_admin
 * follows users.role by the triggers of migration 0019.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { sessions, users, type Role } from "../../../../db/schema";
import { actorOf, adminLogInsertIf, type Actor } from "../admin-log";
import type { SessionUser } from "../../auth/session";
import { isStaffRole } from "../staff-permissions";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

/** The roles the panel and the terminal give (a chaperone is made elsewhere, MATCHING.md). */
export const GRANTABLE_ROLES = ["admin", "moderator", "member"] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_MESSAGES = {
  invalidRole: "Role must be admin, moderator or member",
  userNotFound: "User not found",
  ownRole: "You cannot change your own role",
  demoteSuperAdmin: "The super admin account cannot be demoted",
  onlySuperAdmin: "Only the super admin may do this to an admin or moderator",
  changed: "Role changed",
  changedMeanwhile: "The role was changed meanwhile; reload and try again",
} as const;

export interface RoleTarget {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  isAdmin: boolean;
}

export async function roleTargetOf(deps: Pick<Deps, "db">, where: { id: string } | { email: string }): Promise<RoleTarget | null> {
  const condition = "id" in where ? eq(users.id, where.id) : eq(users.email, where.email.toLowerCase());
  const [row] = await deps.db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, isAdmin: users.isAdmin }).from(users).where(condition).limit(1);
  return row ?? null;
}

/** The account of SUPER_ADMIN_EMAIL once it is the admin (docs/decisions/0083). */
export function isSuperAdmin(config: Pick<Deps["config"], "superAdminEmail">, person: { email: string | null; isAdmin: boolean }): boolean {
  return person.isAdmin && config.superAdminEmail !== undefined && person.email !== null && config.superAdminEmail === person.email.toLowerCase();
}

/**
 * ADMIN.md 'Who': banning, suspending, deleting or demoting the super admin is 400 for everyone
 * (said by each action with its own message); doing it to another admin or moderator is 403
 * unless the caller is the super admin. Null: allowed as far as roles go.
 */
export function staffTargetRefusal(config: Deps["config"], caller: Pick<SessionUser, "id" | "email" | "isAdmin">, target: Pick<RoleTarget, "id" | "email" | "isAdmin" | "role">): { status: 403; message: string } | null {
  if (target.id === caller.id || isSuperAdmin(config, target)) return null;
  if (isStaffRole(target.role) && !isSuperAdmin(config, caller)) return { status: 403, message: ROLE_MESSAGES.onlySuperAdmin };
  return null;
}

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * The change itself, for the panel and the terminal: the log row and the new role in one batch,
 * both on the condition that the role is still the one read (two admins at once: one wins). A
 * changed role also ends the second-factor proof of the account's open sessions: a moderator made
 * admin proves a code again before the wider panel opens.
 */
export async function writeRole(deps: Pick<Deps, "db">, actor: Actor, target: RoleTarget, role: GrantableRole, at: Date, action: "role_change" | "grant_admin" = "role_change"): Promise<boolean> {
  const unchanged = sql`exists (select 1 from ${users} where ${users.id} = ${target.id} and ${users.role} = ${target.role})`;
  const [, , updated] = await deps.db.batch([
    adminLogInsertIf(deps.db, { actor, action, targetUserId: target.id, targetName: nameOf(target), reason: `${target.role} → ${role}`, at }, unchanged),
    deps.db.update(sessions).set({ secondFactorAt: null }).where(and(eq(sessions.userId, target.id), unchanged)),
    deps.db.update(users).set({ role }).where(and(eq(users.id, target.id), eq(users.role, target.role))).returning({ id: users.id }),
  ]);
  return updated.length === 1;
}

export type RoleResult = { ok: true; value: { id: string; role: Role; changed: boolean } } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/** POST /api/admin/users/{id}/role: the rules of ADMIN.md 'Who', then writeRole. */
export async function changeRole(deps: Deps, caller: SessionUser, userId: string, role: GrantableRole): Promise<RoleResult> {
  const target = await roleTargetOf(deps, { id: userId });
  if (target === null) return { ok: false, status: 404, message: ROLE_MESSAGES.userNotFound };
  if (target.id === caller.id) return { ok: false, status: 400, message: ROLE_MESSAGES.ownRole };
  if (target.role === role) return { ok: true, value: { id: target.id, role, changed: false } };
  if (isSuperAdmin(deps.config, target)) return { ok: false, status: 400, message: ROLE_MESSAGES.demoteSuperAdmin };
  const refusal = staffTargetRefusal(deps.config, caller, target);
  if (refusal !== null) return { ok: false, ...refusal };
  if (!(await writeRole(deps, actorOf(caller), target, role, deps.clock.now()))) return { ok: false, status: 409, message: ROLE_MESSAGES.changedMeanwhile };
  return { ok: true, value: { id: target.id, role, changed: true } };
}

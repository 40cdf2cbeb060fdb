/**
 * The actions of one member's page (ADMIN.md 'One member'; docs/decisions/0128): warn, hide,
 * unhide, suspend for 1, 7 or 30 days, and require a new selfie. Ban, unban and delete stay in
 * users.service.ts, plans in ../plans. Each change is ONE db.batch: the admin log row, written
 * under the very condition the change is guarded by, then the change (docs/decisions/0002), so a
 * change without its row, or a row without its change, cannot exist.
 *
 * The statements are exported apart from the checks, so a report's decision can put the same
 * change in its own batch (ADMIN.md 'Reports that act').
 */
import { and, eq, gt, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { photos, sessions, users } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import type { SessionUser } from "../../auth/session";
import { actorOf, adminLogInsertIf, type Actor } from "../admin-log";
import { protectionOf, type AdminResult } from "./users.service";
import { withdrawVouchesGiven } from "../../vouches/vouch-withdrawal";
import { ADMIN_USER_MESSAGES } from "./users.schemas";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events">;

/** The lengths of a suspension an admin may choose (ADMIN.md: 1, 7 or 30 days). */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

const DAY_MS = 24 * 60 * 60_000;
/** Western Indonesian Time is UTC+7 all year: the log says a suspension's end as the admins read time. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60_000;
const jakartaMinute = (at: Date) => `${new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ")} WIB`;

/** A warning's text, shown to the member: as long as a ban reason at most. */
export const WARNING_MAX = 500;

export const MEMBER_ACTION_MESSAGES = {
  warned: "Warning sent",
  hidden: "User hidden from Discover",
  unhidden: "User shown in Discover again",
  suspended: "User suspended",
  reverifyRequested: "A new selfie is required",
  alreadyHidden: "User is already hidden",
  notHidden: "User is not hidden",
  notVerified: "User has no verified badge",
  messageRequired: "A message is required",
  messageTooLong: `The message must be at most ${WARNING_MAX} characters`,
  invalidDays: "Days must be 1, 7 or 30",
  suspendSelf: "You cannot suspend your own account",
  suspendSuperAdmin: "The super admin account cannot be suspended",
  permanentlyBanned: "User is banned permanently",
} as const;

interface Target {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

async function targetOf(deps: Pick<Deps, "db">, userId: string): Promise<Target | null> {
  const [row] = await deps.db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

const exists = (where: SQL) => sql`exists (select 1 from users where ${where})`;

/** A member's suspension in force at `now` (it lifts itself when the time passes: no job). */
export function suspendedAt(now: Date): SQL {
  return and(isNotNull(users.suspendedUntil), gt(users.suspendedUntil, now))!;
}

// ---------------------------------------------------------------- statements (for any batch)

export interface ActionContext {
  actor: Actor;
  target: { id: string; firstName: string; lastName: string };
  at: Date;
  /** Added to the log row's detail (a report's decision names the report and its status). */
  logPrefix?: string;
}

const detail = (context: ActionContext, text: string | null) => (context.logPrefix ? `${context.logPrefix}${text ? `: ${text}` : ""}` : text);

/** warn {message}: the row the member sees at their next visit (member-warnings.tsx), and its log row. */
export function warnStatements(deps: Pick<Deps, "db">, context: ActionContext, message: string, reportId: string | null = null) {
  const where = eq(users.id, context.target.id);
  return [
    adminLogInsertIf(deps.db, { actor: context.actor, action: "warn", targetUserId: context.target.id, targetName: nameOf(context.target), reason: detail(context, message), at: context.at }, exists(where)),
    deps.db.run(sql`insert into member_warnings (id, user_id, message, admin_id, report_id, created_at)
      select ${newId()}, ${context.target.id}, ${message}, ${context.actor.id}, ${reportId}, ${context.at.getTime()} where ${exists(where)}`),
  ] as const;
}

/** hide: off every deck (discovery.sql.ts tests hidden_at) until an admin unhides. Only a shown member changes. */
export function hideStatements(deps: Pick<Deps, "db">, context: ActionContext) {
  const where = and(eq(users.id, context.target.id), isNull(users.hiddenAt))!;
  return [
    adminLogInsertIf(deps.db, { actor: context.actor, action: "hide", targetUserId: context.target.id, targetName: nameOf(context.target), reason: detail(context, null), at: context.at }, exists(where)),
    deps.db.update(users).set({ hiddenAt: context.at, hiddenBy: "admin" }).where(where).returning({ id: users.id }),
  ] as const;
}

/** unhide: back on the decks (whoever hid them: an admin, or the reports threshold). */
export function unhideStatements(deps: Pick<Deps, "db">, context: ActionContext) {
  const where = and(eq(users.id, context.target.id), isNotNull(users.hiddenAt))!;
  return [
    adminLogInsertIf(deps.db, { actor: context.actor, action: "unhide", targetUserId: context.target.id, targetName: nameOf(context.target), reason: detail(context, null), at: context.at }, exists(where)),
    deps.db.update(users).set({ hiddenAt: null, hiddenBy: null }).where(where).returning({ id: users.id }),
  ] as const;
}

/**
 * suspend {days, reason}: like a ban for `days` (ADMIN.md): every session ends now, sign-in answers
 * 403 with the reason and the end (auth.service.ts), and it lifts itself when the end passes
 * (every check compares with now). A permanent ban is not shortened by it.
 */
export function suspendStatements(deps: Pick<Deps, "db">, context: ActionContext, days: SuspensionDays, reason: string) {
  const until = new Date(context.at.getTime() + days * DAY_MS);
  const where = and(eq(users.id, context.target.id), eq(users.isBanned, false))!;
  return {
    until,
    statements: [
      adminLogInsertIf(
        deps.db,
        { actor: context.actor, action: "suspend", targetUserId: context.target.id, targetName: nameOf(context.target), reason: detail(context, `${days} ${days === 1 ? "day" : "days"}, until ${jakartaMinute(until)}: ${reason}`), at: context.at },
        exists(where),
      ),
      deps.db.update(users).set({ suspendedUntil: until, suspensionReason: reason }).where(where).returning({ id: users.id }),
      deps.db.delete(sessions).where(and(eq(sessions.userId, context.target.id), exists(where))),
      // A suspended voucher loses the vouches they gave (docs/decisions/0134).
      withdrawVouchesGiven(deps.db, context.target.id, exists(where)),
    ] as const,
  };
}

/**
 * reverify: the photo-verified badge is withdrawn, and the photos it covered are no longer
 * counted as reviewed, until a new selfie is approved (the member starts one at /verify).
 */
export function reverifyStatements(deps: Pick<Deps, "db">, context: ActionContext) {
  const where = and(eq(users.id, context.target.id), isNotNull(users.photoVerifiedAt))!;
  return [
    adminLogInsertIf(deps.db, { actor: context.actor, action: "reverify", targetUserId: context.target.id, targetName: nameOf(context.target), reason: detail(context, null), at: context.at }, exists(where)),
    deps.db.update(photos).set({ verifiedAt: null }).where(and(eq(photos.userId, context.target.id), exists(where))),
    deps.db.update(users).set({ photoVerifiedAt: null, reverifyRequestedAt: context.at }).where(where).returning({ id: users.id }),
  ] as const;
}

// ---------------------------------------------------------------- the calls

function contextFor(deps: Pick<Deps, "clock">, admin: SessionUser, target: Target): ActionContext {
  return { actor: actorOf(admin), target, at: deps.clock.now() };
}

const notFound = { ok: false, status: 404, message: ADMIN_USER_MESSAGES.userNotFound } as const;

/** POST /api/admin/users/{id}/warn {message}. */
export async function warnMember(deps: Deps, admin: SessionUser, userId: string, message: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return notFound;
  const [, inserted] = await deps.db.batch([...warnStatements(deps, contextFor(deps, admin, target), message)]);
  return inserted.rowsAffected > 0 ? { ok: true, value: null } : notFound;
}

/** POST /api/admin/users/{id}/hide. */
export async function hideMember(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return notFound;
  const [, updated] = await deps.db.batch([...hideStatements(deps, contextFor(deps, admin, target))]);
  return updated.length > 0 ? { ok: true, value: null } : { ok: false, status: 409, message: MEMBER_ACTION_MESSAGES.alreadyHidden };
}

/** POST /api/admin/users/{id}/unhide. */
export async function unhideMember(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return notFound;
  const [, updated] = await deps.db.batch([...unhideStatements(deps, contextFor(deps, admin, target))]);
  return updated.length > 0 ? { ok: true, value: null } : { ok: false, status: 409, message: MEMBER_ACTION_MESSAGES.notHidden };
}

/** POST /api/admin/users/{id}/suspend {days, reason}: protected like a ban (ADMIN.md 'Who'). */
export async function suspendMember(deps: Deps, admin: SessionUser, userId: string, days: SuspensionDays, reason: string): Promise<AdminResult<{ until: Date }>> {
  const target = await targetOf(deps, userId);
  if (target === null) return notFound;
  const refusal = protectionOf(deps.config, admin, target, "ban");
  if (refusal === ADMIN_USER_MESSAGES.banSelf) return { ok: false, status: 400, message: MEMBER_ACTION_MESSAGES.suspendSelf };
  if (refusal === ADMIN_USER_MESSAGES.banSuperAdmin) return { ok: false, status: 400, message: MEMBER_ACTION_MESSAGES.suspendSuperAdmin };
  if (refusal !== null) return { ok: false, status: 400, message: refusal };
  const { until, statements } = suspendStatements(deps, contextFor(deps, admin, target), days, reason);
  const [, updated] = await deps.db.batch([...statements]);
  // A permanently banned account is not suspended on top (its ban already holds).
  if (updated.length === 0) return { ok: false, status: 409, message: MEMBER_ACTION_MESSAGES.permanentlyBanned };
  deps.events.emit("user.suspended", { userId });
  return { ok: true, value: { until } };
}

/** POST /api/admin/users/{id}/reverify. */
export async function requireNewSelfie(deps: Deps, admin: SessionUser, userId: string): Promise<AdminResult<null>> {
  const target = await targetOf(deps, userId);
  if (target === null) return notFound;
  const [, , updated] = await deps.db.batch([...reverifyStatements(deps, contextFor(deps, admin, target))]);
  return updated.length > 0 ? { ok: true, value: null } : { ok: false, status: 409, message: MEMBER_ACTION_MESSAGES.notVerified };
}

/** Every suspension still running or not: used by the users list's "banned" filter (a lifted one is not). */
export const bannedOrSuspended = (now: Date): SQL => or(eq(users.isBanned, true), suspendedAt(now))!;

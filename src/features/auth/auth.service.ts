import type { SignupOrigin } from "./signup-origin";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { preparedQuery } from "../../../db/prepared";
import { dailyUsage, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { jakartaDayOf, type Clock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { loadOwnProfile } from "../profile/profile-json";
import { AUTH_MESSAGES, type RegisterInput } from "./auth.schemas";
import { DEFAULT_LANGUAGE, type Lang } from "../../i18n";
import { checkPasswordStrength, hashPassword, PASSWORD_PROBLEM_MESSAGES, verifyAgainstDummy, verifyPassword } from "./password";
import { effectivePlan, isPremiumActive, type SessionUser } from "./session";
import { suspensionOf } from "./suspension";
import { isRegistrationHeld } from "../safety/registration-holds";

/** A suspension in force (ADMIN.md 'One member'): sign-in answers it with the reason and the end. */
export interface SuspensionAnswer {
  reason: string;
  suspendedUntil: string;
}

export type AuthResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 401 | 403 | 409; message: string; suspension?: SuspensionAnswer };

/**
 * The 403 of a suspended account: the English message names the end and the reason; the fields
 * let the sign-in screen say both in the member's language (docs/decisions/0128).
 */
export function suspendedAnswer(until: Date, reason: string): { ok: false; status: 403; message: string; suspension: SuspensionAnswer } {
  return { ok: false, status: 403, message: `${AUTH_MESSAGES.suspendedUntil} ${until.toISOString()}: ${reason}`, suspension: { reason, suspendedUntil: until.toISOString() } };
}

/**
 * True for the operator's configured super-admin address (spec point 2). Only a PROVEN address
 * makes its account an admin (docs/decisions/0083): callers check emailVerifiedAt as well.
 */
export function isSuperAdminEmail(config: AppDeps["config"], email: string | null): boolean {
  return config.superAdminEmail !== undefined && email !== null && config.superAdminEmail === email.toLowerCase();
}

/**
 * `language`: the one the person registered in; mails to the account use it (and follow later
 * switches). A new account is never an admin, even at the super-admin address: typing an
 * address proves nothing, so the mailed link has to be used first (docs/decisions/0083).
 */
export async function registerUser(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "passwordHashCost">,
  input: RegisterInput,
  language: Lang = DEFAULT_LANGUAGE,
  origin: SignupOrigin = { signupIp: null, signupCountry: null },
): Promise<AuthResult<{ id: string }>> {
  const problem = checkPasswordStrength(input.password);
  if (problem !== null) return { ok: false, status: 400, message: PASSWORD_PROBLEM_MESSAGES[problem] };
  const email = input.email.toLowerCase();
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing !== undefined) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };
  // An address deleted while reports against it were open is held for 90 days, answered like one
  // in use and before any hashing, so neither the answer nor its time tells the two apart (docs/decisions/0129).
  if (await isRegistrationHeld(deps, "email", email)) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };
  const passwordHash = await hashPassword(input.password, deps.passwordHashCost);
  const id = newId();
  const inserted = await deps.db
    .insert(users)
    .values({ id, email, passwordHash, firstName: input.firstName, lastName: input.lastName, language, ...origin, createdAt: deps.clock.now(), lastActiveAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Two registrations of one address at the same moment: the unique index lets one through.
  if (inserted.length === 0) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };
  return { ok: true, value: { id } };
}

/**
 * Checks email and password. Unknown email and wrong password take the same time and give the
 * same answer. The super-admin address becomes an admin at a sign-in once it is proven (an
 * account that existed before the operator named it, and was verified then).
 */
export async function authenticate(deps: Pick<AppDeps, "db" | "config" | "clock" | "passwordHashCost">, email: string, password: string): Promise<AuthResult<{ id: string; isAdmin: boolean; hasPhoto: boolean; role: string }>> {
  const normalized = email.toLowerCase();
  const [user] = await deps.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, isAdmin: users.isAdmin, isBanned: users.isBanned, banReason: users.banReason, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason, emailVerifiedAt: users.emailVerifiedAt, hasPhoto: users.hasPhoto })
    .from(users)
    .where(eq(users.email, normalized))
    .limit(1);
  if (user === undefined || user.passwordHash === null) {
    await verifyAgainstDummy(password, deps.passwordHashCost);
    return { ok: false, status: 401, message: AUTH_MESSAGES.invalidCredentials };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, status: 401, message: AUTH_MESSAGES.invalidCredentials };
  if (user.isBanned) return { ok: false, status: 403, message: user.banReason ? `${AUTH_MESSAGES.banned}: ${user.banReason}` : AUTH_MESSAGES.banned };
  // A suspension lifts itself: it holds while its end is ahead of now (no job clears it).
  const suspension = suspensionOf(user, deps.clock.now());
  if (suspension !== null) return suspendedAnswer(suspension.until, suspension.reason);
  const isAdmin = user.isAdmin || (user.emailVerifiedAt !== null && isSuperAdminEmail(deps.config, normalized));
  await deps.db.update(users).set({ isAdmin, lastActiveAt: deps.clock.now() }).where(eq(users.id, user.id));
  return { ok: true, value: { id: user.id, isAdmin, hasPhoto: user.hasPhoto, role: user.role } };
}

/** A saved profile with at least one photo: the session's hasPhoto, kept on the row by the database (0109). */
export async function userHasPhoto(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ hasPhoto: users.hasPhoto }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.hasPhoto === true;
}

export async function usageToday(db: Database, clock: Clock, userId: string): Promise<{ swipes: number; chats: number }> {
  // Prepared once per database: it runs on every GET /api/auth/user.
  const query = preparedQuery(db, "auth.usage-today", () =>
    db
      .select({ swipes: dailyUsage.swipes, chats: dailyUsage.chats })
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, sql.placeholder("userId")), eq(dailyUsage.day, sql.placeholder("day"))))
      .limit(1)
      .prepare(),
  );
  const [row] = await query.execute({ userId, day: jakartaDayOf(clock.now()) });
  return row ?? { swipes: 0, chats: 0 };
}

/** Spec point 3's current user, with the profile nested and today's usage. */
export async function currentUserJson(deps: Pick<AppDeps, "db" | "clock">, user: SessionUser, now: Date) {
  // Names (the denomination's, the interests') in the member's own language (docs/decisions/0132).
  const [profile, usage] = await Promise.all([loadOwnProfile(deps.db, user.id, user.language), usageToday(deps.db, { now: () => now }, user.id)]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isPremium: isPremiumActive(user, now),
    plan: effectivePlan(user, now),
    planExpiresAt: user.planExpiresAt?.toISOString() ?? null,
    isAdmin: user.isAdmin,
    /** ADMIN.md 'Who': member, moderator, admin or chaperone. */
    role: user.role,
    /** Onboarding ahead: no photo yet. Never for a chaperone, who has no profile (MATCHING.md 'Chaperone'). */
    isNewUser: user.role !== "chaperone" && !user.hasPhoto,
    dailySwipes: usage.swipes,
    dailyChats: usage.chats,
    hasPhoto: user.hasPhoto,
    language: user.language,
    profile,
    age: profile?.age ?? null,
    denomination: profile?.denomination ?? null,
    churchName: profile?.churchName ?? null,
    bio: profile?.bio ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export type CurrentUserJson = Awaited<ReturnType<typeof currentUserJson>>;

/**
 * The account's language follows the language the person chose on screen, so mails (password
 * reset) reach them in it: recorded at sign-in and when they switch it in Settings.
 */
export async function rememberLanguage(db: Database, userId: string, language: Lang | null): Promise<void> {
  if (language === null) return;
  await db.update(users).set({ language }).where(and(eq(users.id, userId), ne(users.language, language)));
}

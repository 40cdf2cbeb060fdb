import type { SignupOrigin } from "./signup-origin";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-env";
import { oauthAccounts, sessions, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { AUTH_MESSAGES } from "./auth.schemas";
import { isSuperAdminEmail, suspendedAnswer, userHasPhoto, type SuspensionAnswer } from "./auth.service";
import { suspensionOf } from "./suspension";
import { isRegistrationHeld } from "../safety/registration-holds";
import { DEFAULT_LANGUAGE, type Lang } from "../../i18n";

export type IdentityProvider = "google" | "facebook" | "firebase";

/** What a provider told us about a person, after we verified it ourselves. */
export interface VerifiedIdentity {
  provider: IdentityProvider;
  providerUserId: string;
  /** Only an address the provider says is verified; null otherwise. */
  verifiedEmail: string | null;
  firstName: string;
  lastName: string;
}

export const IDENTITY_MESSAGES = {
  noVerifiedEmail: "Your sign-in provider did not confirm your email address. Please use email and password",
} as const;

export type IdentityResult = { ok: true; userId: string; isAdmin: boolean; isNewUser: boolean } | { ok: false; status: 403 | 400 | 409; message: string; suspension?: SuspensionAnswer };

/**
 * Finds the account for a provider identity, or links it to the account with the same VERIFIED
 * email, or creates one. An unverified address never links: that would let anyone who can
 * type someone's email at a provider take over their account.
 *
 * Registration never proves the email, so an account found by email may have been made by
 * someone else in advance ("pre-account hijacking"): linking a verified identity to an account
 * no provider has vouched for yet marks it verified and, if it has a password, removes that
 * password and ends its sessions, so whoever chose them loses access. The owner can set a
 * password again by reset. (A mailed link clicked by the owner does not count here: the owner
 * may have confirmed an account someone else registered and still holds the password of.)
 *
 * An address the provider vouches for is a proven address (emailVerifiedAt), so the
 * SUPER_ADMIN_EMAIL account becomes an admin here (docs/decisions/0083).
 */
/** `language`: the screen's language, kept for an account this sign-in creates. */
export async function signInWithIdentity(
  deps: Pick<AppDeps, "db" | "config" | "clock"> & Partial<Pick<AppDeps, "events">>,
  identity: VerifiedIdentity,
  language: Lang = DEFAULT_LANGUAGE,
  origin: SignupOrigin = { signupIp: null, signupCountry: null },
): Promise<IdentityResult> {
  const now = deps.clock.now();
  const [linked] = await deps.db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, isBanned: users.isBanned, emailVerifiedAt: users.emailVerifiedAt })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, identity.provider), eq(oauthAccounts.providerUserId, identity.providerUserId)))
    .limit(1);
  let account = linked;
  if (account === undefined) {
    if (identity.verifiedEmail === null) return { ok: false, status: 400, message: IDENTITY_MESSAGES.noVerifiedEmail };
    const email = identity.verifiedEmail.toLowerCase();
    const [byEmail] = await deps.db
      .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, isBanned: users.isBanned, emailVerifiedAt: users.emailVerifiedAt, isVerified: users.isVerified, hasPassword: users.passwordHash })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (byEmail !== undefined) {
      account = byEmail;
      if (!byEmail.isVerified) {
        const hadPassword = byEmail.hasPassword !== null;
        const verify = deps.db.update(users).set({ isVerified: true, ...(hadPassword ? { passwordHash: null } : {}) }).where(eq(users.id, byEmail.id));
        if (!hadPassword) await verify;
        else {
          await deps.db.batch([verify, deps.db.delete(sessions).where(eq(sessions.userId, byEmail.id))]);
          deps.events?.emit("sessions.revoked", { userId: byEmail.id, sessionIds: null });
        }
      }
    } else {
      // A held address (deleted while reported, docs/decisions/0129) makes no new account this way either.
      if (await isRegistrationHeld(deps, "email", email)) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };
      const id = newId();
      const firstName = identity.firstName.trim().slice(0, 60) || email.split("@")[0]!.slice(0, 60);
      // Two first sign-ins at the same moment: the unique email index lets one through.
      const inserted = await deps.db
        .insert(users)
        .values({ id, email, passwordHash: null, firstName, lastName: identity.lastName.trim().slice(0, 60), isVerified: true, emailVerifiedAt: now, language, ...origin, createdAt: now, lastActiveAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length === 1) account = { id, email, isAdmin: false, isBanned: false, emailVerifiedAt: now };
      else [account] = await deps.db.select({ id: users.id, email: users.email, isAdmin: users.isAdmin, isBanned: users.isBanned, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, email)).limit(1);
    }
    if (account === undefined) return { ok: false, status: 400, message: IDENTITY_MESSAGES.noVerifiedEmail };
    await deps.db.insert(oauthAccounts).values({ provider: identity.provider, providerUserId: identity.providerUserId, userId: account.id, createdAt: now }).onConflictDoNothing();
  }
  if (account.isBanned) return { ok: false, status: 403, message: AUTH_MESSAGES.banned };
  const [held] = await deps.db.select({ suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason }).from(users).where(eq(users.id, account.id)).limit(1);
  const suspension = held === undefined ? null : suspensionOf(held, now);
  if (suspension !== null) return suspendedAnswer(suspension.until, suspension.reason);
  // The provider vouches for the account's own address (also on later sign-ins of a linked
  // identity, e.g. an account made before addresses were recorded as proven).
  const vouched = identity.verifiedEmail !== null && identity.verifiedEmail.toLowerCase() === account.email;
  const emailVerifiedAt = account.emailVerifiedAt ?? (vouched ? now : null);
  const isAdmin = account.isAdmin || (emailVerifiedAt !== null && isSuperAdminEmail(deps.config, account.email));
  await deps.db.update(users).set({ isAdmin, emailVerifiedAt, lastActiveAt: now }).where(eq(users.id, account.id));
  return { ok: true, userId: account.id, isAdmin, isNewUser: !(await userHasPhoto(deps.db, account.id)) };
}

import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { emailVerificationTokens, sessions, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { newToken } from "../../platform/ids";
import type { Mailer } from "../mail/mailer";
import { emailVerificationMail } from "../mail/templates";
import { log } from "../../platform/log";

/**
 * 48 hours (docs/decisions/0083): long enough for a mail read the next evening or after a
 * weekend day, short enough that a link lying in an old mailbox is dead. A new link is one tap
 * on the profile away.
 */
export const EMAIL_VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60_000;
/** Resends per account per hour (SECURITY.md's limit for mailed links). */
export const VERIFICATION_MAILS_PER_ACCOUNT_PER_HOUR = 3;

/** Only the SHA-256 of a verification token is stored, so a leaked table proves nothing. */
export function verificationTokenId(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The link in the mail, always on APP_ORIGIN (never the request's Host header). */
export function verificationLink(appOrigin: string, token: string): string {
  const url = new URL("/verify-email", appOrigin);
  url.searchParams.set("token", token);
  return url.toString();
}

type VerificationDeps = Pick<AppDeps, "db" | "clock" | "config"> & Partial<Pick<AppDeps, "events">>;

export type SendOutcome = "sent" | "already-verified" | "unknown";

/**
 * Issues a fresh token for the account (voiding older ones in the same batch) and mails the
 * link in the account's language. An address already proven gets nothing.
 */
export async function sendVerificationMail(deps: VerificationDeps, mailer: Mailer, userId: string): Promise<SendOutcome> {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, language: users.language, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // An account made by phone has no address to prove until one is added (docs/decisions/0136).
  if (user === undefined || user.email === null) return "unknown";
  if (user.emailVerifiedAt !== null) return "already-verified";
  const token = newToken(32); // 256 bits
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    deps.db.insert(emailVerificationTokens).values({ id: verificationTokenId(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TOKEN_TTL_MS) }),
  ]);
  await mailer.send(emailVerificationMail(user.language, user.email, user.firstName, verificationLink(deps.config.appOrigin, token)));
  return "sent";
}

/** The address a token would confirm while it is unused and unexpired (the confirm page shows it), else null. */
export async function findVerificationToken(deps: Pick<AppDeps, "db" | "clock">, token: string): Promise<{ userId: string; email: string } | null> {
  if (token === "") return null;
  const [row] = await deps.db
    .select({ userId: users.id, email: users.email })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(and(eq(emailVerificationTokens.id, verificationTokenId(token)), gt(emailVerificationTokens.expiresAt, deps.clock.now())))
    .limit(1);
  return row === undefined || row.email === null ? null : { userId: row.userId, email: row.email };
}

export interface VerifiedEmail {
  userId: string;
  email: string | null;
  /** Admin after the verification (the super-admin address, or an admin already). */
  isAdmin: boolean;
  /** This verification made the account an admin: its session should be renewed. */
  becameAdmin: boolean;
  /**
   * The super-admin address was confirmed by someone not signed in to its account: whoever chose
   * its password may not own the mailbox, so the password and every session went (see verifyEmail).
   */
  passwordCleared: boolean;
}

/**
 * Proves the address and consumes the token in one batch that only acts while the token is
 * valid, so of two simultaneous uses only one changes anything. Every token of the user goes
 * in the same batch (single use). Proving the SUPER_ADMIN_EMAIL address is what makes its
 * account an admin (docs/decisions/0083); a suspended account is never promoted.
 *
 * The link proves the mailbox, not the password: anyone may have registered the operator's
 * address first. So when the super-admin address is confirmed by a visitor who is not signed in
 * to that account (`callerUserId`), the account's password and sessions go in the same batch —
 * as when a provider vouches for an address (identity-accounts.ts) — and the mailbox's owner
 * sets a password through the reset mail. Signed in to it, the caller holds both.
 */
export async function verifyEmail(deps: VerificationDeps, token: string, callerUserId: string | null): Promise<VerifiedEmail | null> {
  if (token === "") return null;
  const tokenId = verificationTokenId(token);
  const now = deps.clock.now();
  const owner = sql`(select ${emailVerificationTokens.userId} from ${emailVerificationTokens} where ${emailVerificationTokens.id} = ${tokenId} and ${emailVerificationTokens.expiresAt} > ${now.getTime()})`;
  const superAdmin = deps.config.superAdminEmail;
  const promote = superAdmin === undefined ? {} : { isAdmin: sql`case when ${users.email} = ${superAdmin} and ${users.isBanned} = 0 then 1 else ${users.isAdmin} end` };
  // The super-admin account, confirmed from outside it: its password is not proven to be the owner's.
  const unprovenHolder = sql`${users.id} = ${owner} and ${users.email} = ${superAdmin ?? null} and ${users.id} is not ${callerUserId}`;
  const [before, cleared, ended, updated] = await deps.db.batch([
    deps.db.select({ isAdmin: users.isAdmin }).from(users).where(sql`${users.id} = ${owner}`),
    deps.db.update(users).set({ passwordHash: null }).where(sql`${unprovenHolder} and ${users.passwordHash} is not null`).returning({ id: users.id }),
    deps.db.delete(sessions).where(sql`${sessions.userId} in (select ${users.id} from ${users} where ${unprovenHolder})`).returning({ id: sessions.id }),
    deps.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, ...promote })
      .where(sql`${users.id} = ${owner}`)
      .returning({ id: users.id, email: users.email, isAdmin: users.isAdmin }),
    // The used token and any other of the user's; an expired one presented is cleared as well.
    deps.db.delete(emailVerificationTokens).where(or(eq(emailVerificationTokens.id, tokenId), sql`${emailVerificationTokens.userId} = ${owner}`)),
  ]);
  const row = updated[0];
  if (row === undefined) return null;
  if (ended.length > 0) deps.events?.emit("sessions.revoked", { userId: row.id, sessionIds: null });
  const becameAdmin = row.isAdmin && before[0]?.isAdmin === false;
  if (becameAdmin) log.warn({ userId: row.id }, "email verification: SUPER_ADMIN_EMAIL proved the address and became an admin");
  return { userId: row.id, email: row.email, isAdmin: row.isAdmin, becameAdmin, passwordCleared: cleared.length > 0 };
}

export interface VerificationState {
  verified: boolean;
  /** An unused, unexpired link is out there (the reminder says "we sent a link"). */
  linkPending: boolean;
}

/** For the profile's reminder: is the address proven, and is a link waiting in the mailbox? */
export async function verificationState(db: Database, now: Date, userId: string): Promise<VerificationState> {
  const [row] = await db
    .select({
      emailVerifiedAt: users.emailVerifiedAt,
      // By the parameter, not correlated: drizzle writes selected columns unqualified.
      pending: sql<number>`exists (select 1 from ${emailVerificationTokens} where ${emailVerificationTokens.userId} = ${userId} and ${emailVerificationTokens.expiresAt} > ${now.getTime()})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { verified: row?.emailVerifiedAt != null, linkPending: row?.pending === 1 };
}

/**
 * The second factor of admins and moderators (ADMIN.md 'Who', docs/decisions/0127): RFC 6238
 * TOTP with ten single-use recovery codes. The secret is sealed with the data directory's key
 * (AES-256-GCM, src/platform/secret-box.ts); the codes are kept as hashes; a proven code marks
 * the session (sessions.second_factor_at), which lasts as long as the session.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../../app-env";
import { recoveryCodes, sessions, users } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import { secretBoxFor } from "../../../platform/secret-box";
import { adminLogInsertIf, type Actor } from "../admin-log";
import { matchingStep, newTotpSecret, otpauthUrl, secretFromBase32, secretToBase32 } from "./totp";
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from "./recovery-codes";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

export const SECOND_FACTOR_MESSAGES = {
  invalidCode: "Invalid code",
  alreadyEnrolled: "Second factor already enrolled",
  tooManyCodes: "Too many wrong codes. Please try again later",
} as const;

/** The name authenticator apps show above the codes. */
export const TOTP_ISSUER = "Kasih";

/** The additional authenticated data of a sealed secret: a secret copied to another account does not open. */
const sealContext = (userId: string) => `totp:${userId}`;

/** A base32 secret sealed for one account, as users.totp_secret keeps it (the demo set's fixed secret uses it too). */
export function sealTotpSecret(dataDir: string, userId: string, base32: string): string {
  return secretBoxFor(dataDir).seal(base32, sealContext(userId));
}

export interface StaffMember {
  id: string;
  /** Null for an account made by phone (docs/decisions/0136): the authenticator then shows the name. */
  email: string | null;
  firstName: string;
  lastName: string;
}

export interface SecondFactorState {
  enrolled: boolean;
  /** A secret was issued and waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
}

export async function secondFactorState(deps: Pick<Deps, "db">, userId: string): Promise<SecondFactorState> {
  const [[row], [left]] = await Promise.all([
    deps.db.select({ enrolledAt: users.totpEnrolledAt, secret: users.totpSecret }).from(users).where(eq(users.id, userId)).limit(1),
    deps.db.select({ value: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { enrolled: row?.enrolledAt != null, pending: row?.enrolledAt == null && row?.secret != null, recoveryCodesLeft: left?.value ?? 0 };
}

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
}

/**
 * POST /api/admin/2fa/enrol: a new secret and ten recovery codes, only while not enrolled. Asking
 * again before the first code replaces both (the page was reloaded, the QR was never scanned).
 * The secret and the codes' hashes are written in one batch, on the condition that the account
 * is still not enrolled.
 */
export async function beginEnrolment(deps: Deps, member: StaffMember): Promise<{ ok: true; value: Enrolment } | { ok: false; status: 409; message: string }> {
  const secret = newTotpSecret();
  const base32 = secretToBase32(secret);
  return writeEnrolment(deps, member, base32, Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode));
}

/** The writes of an enrolment with a given secret and codes (the demo's fixed secret uses it too). */
export async function writeEnrolment(deps: Deps, member: StaffMember, base32: string, codes: string[]): Promise<{ ok: true; value: Enrolment } | { ok: false; status: 409; message: string }> {
  const sealed = sealTotpSecret(deps.config.dataDir, member.id, base32);
  const now = deps.clock.now();
  const notEnrolled = sql`exists (select 1 from ${users} where ${users.id} = ${member.id} and ${users.totpEnrolledAt} is null)`;
  const [, , updated] = await deps.db.batch([
    deps.db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, member.id), notEnrolled)),
    deps.db.run(sql`insert into ${recoveryCodes} (id, user_id, code_hash, used_at, created_at)
      select value ->> '$.id', ${member.id}, value ->> '$.hash', null, ${now.getTime()} from json_each(${JSON.stringify(codes.map((code) => ({ id: newId(), hash: recoveryCodeHash(normalizeRecoveryCode(code)!) })))})
      where ${notEnrolled}`),
    deps.db.update(users).set({ totpSecret: sealed, totpLastStep: null }).where(and(eq(users.id, member.id), isNull(users.totpEnrolledAt))).returning({ id: users.id }),
  ]);
  if (updated.length === 0) return { ok: false, status: 409, message: SECOND_FACTOR_MESSAGES.alreadyEnrolled };
  return { ok: true, value: { secret: base32, otpauthUrl: otpauthUrl(base32, member.email ?? `${member.firstName} ${member.lastName}`.trim(), TOTP_ISSUER), recoveryCodes: codes } };
}

export type Proof = "totp" | "recovery_code";

/**
 * POST /api/admin/2fa/verify: a TOTP code of this or the next or previous 30-second step, later
 * than the last one accepted (each code once), or an unused recovery code once enrolled. The
 * first TOTP code completes the enrolment: a recovery code cannot, it proves nothing about the
 * app. On success the session is marked, the code used up and the sign-in logged with its
 * address, in one batch whose writes are each conditional on the code still being unused.
 */
export async function proveSecondFactor(deps: Deps, member: StaffMember, sessionId: string, input: string, address: string): Promise<{ ok: true; proof: Proof; enrolled: boolean } | { ok: false }> {
  const [row] = await deps.db.select({ secret: users.totpSecret, enrolledAt: users.totpEnrolledAt, lastStep: users.totpLastStep }).from(users).where(eq(users.id, member.id)).limit(1);
  if (row === undefined || row.secret === null) return { ok: false };
  const now = deps.clock.now();
  const actor: Actor = { id: member.id, name: `${member.firstName} ${member.lastName}`.trim() };
  const code = input.replace(/\s+/g, "");
  if (/^\d{6}$/.test(code)) {
    const base32 = secretBoxFor(deps.config.dataDir).open(row.secret, sealContext(member.id));
    if (base32 === null) return { ok: false };
    const step = matchingStep(secretFromBase32(base32), code, now, row.lastStep);
    if (step === null) return { ok: false };
    const unused = sql`exists (select 1 from ${users} where ${users.id} = ${member.id} and (${users.totpLastStep} is null or ${users.totpLastStep} < ${step}))`;
    const completes = row.enrolledAt === null;
    const [, , updated] = await deps.db.batch([
      adminLogInsertIf(deps.db, { actor, action: completes ? "second_factor_enrol" : "sign_in", targetUserId: member.id, targetName: actor.name, reason: signInDetail(address, "totp"), at: now }, unused),
      deps.db.update(sessions).set({ secondFactorAt: now }).where(and(eq(sessions.id, sessionId), eq(sessions.userId, member.id), unused)),
      deps.db
        .update(users)
        .set({ totpLastStep: step, totpEnrolledAt: sql`coalesce(${users.totpEnrolledAt}, ${now.getTime()})` })
        .where(and(eq(users.id, member.id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
        .returning({ id: users.id }),
    ]);
    return updated.length === 1 ? { ok: true, proof: "totp", enrolled: completes } : { ok: false };
  }
  const normalized = normalizeRecoveryCode(code);
  if (normalized === null || row.enrolledAt === null) return { ok: false };
  const hash = recoveryCodeHash(normalized);
  const unused = sql`exists (select 1 from ${recoveryCodes} where ${recoveryCodes.userId} = ${member.id} and ${recoveryCodes.codeHash} = ${hash} and ${recoveryCodes.usedAt} is null)`;
  const [, , used] = await deps.db.batch([
    adminLogInsertIf(deps.db, { actor, action: "sign_in", targetUserId: member.id, targetName: actor.name, reason: signInDetail(address, "recovery_code"), at: now }, unused),
    deps.db.update(sessions).set({ secondFactorAt: now }).where(and(eq(sessions.id, sessionId), eq(sessions.userId, member.id), unused)),
    deps.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, member.id), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id }),
  ]);
  return used.length === 1 ? { ok: true, proof: "recovery_code", enrolled: false } : { ok: false };
}

/** The admin log's detail of a staff sign-in: the address, and how the second factor was proven. */
export function signInDetail(address: string, proof: Proof): string {
  return `from ${address} (${proof === "totp" ? "authenticator code" : "recovery code"})`;
}

/**
 * `kasih admin reset-2fa EMAIL`: the account enrols again at its next visit (a lost phone). The
 * secret, the codes and every proof of its open sessions go, logged, in one batch.
 */
export async function resetSecondFactor(deps: Pick<Deps, "db">, email: string, actor: Actor, at: Date): Promise<{ ok: boolean; message: string }> {
  const [target] = await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (target === undefined) return { ok: false, message: `No user with email ${email}.` };
  await deps.db.batch([
    adminLogInsertIf(deps.db, { actor, action: "second_factor_reset", targetUserId: target.id, targetName: `${target.firstName} ${target.lastName}`.trim(), at }, sql`1`),
    deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id)),
    deps.db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, target.id)),
    deps.db.update(users).set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null }).where(eq(users.id, target.id)),
  ]);
  return { ok: true, message: `${email} enrols a new second factor at the next visit to the panel.` };
}

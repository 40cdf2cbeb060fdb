/**
 * Kasih's own one-time codes for phone sign-in (API.md 'Phone sign-in', docs/decisions/0136):
 * six digits from a cryptographic source, kept only as a keyed hash, living 5 minutes, used once;
 * a newer code voids older ones (one row per number) and the 5th wrong code voids it.
 */
import { createHmac } from "node:crypto";
import { and, eq, gt, gte, lte, or, sql } from "drizzle-orm";
import { phoneCodes } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { readOrCreateSecret } from "../../platform/secrets";
import { PHONE_CODE_TTL_MINUTES } from "./phone-sender";

export const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60_000;
/** The wrong code that voids a code: the 5th. */
export const PHONE_CODE_MAX_FAILURES = 5;
export const PHONE_CODE_DIGITS = 6;

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

const KEY_NAME = "phone-codes";

/** HMAC-SHA-256 of "phone:code": a leaked table gives no code without the key (a plain hash of six digits would). */
function codeHash(dataDir: string, phone: string, code: string): string {
  return createHmac("sha256", readOrCreateSecret(dataDir, KEY_NAME, 32)).update(`${phone}:${code}`).digest("hex");
}

/** A uniform six-digit code: rejection sampling keeps every value equally likely. */
export function randomCode(): string {
  const range = 10 ** PHONE_CODE_DIGITS;
  const limit = Math.floor(2 ** 32 / range) * range;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return String(word[0]! % range).padStart(PHONE_CODE_DIGITS, "0");
}

/** A new code for the number; the row it replaces (an older code, its failures) is gone. */
export async function issuePhoneCode(deps: Deps, phone: string): Promise<string> {
  const code = randomCode();
  const now = deps.clock.now();
  const values = { codeHash: codeHash(deps.config.dataDir, phone, code), expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS), failedAttempts: 0, createdAt: now };
  await deps.db.insert(phoneCodes).values({ phone, ...values }).onConflictDoUpdate({ target: phoneCodes.phone, set: values });
  return code;
}

/**
 * Uses the code: true once, for the live code of the number. A wrong code counts against the
 * live one, and the 5th voids it; an expired one is cleared. Each step is one statement, so two
 * requests with the same code never both succeed.
 */
export async function consumePhoneCode(deps: Deps, phone: string, code: string): Promise<boolean> {
  const now = deps.clock.now();
  if (/^\d{6}$/.test(code)) {
    const used = await deps.db
      .delete(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.codeHash, codeHash(deps.config.dataDir, phone, code)), gt(phoneCodes.expiresAt, now)))
      .returning({ phone: phoneCodes.phone });
    if (used.length === 1) return true;
  }
  await deps.db.batch([
    deps.db.update(phoneCodes).set({ failedAttempts: sql`${phoneCodes.failedAttempts} + 1` }).where(eq(phoneCodes.phone, phone)),
    deps.db.delete(phoneCodes).where(and(eq(phoneCodes.phone, phone), or(gte(phoneCodes.failedAttempts, PHONE_CODE_MAX_FAILURES), lte(phoneCodes.expiresAt, now)))),
  ]);
  return false;
}

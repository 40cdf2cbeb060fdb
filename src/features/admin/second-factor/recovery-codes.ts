import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";

/** Ten single-use codes shown once at enrolment (ADMIN.md 'Who'). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code: 10 base32 characters (50 random bits), shown as "ABCDE-FGHIJ". Guessing one of ten
 * takes about 2^46 tries against five tries per 15 minutes, so a fast hash is enough.
 */
export function newRecoveryCode(): string {
  const text = encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** How a typed code is compared: upper case, without spaces or dashes. Null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const text = input.replace(/[\s-]+/g, "").toUpperCase();
  return /^[A-Z2-7]{10}$/.test(text) ? text : null;
}

/** Only this is stored: SHA-256 of the normalised code, hex. */
export function recoveryCodeHash(normalized: string): string {
  return new Bun.CryptoHasher("sha256").update(`kasih-recovery:${normalized}`).digest("hex");
}

import { createHmac, randomBytes } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";

/**
 * RFC 6238 TOTP as every authenticator app reads it: HMAC-SHA1, 30-second steps, 6 digits
 * (ADMIN.md 'Who'). node:crypto's HMAC, tested against the RFC's own vectors (totp.test.ts).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too: a phone's clock a little off, a code typed as it turned. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the length RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(SECRET_BYTES));
}

/** The secret as authenticator apps take it typed in: base32, upper case, no padding. */
export function secretToBase32(secret: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(secret);
}

export function secretFromBase32(text: string): Uint8Array {
  return decodeBase32IgnorePadding(text.replace(/\s+/g, "").toUpperCase());
}

export function timeStep(at: Date, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(at.getTime() / 1000 / periodSeconds);
}

/** RFC 4226 HOTP of one counter value (the TOTP of a time step), `digits` long, zero-padded. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export function totp(secret: Uint8Array, at: Date): string {
  return hotp(secret, timeStep(at));
}

/**
 * The time step `code` belongs to, within TOTP_WINDOW_STEPS of `at`, that is later than
 * `lastUsedStep` (each code is accepted once); null when none. Every candidate is compared, in
 * constant time per comparison, so the answer's timing does not say which step matched.
 */
export function matchingStep(secret: Uint8Array, code: string, at: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = timeStep(at);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step++) {
    const same = constantTimeEqual(hotp(secret, step), code);
    if (same && found === null && (lastUsedStep === null || step > lastUsedStep)) found = step;
  }
  return found;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The otpauth:// URL an authenticator app reads from the QR (Key URI Format): issuer and account named. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: secretBase32, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

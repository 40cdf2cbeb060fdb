import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random 128-bit identifier, base32 (26 characters). Not guessable, so it leaks no counts. */
export function newId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
}

/** A random secret token with `bytes` of entropy, base32. */
export function newToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The characters of every id and token above (lower-case base32): what a path parameter may hold. */
export const ID_CHARACTERS = /^[a-z2-7]+$/;

/** RFC 4648's base32 alphabet, lower case: what every id and token is written in. */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * Bytes as lower-case base32 without padding (RFC 4648; the same text as @oslojs/encoding's
 * encodeBase32LowerCaseNoPadding, which built it through BigInts: 4.2 µs an id against 0.3, about
 * 1 % of the server's thread under bench:load when every swipe made one, docs/decisions/0113).
 */
export function base32(bytes: Uint8Array): string {
  let text = "";
  let bits = 0;
  let value = 0;
  for (let i = 0; i < bytes.length; i++) {
    value = ((value << 8) | bytes[i]!) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += ALPHABET[(value >>> bits) & 31];
    }
  }
  if (bits > 0) text += ALPHABET[(value << (5 - bits)) & 31];
  return text;
}

/** A random 128-bit identifier, base32 (26 characters). Not guessable, so it leaks no counts. */
export function newId(): string {
  return base32(crypto.getRandomValues(new Uint8Array(16)));
}

/** A random secret token with `bytes` of entropy, base32. */
export function newToken(bytes = 20): string {
  return base32(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The characters of every id and token above (lower-case base32): what a path parameter may hold. */
export const ID_CHARACTERS = /^[a-z2-7]+$/;

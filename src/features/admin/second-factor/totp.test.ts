import { describe, expect, test } from "bun:test";
import { hotp, matchingStep, otpauthUrl, secretFromBase32, secretToBase32, timeStep, totp } from "./totp";

// RFC 6238 appendix B: the seeds are the ASCII digits "1234567890" repeated to the hash's key length.
const seed = (length: number) => new TextEncoder().encode("1234567890".repeat(7).slice(0, length));
const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("RFC 6238 TOTP", () => {
  test.each(VECTORS)("the RFC's test vector at %d seconds", (seconds, sha1, sha256, sha512) => {
    const step = timeStep(new Date(seconds * 1000));
    expect(hotp(seed(20), step, 8, "sha1")).toBe(sha1);
    expect(hotp(seed(32), step, 8, "sha256")).toBe(sha256);
    expect(hotp(seed(64), step, 8, "sha512")).toBe(sha512);
  });

  test("six digits, the last six of the eight", () => {
    expect(totp(seed(20), new Date(59_000))).toBe("287082");
  });

  test("a code of the step before or after is accepted, two steps off is not, and never a step already used", () => {
    const secret = seed(20);
    const at = new Date(1111111111_000);
    const step = timeStep(at);
    expect(matchingStep(secret, totp(secret, at), at, null)).toBe(step);
    expect(matchingStep(secret, hotp(secret, step - 1), at, null)).toBe(step - 1);
    expect(matchingStep(secret, hotp(secret, step + 1), at, null)).toBe(step + 1);
    expect(matchingStep(secret, hotp(secret, step - 2), at, null)).toBeNull();
    expect(matchingStep(secret, hotp(secret, step + 2), at, null)).toBeNull();
    expect(matchingStep(secret, totp(secret, at), at, step)).toBeNull();
    expect(matchingStep(secret, hotp(secret, step - 1), at, step - 1)).toBeNull();
    expect(matchingStep(secret, "12345", at, null)).toBeNull();
    expect(matchingStep(secret, "abcdef", at, null)).toBeNull();
  });

  test("base32 round trip and the otpauth URL apps read", () => {
    const secret = seed(20);
    expect(secretToBase32(secret)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(secretFromBase32("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(secret);
    const url = new URL(otpauthUrl("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "ada@example.com", "Kasih"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Kasih:ada@example.com");
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", issuer: "Kasih", algorithm: "SHA1", digits: "6", period: "30" });
  });
});

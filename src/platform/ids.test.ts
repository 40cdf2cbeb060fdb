import { describe, expect, it } from "bun:test";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { base32, ID_CHARACTERS, newId, newToken } from "./ids";

describe("ids", () => {
  it("writes bytes as RFC 4648 base32, lower case, without padding", () => {
    // RFC 4648 section 10's vectors, lower case and unpadded.
    const vectors: [string, string][] = [["", ""], ["f", "my"], ["fo", "mzxq"], ["foo", "mzxw6"], ["foob", "mzxw6yq"], ["fooba", "mzxw6ytb"], ["foobar", "mzxw6ytboi"]];
    for (const [plain, encoded] of vectors) expect(base32(new TextEncoder().encode(plain))).toBe(encoded);
  });

  it("writes the same text as the library the ids were made with before, for every length", () => {
    for (let length = 0; length <= 40; length++) {
      for (let round = 0; round < 20; round++) {
        const bytes = crypto.getRandomValues(new Uint8Array(length));
        expect(base32(bytes)).toBe(encodeBase32LowerCaseNoPadding(bytes));
      }
    }
    expect(base32(new Uint8Array(16).fill(255))).toBe(encodeBase32LowerCaseNoPadding(new Uint8Array(16).fill(255)));
  });

  it("makes 26-character ids and tokens of the size asked, all different", () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[a-z2-7]{26}$/);
    expect(newToken(20)).toMatch(/^[a-z2-7]{32}$/);
    expect(ID_CHARACTERS.test(newToken())).toBe(true);
  });
});

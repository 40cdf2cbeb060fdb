import { describe, expect, it } from "bun:test";
import { indonesianMobileE164 } from "./phone-number";

describe("indonesianMobileE164", () => {
  it("writes the ways Indonesians type a mobile number as +62…", () => {
    for (const input of ["081234567890", "0812-3456-7890", "62 812 3456 7890", "6281234567890", "+6281234567890", "+62 (812) 3456.7890"]) {
      expect(indonesianMobileE164(input)).toBe("+6281234567890");
    }
    expect(indonesianMobileE164("0811234567")).toBe("+62811234567");
  });

  it("refuses what is not an Indonesian mobile number", () => {
    for (const input of ["", "12345", "0212345678", "+6521234567", "+1 415 555 0100", "08123", "08123456789012345", "0812abc45678", "+62+81234567890"]) {
      expect(indonesianMobileE164(input)).toBeNull();
    }
  });
});

import { describe, expect, it } from "bun:test";
import { translator } from "../../src/i18n";
import { ApiError } from "./api";
import { translateMessage } from "./messages";
import { signInFailure } from "./sign-in-failure";

describe("the sign-in screen's failure text", () => {
  const suspended = new ApiError("Your account is suspended until 2026-12-04T17:00:00.000Z: Asked a match for money", 403, undefined, {
    message: "Your account is suspended until 2026-12-04T17:00:00.000Z: Asked a match for money",
    reason: "Asked a match for money",
    suspendedUntil: "2026-12-04T17:00:00.000Z",
  });

  it("says a suspension's end (Jakarta time) and reason in the person's language", () => {
    expect(signInFailure(translator("en"), "en", suspended)).toBe("Your account is suspended until 5 Dec 2026, 12:00 AM. Reason: Asked a match for money");
    expect(signInFailure(translator("id"), "id", suspended)).toBe("Akunmu ditangguhkan sampai 5 Des 2026, 00.00. Alasan: Asked a match for money");
    // Shown through translateMessage, it stays as it is.
    const id = signInFailure(translator("id"), "id", suspended);
    expect(translateMessage(translator("id"), id)).toBe(id);
  });

  it("keeps any other answer's message, and names a network failure", () => {
    expect(signInFailure(translator("en"), "en", new ApiError("Invalid email or password", 401))).toBe("Invalid email or password");
    expect(signInFailure(translator("en"), "en", new TypeError("Failed to fetch"))).toBe("Cannot reach the server. Check your connection and try again");
  });
});

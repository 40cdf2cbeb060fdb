import { describe, expect, it } from "bun:test";
import { translator } from "../../src/i18n";
import { ApiError } from "./api";
import { errorText, translateMessage } from "./messages";

describe("API messages on screens", () => {
  it("shows an API message in the user's language, and an unknown one as it came", () => {
    expect(translateMessage(translator("id"), "Invalid email or password")).toBe("Email atau kata sandi salah");
    expect(translateMessage(translator("en"), "Invalid email or password")).toBe("Invalid email or password");
    expect(translateMessage(translator("id"), "Something nobody translated")).toBe("Something nobody translated");
  });

  it("shows the network text, never the browser's English, when the server was not reached", () => {
    const failedFetch = new TypeError("Failed to fetch");
    expect(errorText(translator("en"), failedFetch)).toBe("Cannot reach the server. Check your connection and try again");
    expect(errorText(translator("id"), failedFetch)).toBe("Tidak dapat terhubung ke server. Periksa koneksimu lalu coba lagi");
    expect(errorText(translator("id"), new ApiError("Daily swipe limit reached", 429))).toBe("Batas geser harian tercapai");
  });

  it("translates the generic request errors a screen can meet", () => {
    for (const message of ["Invalid request", "Invalid input", "Invalid JSON", "Malformed JSON in request body", "Invalid query", "Invalid photo order", "Invalid message", "Profile not found", "Request failed"]) {
      expect(translateMessage(translator("en"), message)).toBe(message);
      expect(translateMessage(translator("id"), message)).not.toBe(message);
    }
  });
});

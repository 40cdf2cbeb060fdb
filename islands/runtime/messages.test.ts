import { describe, expect, it } from "bun:test";
import { translator } from "../../src/i18n";
import { ApiError } from "./api";
import { errorText, messageKey, titledToast, translateMessage } from "./messages";

describe("API messages on screens", () => {
  it("shows an API message in the user's language, and an unknown one as it came", () => {
    expect(translateMessage(translator("id"), "Invalid email or password")).toBe("Email atau kata sandi salah");
    expect(translateMessage(translator("en"), "Invalid email or password")).toBe("Invalid email or password");
    expect(translateMessage(translator("id"), "Something nobody translated")).toBe("Something nobody translated");
  });

  it("turns a 'Title: text' message into a toast's title and text, in the user's language", () => {
    expect(titledToast(translator("en"), "File too large: Please select images smaller than 5MB", "Error")).toEqual({ title: "File too large", description: "Please select images smaller than 5MB" });
    expect(titledToast(translator("id"), "File too large: Please select images smaller than 5MB", "Galat")).toEqual({ title: "File terlalu besar", description: "Pilih gambar yang lebih kecil dari 5MB" });
    expect(titledToast(translator("en"), "Error processing image", "Error")).toEqual({ title: "Error", description: "Error processing image" });
  });

  it("translates a known message that carries a detail, and keeps the detail", () => {
    expect(translateMessage(translator("id"), "Your account has been suspended: Asked members for money")).toBe("Akunmu telah ditangguhkan: Asked members for money");
    expect(translateMessage(translator("id"), "Nobody knows this: detail")).toBe("Nobody knows this: detail");
  });

  it("shows the network text, never the browser's English, when the server was not reached", () => {
    const failedFetch = new TypeError("Failed to fetch");
    expect(errorText(translator("en"), failedFetch)).toBe("Cannot reach the server. Check your connection and try again");
    expect(errorText(translator("id"), failedFetch)).toBe("Tidak dapat terhubung ke server. Periksa koneksimu lalu coba lagi");
    expect(errorText(translator("id"), new ApiError("Daily swipe limit reached", 429))).toBe("Jatah swipe hari ini sudah habis");
  });

  it("translates the generic request errors a screen can meet", () => {
    for (const message of ["Invalid request", "Invalid input", "Invalid JSON", "Malformed JSON in request body", "Invalid query", "Invalid photo order", "Invalid message", "Profile not found", "Request failed"]) {
      expect(translateMessage(translator("en"), message)).toBe(message);
      expect(translateMessage(translator("id"), message)).not.toBe(message);
    }
  });
});

describe("every message the server can send", () => {
  /** Texts the server sends that no screen shows (success bodies, handshake errors, labels). */
  const notShown = new Set(["Expected a WebSocket upgrade", "WebSocket is not available", "WebSocket upgrade failed", "Unmatched", "User blocked", "Code sent", "Jakarta, Indonesia", "Operator (terminal)"]);

  it("has its English and Indonesian text under messages.*", async () => {
    const { Glob } = await import("bun");
    const { join } = await import("node:path");
    const en = (await import("../../src/i18n/en.json")).default.messages as Record<string, string>;
    const id = (await import("../../src/i18n/id.json")).default.messages as Record<string, string>;
    const root = join(import.meta.dir, "..", "..");
    const texts = new Set<string>();
    for await (const file of new Glob("src/features/**/*.ts").scan(root)) {
      // Tests, test support and the gateways' stand-ins (speaking another service's language) are not
      // the server; the terminal's commands answer operators on a terminal, in English, not on a screen.
      if (file.includes(".test.") || file.includes(".test-support.") || file.includes(".stand-in.") || file.endsWith("operator-commands.ts")) continue;
      const source = await Bun.file(join(root, file)).text();
      // { message: "…" } bodies, *_MESSAGES tables and zod messages in the schemas.
      for (const match of source.matchAll(/message: "([^"]+)"/g)) texts.add(match[1]!);
      // An OpenAPI description's summary, description and tag are for developers, not screens.
      for (const match of source.matchAll(/\b(\w+): "([A-Z][^"]{6,})",?$/gm)) if (!["summary", "description", "tag"].includes(match[1]!) && (/schemas|messages|service|routes/.test(file) || source.includes("_MESSAGES = {"))) texts.add(match[2]!);
      for (const match of source.matchAll(/\.min\(\d+, "([^"]+)"\)/g)) texts.add(match[1]!);
    }
    expect(texts.size).toBeGreaterThan(50);
    const missing = [...texts].filter((text) => !notShown.has(text) && (!(messageKey(text) in en) || !(messageKey(text) in id)));
    expect(missing).toEqual([]);
  });
});

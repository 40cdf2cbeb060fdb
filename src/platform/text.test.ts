import { describe, expect, it } from "bun:test";
import { cleanText, hasBidiControls, isBlank, visibleLength } from "./text";

describe("cleanText", () => {
  it("normalises to NFC, so one letter typed two ways is stored the same", () => {
    expect(cleanText("Jose\u0301")).toBe("José");
    expect(cleanText("Jose\u0301")).toBe(cleanText("José"));
  });

  it("removes control characters (keeping lines in multi-line texts) and bidi overrides", () => {
    expect(cleanText("Sa\u0000ra\u0007h\u001b[31m")).toBe("Sarah[31m");
    expect(cleanText("line one\nline two\tend", { multiline: true })).toBe("line one\nline two\tend");
    expect(cleanText("line one\nline two")).toBe("line oneline two");
    expect(cleanText("invoice\u202Egnp.exe")).toBe("invoicegnp.exe");
  });

  it("keeps emoji sequences, which need zero-width joiners", () => {
    expect(cleanText("Keluarga 👨\u200D👩\u200D👧")).toBe("Keluarga 👨\u200D👩\u200D👧");
  });
});

describe("isBlank, visibleLength, hasBidiControls", () => {
  it("sees a text of only zero-width characters as empty", () => {
    expect(isBlank("\u200B\u200C\u200D\uFEFF \u2060")).toBe(true);
    expect(isBlank("Amin")).toBe(false);
    expect(visibleLength("\u200B".repeat(30) + "hi")).toBe(2);
  });

  it("finds direction overrides and isolates", () => {
    expect(hasBidiControls("Budi\u202E")).toBe(true);
    expect(hasBidiControls("\u2067Sari")).toBe(true);
    expect(hasBidiControls("Budi Santoso")).toBe(false);
  });
});

import { describe, expect, it } from "bun:test";
import { formatRemaining } from "./countdown";

describe("formatRemaining", () => {
  it("shows minutes and seconds, rounding up, and never below zero", () => {
    expect(formatRemaining(30 * 60_000)).toBe("30:00");
    expect(formatRemaining(61_001)).toBe("01:02");
    expect(formatRemaining(999)).toBe("00:01");
    expect(formatRemaining(-5000)).toBe("00:00");
  });

  it("shows hours from an hour on", () => {
    expect(formatRemaining(60 * 60_000)).toBe("1:00:00");
    expect(formatRemaining(24 * 60 * 60_000 - 1000)).toBe("23:59:59");
  });
});

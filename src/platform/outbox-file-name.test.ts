import { describe, expect, it } from "bun:test";
import { outboxFileName } from "./outbox-file-name";

describe("outboxFileName", () => {
  it("sorts in the order of writing, also within one millisecond", () => {
    const now = new Date("2026-11-28T01:02:03.004Z");
    const names = Array.from({ length: 50 }, () => outboxFileName(now, "eml"));
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(50);
    expect(names[0]).toMatch(/^2026-11-28T01-02-03-004Z-\d{6}-[a-z0-9]{8}\.eml$/);
  });
});

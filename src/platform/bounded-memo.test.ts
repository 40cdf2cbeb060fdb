import { describe, expect, it } from "bun:test";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("computes a key's value once, and starts over when full instead of growing", () => {
    const memo = new BoundedMemo<number>(3);
    let computed = 0;
    const square = (n: number) => memo.get(String(n), () => (computed++, n * n));
    expect([square(2), square(2), square(3)]).toEqual([4, 4, 9]);
    expect(computed).toBe(2);
    square(4);
    expect(memo.size).toBe(3);
    expect(square(5)).toBe(25);
    expect(memo.size).toBe(1);
    expect(square(2)).toBe(4);
    expect(computed).toBe(5);
  });
});

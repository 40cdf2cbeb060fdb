import { describe, expect, test } from "bun:test";
import { answerSet, matchOf, type MemberAnswer } from "./match-percent";
import type { Importance } from "./question-bank";

/** An answer to question `q{n}`: answer "x" or "y"; accepts what it is given. */
const ans = (n: number, answer: string, acceptable: string[], importance: Importance, isPublic = true): MemberAnswer => ({ questionId: `q${n}`, answer, acceptable, importance, isPublic });

/** n questions where both answer "x" and accept "x", at the given importance. */
const agreeing = (from: number, count: number, importance: Importance) => Array.from({ length: count }, (_, i) => ans(from + i, "x", ["x"], importance));

describe("match %", () => {
  test("hand-computed: satA 0.9, satB 1 over 10 questions → sqrt(0.9) − 1/10 = 0.8487 → 84", () => {
    // A gives every question 50 points and accepts B's answer on 9 of 10; B accepts all of A's.
    const a = answerSet([...agreeing(1, 9, "very"), ans(10, "x", ["x"], "very")]);
    const b = answerSet([...agreeing(1, 9, "somewhat"), ans(10, "y", ["x", "y"], "somewhat")]);
    expect(matchOf(a, b).percent).toBe(84);
    expect(matchOf(b, a).percent).toBe(84);
  });

  test("hand-computed with mixed importance: satA 307/357, satB 50/50 → 82", () => {
    // A: q1 mandatory met (250), q2 very met (50), q3 very failed (50), q4–q10 a little, met (7).
    const a = answerSet([ans(1, "x", ["x"], "mandatory"), ans(2, "x", ["x"], "very"), ans(3, "x", ["x"], "very"), ...agreeing(4, 7, "little")]);
    // B: only q1 matters to B (very, met); B answered q3 "y", which A does not accept.
    const b = answerSet([ans(1, "x", ["x"], "very"), ans(2, "x", ["x"], "irrelevant"), ans(3, "y", ["x", "y"], "irrelevant"), ...agreeing(4, 7, "irrelevant").map((x) => x)]);
    // sqrt(307/357 × 1) = 0.92733; less 1/10 = 0.82733.
    const match = matchOf(a, b);
    expect(match.percent).toBe(82);
    expect(match.excluded).toBe(false);
  });

  test("a perfect pair over 20 questions shows 95 (the margin of error 1/20)", () => {
    expect(matchOf(answerSet(agreeing(1, 20, "very")), answerSet(agreeing(1, 20, "little"))).percent).toBe(95);
  });

  test("too few questions in common: null, however well they agree", () => {
    const a = answerSet([...agreeing(1, 9, "very"), ans(50, "x", ["x"], "very")]);
    const b = answerSet([...agreeing(1, 9, "very"), ans(60, "x", ["x"], "very")]);
    const match = matchOf(a, b);
    expect(match.percent).toBeNull();
    expect(match.reasons).toEqual([]);
    expect(match.excluded).toBe(false);
  });

  test("no importance points on one side's common questions: null", () => {
    expect(matchOf(answerSet(agreeing(1, 12, "very")), answerSet(agreeing(1, 12, "irrelevant"))).percent).toBeNull();
  });

  test("a mandatory mismatch excludes the pair either way, even with few questions in common", () => {
    const strict = answerSet([ans(1, "yes", ["yes"], "mandatory")]);
    const other = answerSet([ans(1, "no", ["yes", "no"], "little")]);
    expect(matchOf(strict, other).excluded).toBe(true);
    expect(matchOf(other, strict).excluded).toBe(true);
    // Met, it is only points.
    expect(matchOf(strict, answerSet([ans(1, "yes", ["no"], "little")])).excluded).toBe(false);
  });

  test("the % never goes below 0", () => {
    // Neither accepts the other's answer: satA = satB = 0.
    const a = answerSet(Array.from({ length: 10 }, (_, i) => ans(i + 1, "x", ["x"], "very")));
    const b = answerSet(Array.from({ length: 10 }, (_, i) => ans(i + 1, "y", ["y"], "very")));
    expect(matchOf(a, b).percent).toBe(0);
  });

  test("reasons: the three heaviest agreeing and the heaviest differing question, public on both sides only", () => {
    const a = answerSet([
      ans(1, "x", ["x"], "very"),
      ans(2, "x", ["x"], "mandatory"),
      ans(3, "x", ["x"], "somewhat"),
      ans(4, "x", ["x"], "little"),
      ans(5, "x", ["x"], "very", false), // A keeps it private: never named
      ans(6, "x", ["x"], "somewhat"),
      ans(7, "x", ["x"], "very"), // B's answer fails it
      ans(8, "x", ["x"], "little"), // B's answer fails it, lighter
      ...agreeing(9, 4, "irrelevant"),
    ]);
    const b = answerSet([
      ans(1, "x", ["x"], "very"),
      ans(2, "x", ["x"], "very"),
      ans(3, "x", ["x"], "very"),
      ans(4, "x", ["x"], "little"),
      ans(5, "x", ["x"], "mandatory"),
      ans(6, "x", ["x"], "little", false), // B keeps it private
      ans(7, "y", ["x", "y"], "somewhat"),
      ans(8, "y", ["x", "y"], "little"),
      ...agreeing(9, 4, "irrelevant"),
    ]);
    const match = matchOf(a, b);
    expect(match.percent).not.toBeNull();
    expect(match.reasons).toEqual([
      { questionId: "q2", agrees: true },
      { questionId: "q1", agrees: true },
      { questionId: "q3", agrees: true },
      { questionId: "q7", agrees: false },
    ]);
  });
});

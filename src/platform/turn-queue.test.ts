import { describe, expect, test } from "bun:test";
import { AsyncLocalStorage } from "node:async_hooks";
import { turnQueue } from "./turn-queue";

describe("turnQueue", () => {
  test("work asked for in one turn runs together at the end of it, grouped by kind in order of arrival", async () => {
    const ran: string[] = [];
    const queue = turnQueue(async (input: string) => {
      ran.push(input);
      return input.toUpperCase();
    });
    const answers = Promise.all([queue("swipe-1", "POST/api/swipe"), queue("user-1", "GET/api/auth"), queue("swipe-2", "POST/api/swipe"), queue("user-2", "GET/api/auth")]);
    expect(ran).toEqual([]); // nothing yet: the turn is not over
    expect(await answers).toEqual(["SWIPE-1", "USER-1", "SWIPE-2", "USER-2"]);
    expect(ran).toEqual(["user-1", "user-2", "swipe-1", "swipe-2"]);
  });

  test("work asked for while a turn's work runs waits for the next turn", async () => {
    const ran: string[] = [];
    const queue: (input: string, kind: string) => Promise<string> = turnQueue(async (input: string) => {
      ran.push(input);
      if (input === "first") void queue("later", "a");
      return input;
    });
    await Promise.all([queue("first", "a"), queue("second", "a")]);
    expect(ran).toEqual(["first", "second"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(["first", "second", "later"]);
  });

  test("a failure answers only the request it belongs to, whether the work throws or rejects", async () => {
    const queue = turnQueue((input: string) => {
      if (input === "throws") throw new Error("thrown");
      if (input === "rejects") return Promise.reject(new Error("rejected"));
      return Promise.resolve(input);
    });
    const [a, b, c] = await Promise.allSettled([queue("throws", "k"), queue("fine", "k"), queue("rejects", "k")]);
    expect(a).toMatchObject({ status: "rejected", reason: new Error("thrown") });
    expect(b).toEqual({ status: "fulfilled", value: "fine" });
    expect(c).toMatchObject({ status: "rejected", reason: new Error("rejected") });
  });

  test("each piece of work runs in the async context of the one who asked (their request id on log lines)", async () => {
    const requestIds = new AsyncLocalStorage<string>();
    const seen = new Map<string, string | undefined>();
    const queue = turnQueue(async (input: string) => {
      seen.set(input, requestIds.getStore());
      return input;
    });
    await Promise.all([requestIds.run("request-a", () => queue("a", "k")), requestIds.run("request-b", () => queue("b", "k")), queue("none", "k")]);
    expect(Object.fromEntries(seen)).toEqual({ a: "request-a", b: "request-b", none: undefined });
  });
});

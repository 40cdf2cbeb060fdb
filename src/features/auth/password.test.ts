import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { checkPasswordStrength, hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from "./password";

/** Stands in for argon2 with a slow fake that records how many run at the same moment. */
function slowArgon() {
  let active = 0;
  let peak = 0;
  let calls = 0;
  const work = async <T>(value: T) => {
    calls++;
    active++;
    peak = Math.max(peak, active);
    await Bun.sleep(15);
    active--;
    return value;
  };
  const hash = spyOn(Bun.password, "hash").mockImplementation(() => work("$argon2id$fake"));
  const verify = spyOn(Bun.password, "verify").mockImplementation(() => work(false));
  return {
    stats: () => ({ peak, calls, active }),
    restore: () => {
      hash.mockRestore();
      verify.mockRestore();
    },
  };
}

let fake: ReturnType<typeof slowArgon> | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

describe("password hashing", () => {
  test("uses argon2id", async () => {
    const hash = await hashPassword("a long enough password");
    expect(hash).toStartWith("$argon2id$");
    expect(await verifyPassword("a long enough password", hash)).toBe(true);
    expect(await verifyPassword("another password", hash)).toBe(false);
  });

  test(`runs at most ${MAX_CONCURRENT_HASHES} hashes or verifications at once; the rest queue and all finish`, async () => {
    expect(MAX_CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(MAX_CONCURRENT_HASHES).toBeLessThanOrEqual(4);
    fake = slowArgon();
    const burst = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? hashPassword(`password ${i}`) : verifyPassword(`password ${i}`, "$argon2id$fake")));
    const results = await Promise.all(burst);
    expect(results).toHaveLength(12);
    expect(fake.stats()).toEqual({ peak: MAX_CONCURRENT_HASHES, calls: 12, active: 0 });
  });

  test("a finished hash hands its slot to the next in line: a newcomer arriving in between cannot slip past the cap", async () => {
    let active = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const hash = spyOn(Bun.password, "hash").mockImplementation(() => {
      active++;
      peak = Math.max(peak, active);
      return new Promise<string>((resolve) => gates.push(() => {
        active--;
        resolve("$argon2id$fake");
      }));
    });
    try {
      const started = Array.from({ length: MAX_CONCURRENT_HASHES + 1 }, (_, i) => hashPassword(`queued ${i}`)); // the last one waits
      let openNewcomer!: () => void;
      const newcomerArrives = new Promise<void>((resolve) => (openNewcomer = resolve));
      const newcomer = newcomerArrives.then(() => hashPassword("newcomer"));
      // One hash ends and, in the very next turn of the microtask queue, a new request asks for a slot.
      gates.shift()!();
      openNewcomer();
      let settled = false;
      const all = Promise.all([...started, newcomer]).finally(() => (settled = true));
      for (let round = 0; round < 50 && !settled; round++) {
        await Bun.sleep(1);
        gates.splice(0).forEach((open) => open());
      }
      expect(await all).toHaveLength(MAX_CONCURRENT_HASHES + 2);
      expect(peak).toBe(MAX_CONCURRENT_HASHES);
    } finally {
      hash.mockRestore();
    }
  });

  test("a failing hash frees its slot", async () => {
    const failing = spyOn(Bun.password, "hash").mockImplementation(() => Promise.reject(new Error("boom")));
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: MAX_CONCURRENT_HASHES + 2 }, () => hashPassword("x")));
      expect(outcomes.every((outcome) => outcome.status === "rejected")).toBe(true);
    } finally {
      failing.mockRestore();
    }
    fake = slowArgon();
    expect(await hashPassword("still works")).toBe("$argon2id$fake");
  });
});

describe("checkPasswordStrength", () => {
  test("8 to 128 characters, not a common password", () => {
    expect(checkPasswordStrength("short12")).toBe("tooShort");
    expect(checkPasswordStrength("x".repeat(129))).toBe("tooLong");
    expect(checkPasswordStrength("Password123")).toBe("tooCommon");
    expect(checkPasswordStrength("a long enough password")).toBeNull();
    expect(checkPasswordStrength("x".repeat(128).replace(/^x/, "y"))).toBeNull();
  });
});

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../platform/constants";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * argon2id at Bun's default cost. Hashing is deliberately slow, so at most
 * `MAX_CONCURRENT_HASHES` run at once: a flood of sign-ins queues instead of starving
 * every other request of CPU.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line (`running` stays counted):
  // freeing it and letting the waiter take it a tick later let a newcomer slip in between,
  // so more than the cap could run at once.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  }
}

/** argon2id's memory (KiB) and passes; a hash carries its own, so verifying needs none. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** Bun's argon2id defaults (64 MiB, 2 passes): what every real account is hashed with. */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 65_536, timeCost: 2 };

/**
 * `cost` exists for the tests (src/testing/test-app.ts), where hundreds of registrations at
 * the real cost made up most of the suite's time (docs/decisions/0114-a-fast-test-suite.md).
 */
export function hashPassword(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id", ...cost }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withHashSlot(() => Bun.password.verify(password, hash));
}

/**
 * Verifying against this hash when the account does not exist keeps the time of a
 * failed sign-in the same for unknown emails and wrong passwords.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function verifyAgainstDummy(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<boolean> {
  // One per cost, so it always costs what the accounts' hashes cost.
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let dummyHash = dummyHashes.get(key);
  if (dummyHash === undefined) dummyHashes.set(key, (dummyHash = hashPassword("kasih-dummy-password-for-timing", cost))); // under the cap like any other hash
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false);
}

export type PasswordProblem = "tooShort" | "tooLong" | "tooCommon";

/** The password rules shared by registration and reset. */
export function checkPasswordStrength(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "tooShort";
  if (password.length > MAX_PASSWORD_LENGTH) return "tooLong";
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "tooCommon";
  return null;
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  tooCommon: "This password is too common. Please choose another one",
};

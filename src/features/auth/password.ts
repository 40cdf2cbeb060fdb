import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../platform/constants";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * argon2id with Bun's defaults. Hashing is deliberately slow, so at most
 * `maxConcurrentHashes` run at once: a flood of sign-ins queues instead of starving
 * every other request of CPU.
 */
const maxConcurrentHashes = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withHashSlot(() => Bun.password.verify(password, hash));
}

/**
 * Verifying against this hash when the account does not exist keeps the time of a
 * failed sign-in the same for unknown emails and wrong passwords.
 */
let dummyHash: Promise<string> | null = null;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= Bun.password.hash("kasih-dummy-password-for-timing", { algorithm: "argon2id" });
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

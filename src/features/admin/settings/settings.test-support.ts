import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { logLinesOf } from "../../../platform/log";
import { spyOn } from "bun:test";
import { users } from "../../../../db/schema";
import { createTestApp, type TestAppOptions } from "../../../testing/test-app";
import { markSecondFactorProven } from "../second-factor/second-factor.test-support";

/** A test app with one admin and one member signed in (the Settings tab's tests). */
export async function settingsTestApp(options: TestAppOptions = {}) {
  const app = await createTestApp(options);
  const admin = await app.registerUser({ firstName: "Ada", lastName: "Admin" });
  await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  // Tests about other things start with the second factor proven (ADMIN.md 'Who').
  await markSecondFactorProven(app, admin.cookie);
  const member = await app.registerUser();
  const asAdmin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => app.request(method, path, { cookie: admin.cookie, body, headers });
  return { ...app, admin, member, asAdmin };
}

/** A real RSA public key as a PEM block (DOKU's public key must be one, spec point 5). */
export function publicKeyPem(): string {
  return generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } }).publicKey;
}

/** Everything written to the console and the log while `run` runs (to prove a secret never is). */
export async function consoleOutputOf(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "))));
  try {
    const logged = await logLinesOf(run);
    lines.push(...logged.map((line) => JSON.stringify(line)));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

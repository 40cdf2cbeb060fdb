import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The .eml files the outbox mailer wrote to <dataDir>/mail, oldest first. */
export function outboxMessages(dataDir: string): string[] {
  const folder = join(dataDir, "mail");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readFileSync(join(folder, name), "utf8"));
}

/** Waits (real time) until the outbox holds `count` messages; mail is sent after the answer. */
export async function waitForOutbox(dataDir: string, count: number, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = outboxMessages(dataDir);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails in the outbox, found ${messages.length}`);
    await Bun.sleep(20);
  }
}

/** The reset token from a mail's text part (quoted-printable soft breaks undone). */
export function resetTokenFromMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /\/reset-password\?token=([a-z0-9]+)/.exec(unfolded);
  if (match === null) throw new Error("no reset link in the mail");
  return match[1]!;
}

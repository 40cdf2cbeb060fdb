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

/** A mail's raw text with quoted-printable soft breaks and "=3D" undone, as a mail program shows it. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

/**
 * The outbox's mails whose link goes to `path` ("/reset-password", "/verify-email"), oldest first:
 * a registration mails its verification link too, so tests about one kind of mail pick it out.
 */
export function mailsWithLink(dataDir: string, path: string): string[] {
  return outboxMessages(dataDir).filter((raw) => unfold(raw).includes(`${path}?token=`));
}

/** Waits (real time) until the outbox holds `count` mails linking to `path`. */
export async function waitForMailsWithLink(dataDir: string, path: string, count: number, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = mailsWithLink(dataDir, path);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails linking to ${path}, found ${messages.length}`);
    await Bun.sleep(20);
  }
}

/** The email-verification token from a mail's text part. */
export function verificationTokenFromMail(raw: string): string {
  const match = /\/verify-email\?token=([a-z0-9]+)/.exec(unfold(raw));
  if (match === null) throw new Error("no verification link in the mail");
  return match[1]!;
}

/** Waits (real time) for the newest mail to `email` linking to `path`. */
export async function waitForMailTo(dataDir: string, email: string, path: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsWithLink(dataDir, path).findLast((raw) => raw.includes(`To: ${email}\r\n`));
    if (mail !== undefined) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} linking to ${path}`);
    await Bun.sleep(20);
  }
}

import { outboxFileName } from "../../platform/outbox-file-name";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../../operations/file-modes";

/** One outgoing mail, already in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes, for logs and the setup pages ("smtp" or the outbox folder). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer: SMTP_URL such as smtps://user:pass@smtp.example.org:465. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    description: `smtp ${new URL(smtpUrl).host}`,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP, each mail is written as a complete RFC 822 message (headers, text and HTML
 * parts) to $DATA_DIR/mail/, so a fresh machine works and an operator can open the file in any
 * mail program. nodemailer's stream transport builds exactly the message SMTP would carry.
 */
export function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    description: `outbox ${folder}`,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const name = outboxFileName(new Date(), "eml");
      writeFileSync(join(folder, name), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    },
  };
}

export function outboxFolder(config: Pick<Config, "dataDir">): string {
  return join(config.dataDir, "mail");
}

/** SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  return config.smtpUrl !== undefined ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(outboxFolder(config), config.mailFrom);
}

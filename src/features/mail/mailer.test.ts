import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpStandIn } from "../../testing/smtp-stand-in";
import { outboxMessages, resetTokenFromMail } from "../../testing/outbox";
import { createMailer } from "./mailer";
import { passwordResetMail } from "./templates";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const link = "http://localhost:3000/reset-password?token=abcdefghijklmnopqrstuvwxyz234567";

describe("createMailer", () => {
  it("delivers over real SMTP when SMTP_URL is set, with the reset link in text and HTML", async () => {
    const smtp = await startSmtpStandIn();
    cleanups.push(smtp.close);
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: "Kasih <no-reply@kasih.test>", dataDir: "/nonexistent" });
    await mailer.send(passwordResetMail("en", "maria@example.com", "Maria", link));
    expect(smtp.messages.length).toBe(1);
    const [message] = smtp.messages;
    expect(message!.to).toEqual(["<maria@example.com>"]);
    expect(message!.data).toContain("Subject: Reset your Kasih password");
    expect(message!.data).toContain("multipart/alternative");
    expect(resetTokenFromMail(message!.data)).toBe("abcdefghijklmnopqrstuvwxyz234567");
  });

  it("writes a complete .eml to $DATA_DIR/mail without SMTP", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kasih-mail-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "Kasih <no-reply@kasih.test>", dataDir });
    await mailer.send(passwordResetMail("id", "budi@example.com", "Budi", link));
    const [raw] = outboxMessages(dataDir);
    expect(raw).toContain("From: Kasih <no-reply@kasih.test>");
    expect(raw).toContain("To: budi@example.com");
    expect(raw).toMatch(/Message-ID: </i);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    // The account's language: the Indonesian subject.
    expect(raw).toContain("Subject: Atur ulang kata sandi akun Kasih-mu");
    expect(resetTokenFromMail(raw!)).toBe("abcdefghijklmnopqrstuvwxyz234567");
  });
});

describe("passwordResetMail", () => {
  it("escapes the name in the HTML part", () => {
    const mail = passwordResetMail("en", "x@example.com", "<script>", link);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain(link);
  });
});

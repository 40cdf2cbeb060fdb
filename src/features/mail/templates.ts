import { translator, type Lang } from "../../i18n";
import type { MailMessage } from "./mailer";

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The frame every mail shares: the brand line and a white card on the app's background. */
export function mailDocument(lang: Lang, subject: string, innerHtml: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f5;font-family:Arial,Helvetica,sans-serif;color:#2b2130">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:20px;font-weight:bold;color:#b4235a;margin:0 0 16px">Kasih</p>
${innerHtml}
</div></body></html>`;
}

/** The copy of one link mail: its group in the "mail" namespace ("reset", "verify"). */
type LinkMailKind = "reset" | "verify";

/**
 * A mail whose point is one link (reset a password, confirm an address), in the account's
 * language: a text part and an HTML part with the same words, the link also written out in full
 * for mail programs that show no buttons.
 */
function linkMail(kind: LinkMailKind, lang: Lang, to: string, firstName: string, link: string): MailMessage {
  const t = translator(lang);
  const greeting = t("mail.greeting", { name: firstName });
  const subject = t(`mail.${kind}.subject`);
  const [intro, action, expiry, ignore] = [t(`mail.${kind}.intro`), t(`mail.${kind}.action`), t(`mail.${kind}.expiry`), t(`mail.${kind}.ignore`)];
  const text = [greeting, "", intro, "", action, link, "", expiry, ignore, "", t("mail.signature")].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b4235a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(t(`mail.${kind}.button`))}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(t(`mail.${kind}.linkFallback`))}<br><a href="${escapeHtml(link)}" style="color:#b4235a;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>`,
  );
  return { to, subject, text, html };
}

/** The password reset mail, in the account's language (copy in the "mail" namespace). */
export function passwordResetMail(lang: Lang, to: string, firstName: string, link: string): MailMessage {
  return linkMail("reset", lang, to, firstName, link);
}

/** The mail that confirms a new account's address (docs/decisions/0083), in the account's language. */
export function emailVerificationMail(lang: Lang, to: string, firstName: string, link: string): MailMessage {
  return linkMail("verify", lang, to, firstName, link);
}

/**
 * The answer to a photo verification (docs/decisions/0093), in the member's language: approved,
 * or rejected with the admin's reason and a link to try again.
 */
export function verificationDecisionMail(lang: Lang, to: string, firstName: string, outcome: { approved: true } | { approved: false; reason: string }, link: string): MailMessage {
  const t = translator(lang);
  const kind = outcome.approved ? "approved" : "rejected";
  const greeting = t("mail.greeting", { name: firstName });
  const subject = t(`mail.verification.${kind}.subject`);
  const lines = outcome.approved ? [t("mail.verification.approved.body")] : [t("mail.verification.rejected.body"), t(`verification.reasons.${outcome.reason}`), t("mail.verification.rejected.again")];
  const text = [greeting, "", ...lines, "", link, "", t("mail.signature")].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
${lines.map((line, index) => (outcome.approved || index !== 1 ? `<p>${escapeHtml(line)}</p>` : `<p style="padding:12px 16px;background:#faf7f5;border-radius:8px"><strong>${escapeHtml(line)}</strong></p>`)).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b4235a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(t(`mail.verification.${kind}.button`))}</a></p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>`,
  );
  return { to, subject, text, html };
}

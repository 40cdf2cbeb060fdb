import { translator, type Lang } from "../../i18n";
import type { MailMessage } from "./mailer";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The password reset mail, in the account's language (copy in the "mail" namespace). */
export function passwordResetMail(lang: Lang, to: string, firstName: string, link: string): MailMessage {
  const t = translator(lang);
  const greeting = t("mail.greeting", { name: firstName });
  const lines = [t("mail.reset.intro"), t("mail.reset.action"), t("mail.reset.expiry"), t("mail.reset.ignore")];
  const text = [greeting, "", lines[0], "", `${lines[1]}`, link, "", lines[2], lines[3], "", t("mail.signature")].join("\n");
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(t("mail.reset.subject"))}</title></head>
<body style="margin:0;padding:24px;background:#faf7f5;font-family:Arial,Helvetica,sans-serif;color:#2b2130">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="font-size:20px;font-weight:bold;color:#b4235a;margin:0 0 16px">Kasih</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lines[0]!)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b4235a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(t("mail.reset.button"))}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(t("mail.reset.linkFallback"))}<br><a href="${escapeHtml(link)}" style="color:#b4235a;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(lines[2]!)} ${escapeHtml(lines[3]!)}</p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>
</div></body></html>`;
  return { to, subject: t("mail.reset.subject"), text, html };
}

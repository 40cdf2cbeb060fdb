import { translator, type Lang } from "../../i18n";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml, mailDocument } from "../mail/templates";

/**
 * The invitation to be a member's chaperone, in the MEMBER's language (they chose the person and
 * likely share it): who invites, what a chaperone sees (and never sees), the link, its week.
 */
export function chaperoneInvitationMail(lang: Lang, to: string, memberFirstName: string, link: string): MailMessage {
  const t = translator(lang);
  const subject = t("chaperone.mail.subject", { name: memberFirstName });
  const lines = [t("chaperone.mail.greeting"), t("chaperone.mail.intro", { name: memberFirstName }), t("chaperone.mail.what", { name: memberFirstName }), t("chaperone.mail.never")];
  const [expiry, ignore] = [t("chaperone.mail.expiry"), t("chaperone.mail.ignore")];
  const text = [...lines.flatMap((line) => [line, ""]), t("chaperone.mail.action"), link, "", expiry, ignore, "", t("mail.signature")].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b4235a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(t("chaperone.mail.button"))}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(t("mail.reset.linkFallback"))}<br><a href="${escapeHtml(link)}" style="color:#b4235a;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>`,
  );
  return { to, subject, text, html };
}

/**
 * The receipt mail of a paid payment (PAYMENTS.md), in the member's language: what was bought,
 * for how much, by which method, the payment reference, and until when the plan runs.
 */
import { dateTimeText } from "../../../islands/runtime/clock-time";
import { formatRupiah } from "../../platform/money";
import { eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { translator, type Lang } from "../../i18n";
import { createMailer, type MailMessage } from "../mail/mailer";
import { escapeHtml, mailDocument } from "../mail/templates";


export interface ReceiptFacts {
  paymentId: string;
  plan: string;
  amount: number;
  method: string;
  paidAt: Date;
  planExpiresAt: Date | null;
}

/** Dates and money as an Indonesian reader expects them (Jakarta time), or in English. */
export function formatters(lang: Lang) {
  // The app's one date-and-time format, in Jakarta time (docs/decisions/0137).
  return { date: (value: Date) => `${dateTimeText(value, lang)} WIB`, money: (amount: number) => formatRupiah(amount, lang) };
}

export function receiptMail(lang: Lang, to: string, firstName: string, facts: ReceiptFacts, settingsUrl: string): MailMessage {
  const t = translator(lang);
  const f = formatters(lang);
  const planName = t(`plans.names.${facts.plan}`);
  const rows: [string, string][] = [
    [t("mail.receipt.plan"), planName],
    [t("mail.receipt.amount"), f.money(facts.amount)],
    [t("mail.receipt.method"), t(`plans.payment.methods.${facts.method}.label`)],
    [t("mail.receipt.paidAt"), f.date(facts.paidAt)],
    [t("mail.receipt.activeUntil"), facts.planExpiresAt === null ? t("mail.receipt.noEnd") : f.date(facts.planExpiresAt)],
    [t("mail.receipt.reference"), facts.paymentId],
  ];
  const subject = t("mail.receipt.subject", { plan: planName });
  const greeting = t("mail.greeting", { name: firstName });
  const intro = t("mail.receipt.intro", { plan: planName });
  const text = [greeting, "", intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", t("mail.receipt.manage"), settingsUrl, "", t("mail.signature")].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table style="width:100%;border-collapse:collapse;margin:16px 0">${rows
      .map(([label, value]) => `<tr><td style="padding:8px 0;border-bottom:1px solid #eee;color:#6b5f6f">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`)
      .join("")}</table>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(t("mail.receipt.manage"))} <a href="${escapeHtml(settingsUrl)}" style="color:#b4235a">${escapeHtml(settingsUrl)}</a></p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>`,
  );
  return { to, subject, text, html };
}

/** Sends the receipt of a payment that has just become paid. */
export async function sendReceipt(
  deps: Pick<AppDeps, "db" | "config" | "mailer">,
  member: { email: string; firstName: string; language: Lang; planExpiresAt: Date | null; paymentId: string; paidAt: Date },
) {
  const [payment] = await deps.db.select({ plan: payments.plan, amount: payments.amount, method: payments.method }).from(payments).where(eq(payments.id, member.paymentId)).limit(1);
  if (payment === undefined) return;
  const mailer = deps.mailer ?? createMailer(deps.config);
  await mailer.send(receiptMail(member.language, member.email, member.firstName, { ...payment, paymentId: member.paymentId, paidAt: member.paidAt, planExpiresAt: member.planExpiresAt }, `${deps.config.appOrigin}/settings`));
}

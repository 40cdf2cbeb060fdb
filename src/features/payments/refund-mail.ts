/**
 * The mail of a refunded payment (PAYMENTS.md 'Refunds': "the member is mailed in their
 * language"): which payment, how much goes back, and what the plan is now. Sent after the commit;
 * a mail fault never undoes a refund.
 */
import { eq } from "drizzle-orm";
import { payments, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { translator, type Lang } from "../../i18n";
import { createMailer, type MailMessage } from "../mail/mailer";
import { escapeHtml, mailDocument } from "../mail/templates";
import { formatters } from "./receipt";

export interface RefundFacts {
  paymentId: string;
  plan: string;
  amount: number;
  refundedAt: Date;
  /** The member's plan after the refund: a paid plan with its end (null: no end), or free. */
  planNow: "free" | "premium" | "premium_plus";
  planExpiresAt: Date | null;
}

export function refundMail(lang: Lang, to: string, firstName: string, facts: RefundFacts, settingsUrl: string): MailMessage {
  const t = translator(lang);
  const f = formatters(lang);
  const planName = t(`plans.names.${facts.plan}`);
  const running = facts.planNow !== "free" && (facts.planExpiresAt === null || facts.planExpiresAt > facts.refundedAt);
  const planLine = !running ? t("mail.refund.planEnded") : facts.planExpiresAt === null ? t("mail.receipt.noEnd") : t("mail.refund.planUntil", { plan: t(`plans.names.${facts.planNow}`), date: f.date(facts.planExpiresAt) });
  const rows: [string, string][] = [
    [t("mail.receipt.plan"), planName],
    [t("mail.refund.amount"), f.money(facts.amount)],
    [t("mail.refund.refundedAt"), f.date(facts.refundedAt)],
    [t("mail.receipt.reference"), facts.paymentId],
  ];
  const subject = t("mail.refund.subject", { plan: planName });
  const greeting = t("mail.greeting", { name: firstName });
  const intro = t("mail.refund.intro", { plan: planName });
  const text = [greeting, "", intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", planLine, "", t("mail.receipt.manage"), settingsUrl, "", t("mail.signature")].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table style="width:100%;border-collapse:collapse;margin:16px 0">${rows
      .map(([label, value]) => `<tr><td style="padding:8px 0;border-bottom:1px solid #eee;color:#6b5f6f">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`)
      .join("")}</table>
<p>${escapeHtml(planLine)}</p>
<p style="font-size:13px;color:#6b5f6f">${escapeHtml(t("mail.receipt.manage"))} <a href="${escapeHtml(settingsUrl)}" style="color:#b4235a">${escapeHtml(settingsUrl)}</a></p>
<p>${escapeHtml(t("mail.signature")).replace(/\n/g, "<br>")}</p>`,
  );
  return { to, subject, text, html };
}

/** Mails the member of a payment just refunded (nothing when the account is gone). */
export async function sendRefundMail(deps: Pick<AppDeps, "db" | "config" | "mailer">, paymentId: string) {
  const [row] = await deps.db
    .select({
      plan: payments.plan,
      amount: payments.amount,
      refundedAt: payments.refundedAt,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      planNow: users.plan,
      planExpiresAt: users.planExpiresAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (row === undefined || row.refundedAt === null || row.email === null) return;
  const mailer = deps.mailer ?? createMailer(deps.config);
  await mailer.send(
    refundMail(row.language, row.email, row.firstName, { paymentId, plan: row.plan, amount: row.amount, refundedAt: row.refundedAt, planNow: row.planNow, planExpiresAt: row.planExpiresAt }, `${deps.config.appOrigin}/settings`),
  );
}

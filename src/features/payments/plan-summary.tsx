/**
 * The plan section of Settings (PAYMENTS.md: "Settings shows them"): the plan in force, until
 * when, a way to buy or extend it, and the member's payments, newest first. Server HTML.
 */
import { dateTimeText } from "../../../islands/runtime/clock-time";
import { useT } from "../../../islands/runtime/i18n-context";
import { formatRupiah } from "../../../islands/plan-dialog";
import { FREE_DAILY_CHATS, FREE_DAILY_SWIPES } from "../../platform/constants";
import type { PaymentJson } from "./payments.schemas";
import type { PlanHistoryEntry } from "./plan-history";

export interface PlanSummaryProps {
  /** The plan in force now (an expired paid plan is free). */
  plan: "free" | "premium" | "premium_plus";
  planExpiresAt: Date | null;
  /** Payments and the plans Kasih set by hand, newest first (plan-history.ts). */
  payments: (PaymentJson | PlanHistoryEntry)[];
  lang: "en" | "id";
  /** Where buying or extending a plan starts (the plan dialog). */
  plansHref: string;
}

const STATUS_TONE: Record<PaymentJson["status"], string> = { paid: "success", pending: "pending", failed: "danger", expired: "muted", cancelled: "muted", refund_pending: "pending", refunded: "muted" };

export function PlanSummary({ plan, planExpiresAt, payments, lang, plansHref }: PlanSummaryProps) {
  const t = useT();
  const locale = lang === "id" ? "id-ID" : "en-GB";
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Asia/Jakarta" });
  return (
    <section className="card settings-group plan-summary" aria-labelledby="settings-plan" data-plan={plan}>
      <h2 id="settings-plan">{t("settings.plan.title")}</h2>
      <div className="plan-summary-head">
        <div>
          <p className="plan-summary-name">{t(`plans.names.${plan}`)}</p>
          <p className="muted plan-summary-until">
            {plan === "free" ? t("settings.plan.freeHint", { swipes: FREE_DAILY_SWIPES, messages: FREE_DAILY_CHATS }) : planExpiresAt === null ? t("settings.plan.noEnd") : t("settings.plan.activeUntil", { date: date.format(planExpiresAt) })}
          </p>
        </div>
        <a className={`button ${plan === "free" ? "button-primary" : "button-outline"} button-small`} href={plansHref}>
          {plan === "free" ? t("profile.goPremium") : t("settings.plan.extend")}
        </a>
      </div>
      <h3 className="plan-summary-history-title">{t("settings.plan.history")}</h3>
      {payments.length === 0 ? (
        <p className="muted plan-summary-empty">{t("settings.plan.noPayments")}</p>
      ) : (
        <ul className="plan-payments">
          {payments.map((payment) =>
            "kind" in payment && payment.kind === "grant" ? (
              // A plan set by hand (PAYMENTS.md 'Grants'): who, what, until when; never the operator's reason.
              <li key={payment.grantId} className="plan-payment plan-grant" data-status="granted">
                <span className="plan-payment-main">
                  <span className="plan-payment-plan">{payment.plan === "free" ? t("settings.plan.revoked") : t(`plans.names.${payment.plan}`)}</span>
                  <span className="muted plan-payment-meta">
                    {dateTimeText(new Date(payment.createdAt), lang)}
                    {payment.until === null ? "" : ` · ${t("settings.plan.grantedUntil", { date: date.format(new Date(payment.until)) })}`}
                  </span>
                </span>
                <span className="plan-payment-side">
                  <span className="plan-payment-status plan-payment-status-success">{t("settings.plan.granted")}</span>
                </span>
              </li>
            ) : (
            <li key={payment.paymentId} className="plan-payment" data-status={payment.status}>
              <span className="plan-payment-main">
                <span className="plan-payment-plan">{t(`plans.names.${payment.plan}`)}</span>
                <span className="muted plan-payment-meta">
                  {dateTimeText(new Date(payment.paidAt ?? payment.createdAt), lang)} · {t(`plans.payment.methods.${payment.method}.label`)}
                </span>
              </span>
              <span className="plan-payment-side">
                <span className="plan-payment-amount">{formatRupiah(payment.amount, lang)}</span>
                <span className={`plan-payment-status plan-payment-status-${STATUS_TONE[payment.status]}`}>{t(`settings.plan.status.${payment.status}`)}</span>
              </span>
            </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

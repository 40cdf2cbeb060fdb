import { lazy, Suspense } from "react";
import type { PaymentCreatedJson } from "../../src/features/payments/payments.schemas";
import { CopyButton } from "../components/copy-button";
import { useI18n } from "../runtime/i18n-context";
import { formatRupiah } from "../plan-dialog";
import { formatRemaining, useRemaining } from "./countdown";

// The QR encoder is loaded only when a QRIS payment is on screen: the page bundles stay small.
const QrCode = lazy(() => import("../components/qr-code").then((module) => ({ default: module.QrCode })));

/** Opens the gateway's hosted page in a new tab; where a new tab is refused (a WebView), in this one. */
export function openHostedPage(url: string) {
  const opened = window.open(url, "_blank", "noopener");
  if (opened === null) window.location.assign(url);
}

/**
 * What the member does to pay (spec point 4: "instructions are shown"): a QR to scan with a
 * countdown to its expiry, a virtual account to transfer to, or the gateway's page for a card.
 * The outcome arrives by itself; this view only explains.
 */
export function PaymentInstructions({ payment, onRetry }: { payment: PaymentCreatedJson; onRetry: () => void }) {
  const { t, lang } = useI18n();
  const remaining = useRemaining(payment.expiresAt);
  const expired = remaining <= 0;
  const amount = formatRupiah(payment.amount, lang);
  const expiry = new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(payment.expiresAt));
  const hostedOnly = payment.qrCode === null && payment.bankInstructions === null && payment.paymentUrl !== null;

  if (expired) {
    return (
      <div className="payment-instructions payment-expired" role="alert" data-state="expired">
        <p className="payment-instructions-title">{t("plans.payment.expiredTitle")}</p>
        <p className="muted">{t("plans.payment.expiredBody")}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t("plans.payment.newCode")}
        </button>
      </div>
    );
  }

  return (
    <div className="payment-instructions" data-method={payment.method}>
      <p className="payment-amount">
        <span className="muted">{t("plans.payment.toPay")}</span> <strong>{amount}</strong>
      </p>
      {payment.qrCode !== null ? (
        <div className="payment-qr-block">
          <div className="payment-qr">
            <Suspense fallback={<div className="payment-qr-placeholder" aria-busy="true" />}>
              <QrCode value={payment.qrCode} label={t("plans.payment.qrLabel", { amount })} size={232} />
            </Suspense>
          </div>
          <p className="payment-step">{t("plans.payment.scanSteps")}</p>
          <p className="payment-countdown" aria-live="off">
            {t("plans.payment.expiresIn")} <strong className="payment-countdown-time" role="timer">{formatRemaining(remaining)}</strong>
          </p>
        </div>
      ) : null}
      {payment.bankInstructions !== null ? (
        <div className="payment-va-block">
          <dl className="payment-va">
            <div>
              <dt>{t("plans.payment.bankName")}</dt>
              <dd>{payment.bankInstructions.bank_name}</dd>
            </div>
            <div>
              <dt>{t("plans.payment.virtualAccount")}</dt>
              <dd className="payment-va-number-row">
                <span className="payment-va-number">{payment.bankInstructions.virtual_account}</span>
                <CopyButton value={payment.bankInstructions.virtual_account} label={t("plans.payment.copyAccount")} />
              </dd>
            </div>
            <div>
              <dt>{t("plans.payment.accountHolder")}</dt>
              <dd>{payment.bankInstructions.account_holder}</dd>
            </div>
          </dl>
          <p className="payment-step">{t("plans.payment.bankSteps", { bank: payment.bankInstructions.bank_name, amount })}</p>
          <p className="payment-note">{t("plans.payment.bankActivation")}</p>
          <p className="muted payment-note">{t("plans.payment.payBefore", { time: expiry })}</p>
        </div>
      ) : null}
      {payment.method === "credit" || hostedOnly ? (
        <div className="payment-hosted-block">
          <p className="payment-step">{t(payment.method === "credit" ? "plans.payment.cardSteps" : "plans.payment.hostedSteps")}</p>
          {payment.paymentUrl !== null ? (
            <button type="button" className="button button-primary button-block" onClick={() => openHostedPage(payment.paymentUrl!)}>
              {t(payment.method === "credit" ? "plans.payment.openCardPage" : "plans.payment.openPaymentPage")}
            </button>
          ) : null}
        </div>
      ) : payment.paymentUrl !== null ? (
        // The gateway's own page also takes this payment (the sandbox's Pay and Decline live there).
        <p className="payment-hosted-link">
          <a href={payment.paymentUrl} target="_blank" rel="noopener">
            {t("plans.payment.openPaymentPage")}
          </a>
        </p>
      ) : null}
      <p className="payment-waiting" role="status">
        <span className="payment-waiting-dot" aria-hidden="true" />
        {t("plans.payment.waiting")}
      </p>
    </div>
  );
}

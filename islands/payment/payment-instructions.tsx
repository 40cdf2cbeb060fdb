import { lazy, Suspense } from "react";
import { dateTimeText } from "../runtime/clock-time";
import type { PaymentCreatedJson } from "../../src/features/payments/payments.schemas";
import { CopyButton } from "../components/copy-button";
import { useI18n } from "../runtime/i18n-context";
import { formatRupiah } from "../plan-dialog";
import { formatRemaining, useRemaining } from "./countdown";
import { apiUrl } from "../runtime/api";
import type { Wallet } from "../../src/features/payments/gateways/gateway";
import { WALLET_NAMES } from "../../src/features/payments/wallet-names";

// The QR encoder is loaded only when a QRIS payment is on screen: the page bundles stay small.
const QrCode = lazy(() => import("../components/qr-code").then((module) => ({ default: module.QrCode })));

/**
 * Opens the gateway's hosted page ONCE: in one popup, so this dialog shows the outcome live, or in
 * this tab on a phone (and wherever the popup is refused: a WebView, a blocker), from which the
 * gateway's return brings the member back to Kasih's Settings with the outcome. window.open with
 * "noopener" always answers null (HTML's rule), which used to open the page a second time in this
 * tab and lose Kasih; the handle is kept instead and its opener cut (docs/decisions/0126).
 */
export function openHostedPage(url: string, options: { sameTab?: boolean } = {}, browser: Pick<Window, "open" | "location"> = window) {
  if (options.sameTab === true) return browser.location.assign(url);
  const opened = browser.open(url, "_blank");
  if (opened === null) return browser.location.assign(url);
  try {
    opened.opener = null;
  } catch {
    // A browser that will not let the opener be cut: the page is open once all the same.
  }
}

/** GET /api/payment/{id}/qr.png, for "Save QR image". */
export function qrImageUrl(paymentId: string): string {
  return apiUrl(`/api/payment/${encodeURIComponent(paymentId)}/qr.png`);
}

/**
 * What the member does to pay (spec point 4: "instructions are shown"): a QR to scan with a
 * countdown to its expiry, a virtual account to transfer to, or the gateway's page for a card.
 * The outcome arrives by itself; this view only explains.
 */
export function PaymentInstructions({ payment, onRetry, phoneInHand = false }: { payment: PaymentCreatedJson; onRetry: () => void; phoneInHand?: boolean }) {
  const { t, lang } = useI18n();
  const remaining = useRemaining(payment.expiresAt);
  const expired = remaining <= 0;
  const amount = formatRupiah(payment.amount, lang);
  // The app's one date-and-time format, in the phone's zone (docs/decisions/0137).
  const expiry = dateTimeText(new Date(payment.expiresAt), lang, "local");
  const wallet = payment.method === "ewallet" && payment.wallet != null ? payment.wallet : null;
  const hostedOnly = wallet === null && payment.qrCode === null && payment.bankInstructions === null && payment.paymentUrl !== null;

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
          {/* The phone showing the code cannot scan it: save it and pick it from the e-wallet's gallery, or use another phone. */}
          {phoneInHand ? <p className="payment-note payment-qr-hint">{t("plans.walletPay.qrPhoneHint")}</p> : null}
          <a className="button button-outline button-small payment-qr-save" href={qrImageUrl(payment.paymentId)} download={`kasih-qris-${payment.paymentId}.png`}>
            {t("plans.walletPay.saveQr")}
          </a>
        </div>
      ) : null}
      {/* A gateway that answers only its hosted page for a wallet: that page is the way to the wallet. */}
      {wallet !== null ? <WalletSteps wallet={wallet} walletUrl={payment.walletUrl ?? (wallet === "ovo" ? null : payment.paymentUrl)} amount={amount} remaining={remaining} /> : null}
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
            <button type="button" className="button button-primary button-block payment-open-hosted" onClick={() => openHostedPage(payment.paymentUrl!, { sameTab: phoneInHand })}>
              {t(payment.method === "credit" ? "plans.payment.openCardPage" : "plans.payment.openPaymentPage")}
            </button>
          ) : null}
        </div>
      ) : payment.paymentUrl !== null && wallet === null ? (
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

/**
 * An e-wallet payment: a link that opens the wallet's app in this tab (a real tap, so the browser
 * lets the app open), or, for OVO, which pushes the request to the member's OVO app by number,
 * "Open OVO to confirm" and the time left (docs/decisions/0126).
 */
function WalletSteps({ wallet, walletUrl, amount, remaining }: { wallet: Wallet; walletUrl: string | null; amount: string; remaining: number }) {
  const { t } = useI18n();
  const name = WALLET_NAMES[wallet];
  if (wallet === "ovo") {
    return (
      <div className="payment-wallet-block" data-wallet={wallet}>
        <p className="payment-wallet-confirm">{t("plans.walletPay.ovoConfirm")}</p>
        <p className="payment-step">{t("plans.walletPay.ovoSteps", { amount })}</p>
        <p className="payment-countdown" aria-live="off">
          {t("plans.walletPay.payWithin")} <strong className="payment-countdown-time" role="timer">{formatRemaining(remaining)}</strong>
        </p>
        {walletUrl !== null ? (
          <a className="button button-outline button-block payment-wallet-open" href={walletUrl}>
            {t("plans.walletPay.open", { wallet: name })}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <div className="payment-wallet-block" data-wallet={wallet}>
      <p className="payment-step">{t("plans.walletPay.openSteps", { wallet: name, amount })}</p>
      {walletUrl !== null ? (
        <a className="button button-primary button-block payment-wallet-open" href={walletUrl}>
          {t("plans.walletPay.open", { wallet: name })}
        </a>
      ) : null}
    </div>
  );
}

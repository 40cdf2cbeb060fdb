import { useEffect, useState } from "react";
import { Dialog } from "./components/dialog";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { errorText } from "./runtime/messages";
import { toast } from "./runtime/toast";
import { PAYMENT_RELOAD_MS } from "../src/platform/constants";
import type { PaymentMethod } from "../src/features/payments/payment-methods";
import type { PaymentCreatedJson, PaymentJson } from "../src/features/payments/payments.schemas";
import { BANKS, type Bank } from "../src/features/payments/gateways/gateway";
import type { PaidPlan } from "./plan-dialog";
import { PaymentInstructions } from "./payment/payment-instructions";
import { usePaymentOutcome, usePremiumActivated, type PaymentOutcome } from "./payment/payment-outcome";
import { requestWalletToken, walletAvailable } from "./payment/google-pay";

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; methods: PaymentMethod[] };

/** The steps of the payment dialog (spec point 4): choose, (bank), instructions, then the outcome. */
type Step =
  | { kind: "methods" }
  | { kind: "banks" }
  | { kind: "instructions"; payment: PaymentCreatedJson }
  | { kind: "success" }
  | { kind: "unpaid"; outcome: Exclude<PaymentOutcome, "paid"> };

/**
 * The payment method dialog (spec points 2, 4 and 9): only the methods the admin has switched on
 * and a gateway takes (GET /api/payment/methods, read each time it opens). Choosing one creates
 * the payment (POST /api/payment/create) and shows its instructions in the same dialog; 'Back'
 * returns to the methods, 'Done' closes. The outcome arrives over the live connection (or by
 * polling): 'Payment Successful!', then the page reloads after 2 s or on 'Continue'
 * (docs/decisions/0085, 0088).
 */
export function PaymentMethodDialog({ open, plan, summary, onBack, onClose }: { open: boolean; plan: PaidPlan; summary: string; onBack: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<Step>({ kind: "methods" });
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setStep({ kind: "methods" });
    setLoad({ state: "loading" });
    api<{ methods: PaymentMethod[] }>("GET", "/api/payment/methods")
      .then((answer) => current && setLoad({ state: "ready", methods: answer.methods }))
      .catch((caught: unknown) => current && setLoad({ state: "error", message: errorText(t, caught) }));
    return () => {
      current = false;
    };
  }, [open, attempt]);

  const paymentFailed = (description: string) => toast({ title: t("plans.payment.failedTitle"), description, variant: "destructive" });

  const succeeded = () => {
    setStep({ kind: "success" });
    toast({ title: t("plans.payment.successTitle"), description: t("plans.payment.successBody"), variant: "success" });
  };

  usePaymentOutcome(step.kind === "instructions" ? step.payment.paymentId : null, (outcome) => {
    if (outcome === "paid") return succeeded();
    setStep({ kind: "unpaid", outcome });
    paymentFailed(t(`plans.payment.unpaid.${outcome}.body`));
  });

  // A payment shown before 'Back' (or made elsewhere) that completes while the dialog is open.
  usePremiumActivated(open && step.kind !== "success", succeeded);

  // Spec point 9: the page reloads 2 s after the success, so every screen shows the new plan.
  useEffect(() => {
    if (step.kind !== "success") return;
    const timer = setTimeout(() => window.location.reload(), PAYMENT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [step.kind]);

  const create = async (method: PaymentMethod, bank?: Bank): Promise<PaymentCreatedJson | null> => {
    setBusy(bank ?? method);
    try {
      return await api<PaymentCreatedJson>("POST", "/api/payment/create", { plan, paymentMethod: method, bank });
    } catch (caught) {
      paymentFailed(errorText(t, caught));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const payWithWallet = async () => {
    setBusy("googlepay");
    try {
      if (!(await walletAvailable())) return void toast({ title: t("plans.payment.walletUnavailable"), variant: "destructive" });
      const payment = await api<PaymentCreatedJson>("POST", "/api/payment/create", { plan, paymentMethod: "googlepay" }).catch((caught: unknown) => {
        paymentFailed(errorText(t, caught));
        return null;
      });
      if (payment === null) return;
      const wallet = await requestWalletToken(payment.amount, t(`plans.names.${plan}`));
      if (wallet.kind === "unavailable") return void toast({ title: t("plans.payment.walletUnavailable"), variant: "destructive" });
      if (wallet.kind === "cancelled") return void toast({ title: t("plans.payment.walletCancelled"), variant: "destructive" });
      if (wallet.kind === "failed") return void toast({ title: t("plans.payment.walletFailed"), variant: "destructive" });
      const activated = await api<PaymentJson>("POST", `/api/subscription/activate/${encodeURIComponent(payment.paymentId)}`, { paymentToken: wallet.token }).catch(() => null);
      if (activated?.status === "paid") succeeded();
      else toast({ title: t("plans.payment.walletFailed"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const choose = async (method: PaymentMethod) => {
    if (method === "bank") return setStep({ kind: "banks" });
    if (method === "googlepay") return payWithWallet();
    const payment = await create(method);
    if (payment !== null) setStep({ kind: "instructions", payment });
  };

  const chooseBank = async (bank: Bank) => {
    const payment = await create("bank", bank);
    if (payment !== null) setStep({ kind: "instructions", payment });
  };

  const title =
    step.kind === "banks"
      ? t("plans.payment.bankTitle")
      : step.kind === "instructions"
        ? t(`plans.payment.instructionsTitle.${step.payment.method}`)
        : step.kind === "success"
          ? t("plans.payment.successTitle")
          : step.kind === "unpaid"
            ? t(`plans.payment.unpaid.${step.outcome}.title`)
            : t("plans.payment.title");

  return (
    <Dialog open={open} onClose={onClose} title={title} description={step.kind === "success" ? undefined : summary} className="payment-dialog" initialFocus="title">
      <div className="payment-step-body" data-step={step.kind} aria-live="polite">
        {step.kind === "methods" ? (
          <MethodList load={load} busy={busy} onRetry={() => setAttempt((n) => n + 1)} onChoose={(method) => void choose(method)} />
        ) : null}
        {step.kind === "banks" ? (
          <ul className="payment-method-list payment-bank-list">
            {BANKS.map((bank) => (
              <li key={bank}>
                <ChoiceButton id={`payment-bank-${bank}`} label={bank} detail={busy === bank ? t("plans.payment.creating") : t("plans.payment.bankDetail")} busy={busy === bank} disabled={busy !== null} data={{ "data-bank": bank }} onClick={() => void chooseBank(bank)} />
              </li>
            ))}
          </ul>
        ) : null}
        {step.kind === "instructions" ? <PaymentInstructions payment={step.payment} onRetry={() => setStep({ kind: "methods" })} /> : null}
        {step.kind === "success" ? (
          <div className="payment-outcome payment-outcome-success" role="status">
            <span className="payment-outcome-icon" aria-hidden="true">
              ✓
            </span>
            <p>{t("plans.payment.successBody")}</p>
            <p className="muted">{t("plans.payment.reloading")}</p>
          </div>
        ) : null}
        {step.kind === "unpaid" ? (
          <div className="payment-outcome payment-outcome-unpaid" role="alert">
            <span className="payment-outcome-icon" aria-hidden="true">
              !
            </span>
            <p>{t(`plans.payment.unpaid.${step.outcome}.body`)}</p>
          </div>
        ) : null}
      </div>
      <div className="dialog-actions">
        {step.kind === "success" ? (
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t("plans.payment.continue")}
          </button>
        ) : null}
        {step.kind === "unpaid" ? (
          <button type="button" className="button button-primary" onClick={() => setStep({ kind: "methods" })}>
            {t("plans.payment.tryAgain")}
          </button>
        ) : null}
        {step.kind === "methods" ? (
          <button type="button" className="button button-ghost" onClick={onBack}>
            {t("plans.payment.back")}
          </button>
        ) : null}
        {step.kind === "banks" || step.kind === "instructions" ? (
          <>
            <button type="button" className="button button-ghost" onClick={() => setStep({ kind: "methods" })}>
              {t("plans.payment.back")}
            </button>
            {step.kind === "instructions" ? (
              <button type="button" className="button button-outline" onClick={onClose}>
                {t("plans.payment.done")}
              </button>
            ) : null}
          </>
        ) : null}
        {step.kind === "unpaid" ? (
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t("plans.payment.close")}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

function MethodList({ load, busy, onRetry, onChoose }: { load: Load; busy: string | null; onRetry: () => void; onChoose: (method: PaymentMethod) => void }) {
  const { t } = useI18n();
  return (
    <div className="payment-methods" aria-busy={load.state === "loading" || busy !== null}>
      {load.state === "loading" ? <p className="muted payment-methods-status">{t("plans.payment.loading")}</p> : null}
      {load.state === "error" ? (
        <div className="payment-methods-status" role="alert">
          <p>{t("plans.payment.loadFailed")}</p>
          <p className="muted">{load.message}</p>
          <button type="button" className="button button-outline button-small" onClick={onRetry}>
            {t("plans.payment.retry")}
          </button>
        </div>
      ) : null}
      {load.state === "ready" && load.methods.length === 0 ? (
        <div className="payment-methods-status" role="status">
          <p>{t("plans.payment.noneTitle")}</p>
          <p className="muted">{t("plans.payment.noneBody")}</p>
        </div>
      ) : null}
      {load.state === "ready" && load.methods.length > 0 ? (
        <ul className="payment-method-list">
          {load.methods.map((method) => (
            <li key={method}>
              <ChoiceButton
                id={`payment-method-${method}`}
                label={t(`plans.payment.methods.${method}.label`)}
                detail={busy === method ? t("plans.payment.creating") : t(`plans.payment.methods.${method}.detail`)}
                busy={busy === method}
                disabled={busy !== null}
                data={{ "data-method": method }}
                onClick={() => onChoose(method)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One row of the method or bank list: named by its label, described by its detail (for people and tests). */
function ChoiceButton({ id, label, detail, busy, disabled, data, onClick }: { id: string; label: string; detail: string; busy: boolean; disabled: boolean; data: Record<string, string>; onClick: () => void }) {
  return (
    <button type="button" className="payment-method" {...data} aria-label={label} aria-describedby={`${id}-detail`} aria-busy={busy} disabled={disabled} onClick={onClick}>
      <span className="payment-method-label" aria-hidden="true">
        {label}
      </span>
      <span id={`${id}-detail`} className="payment-method-detail">
        {detail}
      </span>
      <span className="payment-method-arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

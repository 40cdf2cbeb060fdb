import { useEffect, useState } from "react";
import { Dialog } from "./components/dialog";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { errorText } from "./runtime/messages";
import { toast } from "./runtime/toast";
import type { PaymentMethod } from "../src/features/premium/payment-methods";
import type { PaidPlan } from "./plan-dialog";

/**
 * What happens when a member picks a payment method. Payments arrive with a later issue: this
 * ONE function is what it replaces (docs/decisions/0085-payment-method-dialog.md). Until then
 * it says so plainly — nothing is charged and no plan changes.
 */
export type ChoosePaymentMethod = (plan: PaidPlan, method: PaymentMethod) => void;

export const choosePaymentMethod = (t: (key: string) => string): ChoosePaymentMethod => () => {
  toast({ title: t("plans.paymentsSoonTitle"), description: t("plans.paymentsSoonBody") });
};

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; methods: PaymentMethod[] };

/**
 * The payment method dialog (spec point 2; methods of point 9): only the methods the admin has
 * switched on (GET /api/payment/methods, read each time it opens, so a switch counts at once).
 * 'Back' returns to the plans.
 */
export function PaymentMethodDialog({ open, plan, summary, onBack, onClose }: { open: boolean; plan: PaidPlan; summary: string; onBack: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoad({ state: "loading" });
    api<{ methods: PaymentMethod[] }>("GET", "/api/payment/methods")
      .then((answer) => current && setLoad({ state: "ready", methods: answer.methods }))
      .catch((caught: unknown) => current && setLoad({ state: "error", message: errorText(t, caught) }));
    return () => {
      current = false;
    };
  }, [open, attempt]);

  const choose = choosePaymentMethod(t);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("plans.payment.title")}
      description={summary}
      className="payment-dialog"
      initialFocus="title"
    >
      <div className="payment-methods" aria-busy={load.state === "loading"} aria-live="polite">
        {load.state === "loading" ? <p className="muted payment-methods-status">{t("plans.payment.loading")}</p> : null}
        {load.state === "error" ? (
          <div className="payment-methods-status" role="alert">
            <p>{t("plans.payment.loadFailed")}</p>
            <p className="muted">{load.message}</p>
            <button type="button" className="button button-outline button-small" onClick={() => setAttempt((n) => n + 1)}>
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
                <button
                  type="button"
                  className="payment-method"
                  data-method={method}
                  aria-label={t(`plans.payment.methods.${method}.label`)}
                  aria-describedby={`payment-method-${method}-detail`}
                  onClick={() => choose(plan, method)}
                >
                  <span className="payment-method-label" aria-hidden="true">
                    {t(`plans.payment.methods.${method}.label`)}
                  </span>
                  <span id={`payment-method-${method}-detail`} className="payment-method-detail">
                    {t(`plans.payment.methods.${method}.detail`)}
                  </span>
                  <span className="payment-method-arrow" aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onBack}>
          {t("plans.payment.back")}
        </button>
      </div>
    </Dialog>
  );
}

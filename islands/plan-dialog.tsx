import { useState } from "react";
import { formatRupiah } from "../src/platform/money";
import { Dialog } from "./components/dialog";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { errorText } from "./runtime/messages";
import { toast } from "./runtime/toast";
import { PLAN_FEATURES, PLAN_PRICES_IDR } from "../src/platform/constants";
import { PaymentMethodDialog } from "./payment-method-dialog";

export type PaidPlan = keyof typeof PLAN_PRICES_IDR;

/**
 * What happens when a member picks a plan: by default the payment method dialog opens
 * (docs/decisions/0085-payment-method-dialog.md). A caller may pass its own instead.
 */
export type ChoosePlan = (plan: PaidPlan) => void;

// The one money formatter (src/platform/money.ts); still importable from here.
export { formatRupiah };


/**
 * The subscription plan dialog (spec points 2 and 9): Premium Monthly and Premium Plus. Choosing
 * one replaces it with the payment method dialog, whose 'Back' brings the plans back. Only one of
 * the two is open at a time (one modal, one title).
 */
export function PlanDialog({
  open,
  onClose,
  onChoosePlan,
  currentPlan,
  unlock,
}: {
  open: boolean;
  onClose: () => void;
  onChoosePlan?: ChoosePlan;
  currentPlan?: string;
  /** A locked feature that brought the member here: its line leads, and the plan that unlocks it is marked and scrolled to (docs/decisions/0138). */
  unlock?: { plan: PaidPlan; reason: string };
}) {
  const { t, lang } = useI18n();
  const [chosen, setChosen] = useState<PaidPlan | null>(null);
  // The plan of the payment step, kept while that dialog closes (its content is gone by then).
  const [paying, setPaying] = useState<PaidPlan>("premium");
  const closeAll = () => {
    setChosen(null);
    onClose();
  };
  const [posting, setPosting] = useState<PaidPlan | null>(null);
  // Spec point 4: choosing a plan posts a subscription, then the payment dialog opens; a failed
  // post is an 'Error' toast (point 8) and the plans stay.
  const choose: ChoosePlan =
    onChoosePlan ??
    (async (plan) => {
      setPosting(plan);
      try {
        await api("POST", "/api/subscription", { planType: plan, amount: PLAN_PRICES_IDR[plan], currency: "IDR" });
        setPaying(plan);
        setChosen(plan);
      } catch (caught) {
        toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
      } finally {
        setPosting(null);
      }
    });
  // A <dialog> closed by switching steps fires "close" too: each one ends the flow only while it
  // is the step on screen (Escape, the backdrop, Not now), never when the other step takes over.
  return (
    <>
      <Dialog open={open && chosen === null} onClose={() => chosen === null && closeAll()} title={t("plans.title")} description={t("plans.lead")} className="plan-dialog" initialFocus="title">
        {unlock ? (
          <p className="plan-unlock" data-testid="plan-unlock">
            {unlock.reason}
          </p>
        ) : null}
        <ul className="plan-list">
          {(Object.keys(PLAN_PRICES_IDR) as PaidPlan[]).map((plan) => (
            <li
              key={plan}
              className={`plan-option ${plan === "premium_plus" ? "plan-option-featured" : ""} ${unlock?.plan === plan ? "is-unlocking" : ""}`}
              data-plan={plan}
              ref={unlock?.plan === plan ? (element) => element?.scrollIntoView({ block: "nearest" }) : undefined}
            >
              <div className="plan-head">
                <h3 className="plan-name">{t(`plans.names.${plan}`)}</h3>
                {plan === "premium_plus" ? <span className="badge plan-badge">{t("plans.best")}</span> : null}
              </div>
              <p className="plan-price">
                <strong>{formatRupiah(PLAN_PRICES_IDR[plan], lang)}</strong> <span className="muted">{t("plans.perMonth")}</span>
              </p>
              <ul className="plan-features">
                {PLAN_FEATURES[plan].map((feature) => (
                  <li key={feature}>
                    <span aria-hidden="true" className="plan-check">
                      ✓
                    </span>
                    {t(`plans.features.${feature}`)}
                  </li>
                ))}
              </ul>
              {currentPlan === plan ? <p className="plan-current">{t("plans.current")}</p> : null}
              <button
                type="button"
                className={`button ${plan === "premium_plus" ? "button-primary" : "button-outline"} plan-choose`}
                // Premium Plus already includes Premium (spec point 9); the server refuses it too.
                disabled={posting !== null || (plan === "premium" && currentPlan === "premium_plus")}
                aria-busy={posting === plan}
                onClick={() => void choose(plan)}
              >
                {plan === "premium" && currentPlan === "premium_plus"
                  ? t("plans.included")
                  : currentPlan === plan
                    ? t("plans.extend")
                    : t("plans.choose", { plan: t(`plans.names.${plan}`) })}
              </button>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={closeAll}>
            {t("plans.notNow")}
          </button>
        </div>
      </Dialog>
      <PaymentMethodDialog
        open={open && chosen !== null}
        plan={paying}
        summary={t("plans.payment.lead", { plan: t(`plans.names.${paying}`), price: formatRupiah(PLAN_PRICES_IDR[paying], lang) })}
        onBack={() => setChosen(null)}
        onClose={() => chosen !== null && closeAll()}
      />
    </>
  );
}

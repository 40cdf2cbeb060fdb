import { Dialog } from "./components/dialog";
import { useI18n } from "./runtime/i18n-context";
import { toast } from "./runtime/toast";
import { PLAN_PRICES_IDR } from "../src/platform/constants";

export type PaidPlan = keyof typeof PLAN_PRICES_IDR;

/**
 * What happens when a member picks a plan. Payments arrive with a later issue: this ONE seam is
 * where the payment method dialog will plug in (docs/decisions/0063). Until then it says so
 * plainly — nothing is charged and nothing pretends to activate.
 */
export type ChoosePlan = (plan: PaidPlan) => void;

export function formatRupiah(amount: number, lang: string): string {
  return `Rp ${new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US").format(amount)}`;
}

const PLAN_FEATURES: Record<PaidPlan, string[]> = {
  premium: ["unlimitedSwipes", "unlimitedChats", "whoLikedYou"],
  premium_plus: ["everythingInPremium", "undoSuperLikeBoost", "calls", "prioritySupport"],
};

/** The subscription plan dialog (spec points 2 and 9): Premium Monthly and Premium Plus. */
export function PlanDialog({ open, onClose, onChoosePlan, currentPlan }: { open: boolean; onClose: () => void; onChoosePlan?: ChoosePlan; currentPlan?: string }) {
  const { t, lang } = useI18n();
  const choose: ChoosePlan =
    onChoosePlan ??
    (() => {
      toast({ title: t("plans.paymentsSoonTitle"), description: t("plans.paymentsSoonBody") });
    });
  return (
    <Dialog open={open} onClose={onClose} title={t("plans.title")} description={t("plans.lead")} className="plan-dialog" initialFocus="title">
      <ul className="plan-list">
        {(Object.keys(PLAN_PRICES_IDR) as PaidPlan[]).map((plan) => (
          <li key={plan} className={`plan-option ${plan === "premium_plus" ? "plan-option-featured" : ""}`}>
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
            <button
              type="button"
              className={`button ${plan === "premium_plus" ? "button-primary" : "button-outline"} plan-choose`}
              disabled={currentPlan === plan}
              onClick={() => choose(plan)}
            >
              {currentPlan === plan ? t("plans.current") : t("plans.choose", { plan: t(`plans.names.${plan}`) })}
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t("plans.notNow")}
        </button>
      </div>
    </Dialog>
  );
}

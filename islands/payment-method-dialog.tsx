import { useEffect, useRef, useState } from "react";
import { Dialog } from "./components/dialog";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import type { TFunction } from "i18next";
import { errorText } from "./runtime/messages";
import { ApiError } from "./runtime/api";
import { toast } from "./runtime/toast";
import { PAYMENT_RELOAD_MS } from "../src/platform/constants";
import type { PaymentMethod } from "../src/features/payments/payment-methods";
import { PAYMENT_MESSAGES, type PaymentCreatedJson, type PaymentJson, type PaymentMethodsJson } from "../src/features/payments/payments.schemas";
import { BANKS, type Bank, type Wallet } from "../src/features/payments/gateways/gateway";
import { WALLET_NAMES } from "../src/features/payments/wallet-names";
import { isPhoneInHand } from "./payment/phone-in-hand";
import type { PaidPlan } from "./plan-dialog";
import { PaymentInstructions } from "./payment/payment-instructions";
import { usePaymentOutcome, usePremiumActivated, type PaymentOutcome } from "./payment/payment-outcome";
import { requestWalletToken, walletAvailable } from "./payment/google-pay";

type Load = { state: "loading" } | { state: "error"; message: string } | ({ state: "ready" } & Choices);

/** What the dialog offers (GET /api/payment/methods); a server before e-wallets answers only `methods`. */
interface Choices {
  methods: PaymentMethod[];
  wallets: Wallet[];
  needsPhone: PaymentMethodsJson["needsPhone"];
}

/** One thing the member chose to pay with. */
interface Choice {
  method: PaymentMethod;
  bank?: Bank;
  wallet?: Wallet;
}

/** The API's answers that mean "ask for the phone" (payments.schemas.ts). */
const PHONE_MESSAGES: readonly string[] = [PAYMENT_MESSAGES.phoneRequired, PAYMENT_MESSAGES.invalidPhone];

/** The steps of the payment dialog (spec point 4): choose, (bank), instructions, then the outcome. */
type Step =
  | { kind: "methods" }
  | { kind: "banks" }
  | { kind: "phone"; choice: Choice; error: string | null }
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
  // The e-wallets come first on a phone (docs/decisions/0126); read after hydration, never on the server.
  const [phoneInHand, setPhoneInHand] = useState(false);
  useEffect(() => setPhoneInHand(isPhoneInHand()), []);
  // The number typed for a gateway that needs one, kept for the next choice in this dialog.
  const [typedPhone, setTypedPhone] = useState("");
  // Whether the dialog is on screen, for outcomes that arrive after it closed.
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setStep({ kind: "methods" });
    setLoad({ state: "loading" });
    api<Partial<Choices> & { methods: PaymentMethod[] }>("GET", "/api/payment/methods")
      .then((answer) => current && setLoad({ state: "ready", methods: answer.methods, wallets: answer.wallets ?? [], needsPhone: answer.needsPhone ?? { methods: [], wallets: [] } }))
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
    // The dialog on screen says it (title and message) once; a toast only when it was closed.
    if (!openRef.current) paymentFailed(t(`plans.payment.unpaid.${outcome}.body`));
  });

  // A payment shown before 'Back' (or made elsewhere) that completes while the dialog is open.
  usePremiumActivated(open && step.kind !== "success", succeeded);

  // Spec point 9: the page reloads 2 s after the success, so every screen shows the new plan.
  useEffect(() => {
    if (step.kind !== "success") return;
    const timer = setTimeout(() => window.location.reload(), PAYMENT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [step.kind]);

  const needsPhone = (choice: Choice) =>
    load.state === "ready" && (choice.wallet !== undefined ? load.needsPhone.wallets.includes(choice.wallet) : load.needsPhone.methods.includes(choice.method));

  /** Creates the payment; a phone refused or asked for by the server brings (back) the phone step. */
  const create = async (choice: Choice, phone?: string): Promise<PaymentCreatedJson | null> => {
    setBusy(choice.wallet ?? choice.bank ?? choice.method);
    try {
      return await api<PaymentCreatedJson>("POST", "/api/payment/create", { plan, paymentMethod: choice.method, bank: choice.bank, wallet: choice.wallet, phone });
    } catch (caught) {
      if (caught instanceof ApiError && PHONE_MESSAGES.includes(caught.message)) {
        setStep({ kind: "phone", choice, error: phone === undefined ? null : errorText(t, caught) });
        return null;
      }
      paymentFailed(errorText(t, caught));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const pay = async (choice: Choice, phone?: string) => {
    if (phone === undefined && needsPhone(choice)) return setStep({ kind: "phone", choice, error: null });
    const payment = await create(choice, phone);
    if (payment !== null) setStep({ kind: "instructions", payment });
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
    await pay({ method });
  };

  const title = stepTitle(t, step);

  return (
    <Dialog open={open} onClose={onClose} title={title} description={step.kind === "success" ? undefined : summary} className="payment-dialog" initialFocus="title">
      <div className="payment-step-body" data-step={step.kind} aria-live="polite">
        {step.kind === "methods" ? (
          <MethodList load={load} busy={busy} phoneInHand={phoneInHand} onRetry={() => setAttempt((n) => n + 1)} onChoose={(method) => void choose(method)} onChooseWallet={(wallet) => void pay({ method: "ewallet", wallet })} />
        ) : null}
        {step.kind === "banks" ? (
          <ul className="payment-method-list payment-bank-list">
            {BANKS.map((bank) => (
              <li key={bank}>
                <ChoiceButton id={`payment-bank-${bank}`} label={bank} detail={busy === bank ? t("plans.payment.creating") : t("plans.payment.bankDetail")} busy={busy === bank} disabled={busy !== null} data={{ "data-bank": bank }} onClick={() => void pay({ method: "bank", bank })} />
              </li>
            ))}
          </ul>
        ) : null}
        {step.kind === "phone" ? (
          <PhoneStep
            choice={step.choice}
            error={step.error}
            value={typedPhone}
            busy={busy !== null}
            onChange={setTypedPhone}
            onSubmit={() => void pay(step.choice, typedPhone)}
          />
        ) : null}
        {step.kind === "instructions" ? <PaymentInstructions payment={step.payment} phoneInHand={phoneInHand} onRetry={() => setStep({ kind: "methods" })} /> : null}
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
        {step.kind === "banks" || step.kind === "phone" || step.kind === "instructions" ? (
          <>
            <button type="button" className="button button-ghost" onClick={() => setStep({ kind: "methods" })}>
              {t("plans.payment.back")}
            </button>
            {step.kind === "phone" ? (
              <button type="submit" form="payment-phone-form" className="button button-primary" disabled={busy !== null} aria-busy={busy !== null}>
                {busy !== null ? t("plans.payment.creating") : t("plans.walletPay.phoneContinue")}
              </button>
            ) : null}
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

function stepTitle(t: TFunction, step: Step): string {
  switch (step.kind) {
    case "banks":
      return t("plans.payment.bankTitle");
    case "phone":
      return t("plans.walletPay.phoneTitle");
    case "instructions":
      return step.payment.wallet != null ? t("plans.walletPay.title", { wallet: WALLET_NAMES[step.payment.wallet] }) : t(`plans.payment.instructionsTitle.${step.payment.method}`);
    case "success":
      return t("plans.payment.successTitle");
    case "unpaid":
      return t(`plans.payment.unpaid.${step.outcome}.title`);
    default:
      return t("plans.payment.title");
  }
}

function MethodList({
  load,
  busy,
  phoneInHand,
  onRetry,
  onChoose,
  onChooseWallet,
}: {
  load: Load;
  busy: string | null;
  phoneInHand: boolean;
  onRetry: () => void;
  onChoose: (method: PaymentMethod) => void;
  onChooseWallet: (wallet: Wallet) => void;
}) {
  const { t } = useI18n();
  // `ewallet` is offered as its wallets' chips: first on a phone, after the others on a desktop,
  // where the QR code stays first (docs/decisions/0126).
  const listed = load.state === "ready" ? load.methods.filter((method) => method !== "ewallet") : [];
  const wallets = load.state === "ready" && load.methods.includes("ewallet") ? load.wallets : [];
  const walletChips = wallets.length > 0 ? <WalletChips wallets={wallets} busy={busy} phoneInHand={phoneInHand} onChoose={onChooseWallet} /> : null;
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
      {phoneInHand ? walletChips : null}
      {listed.length > 0 ? (
        <ul className="payment-method-list">
          {listed.map((method) => (
            <li key={method}>
              <ChoiceButton
                id={`payment-method-${method}`}
                label={t(`plans.payment.methods.${method}.label`)}
                detail={busy === method ? t("plans.payment.creating") : method === "qris" && phoneInHand ? t("plans.walletPay.qrisPhoneDetail") : t(`plans.payment.methods.${method}.detail`)}
                busy={busy === method}
                disabled={busy !== null}
                data={{ "data-method": method }}
                onClick={() => onChoose(method)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {phoneInHand ? null : walletChips}
    </div>
  );
}

/** The e-wallets as their names in chips (the `ewallet` method): one tap starts that wallet's payment. */
function WalletChips({ wallets, busy, phoneInHand, onChoose }: { wallets: Wallet[]; busy: string | null; phoneInHand: boolean; onChoose: (wallet: Wallet) => void }) {
  const { t } = useI18n();
  const creating = busy !== null && (wallets as string[]).includes(busy);
  return (
    <section className="payment-wallets" data-method="ewallet" aria-labelledby="payment-wallets-title" aria-describedby="payment-wallets-hint" aria-busy={creating}>
      <h3 id="payment-wallets-title" className="payment-wallets-title">
        {t("plans.walletPay.sectionTitle")}
      </h3>
      <p id="payment-wallets-hint" className="payment-wallets-hint">
        {creating ? t("plans.payment.creating") : t(phoneInHand ? "plans.walletPay.sectionHint" : "plans.walletPay.sectionHintDesktop")}
      </p>
      <ul className="payment-wallet-chips">
        {wallets.map((wallet) => (
          <li key={wallet}>
            <button type="button" className="payment-wallet-chip" data-wallet={wallet} aria-busy={busy === wallet} disabled={busy !== null} onClick={() => onChoose(wallet)}>
              {WALLET_NAMES[wallet]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The payer's phone, where the chosen gateway needs one and the account has no proven number. */
function PhoneStep({ choice, error, value, busy, onChange, onSubmit }: { choice: Choice; error: string | null; value: string; busy: boolean; onChange: (value: string) => void; onSubmit: () => void }) {
  const { t } = useI18n();
  return (
    <form
      id="payment-phone-form"
      className="form payment-phone"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="field">
        <label htmlFor="payment-phone-input">{t("plans.walletPay.phoneLabel")}</label>
        <input
          id="payment-phone-input"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0812 3456 7890"
          value={value}
          disabled={busy}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? "payment-phone-error payment-phone-hint" : "payment-phone-hint"}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {error !== null ? (
          <p id="payment-phone-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <p id="payment-phone-hint" className="payment-note muted">
          {t(choice.wallet === "ovo" ? "plans.walletPay.phoneHintOvo" : "plans.walletPay.phoneHint")}
        </p>
      </div>
    </form>
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

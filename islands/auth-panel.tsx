import { useEffect, useRef, useState, type FormEvent } from "react";
import { useI18n, useT } from "./runtime/i18n-context";
import { api, ApiError } from "./runtime/api";
import { toastOnNextPage } from "./runtime/toast";
import { translateMessage } from "./runtime/messages";
import { signInFailure } from "./runtime/sign-in-failure";
import { LoadingScreen } from "./components/loading-screen";
import { AUTH_MESSAGES, emailSchema, loginProblem, registrationFormProblem } from "../src/features/auth/auth.schemas";
import { CaptchaField } from "./components/captcha-field";
import { SocialButtons, type SocialSignInConfig } from "./components/social-buttons";
import { ForgotPasswordDialog } from "./components/forgot-password-dialog";
import { PhoneSignIn } from "./components/phone-sign-in";
import type { PhoneChannel } from "../src/features/phone-sign-in/phone-channels";

export interface AuthPanelProps {
  initialTab: "signin" | "register";
  social: SocialSignInConfig;
  /** The channels phone sign-in sends by (docs/decisions/0136); absent: both. */
  phoneChannels?: PhoneChannel[];
}

/**
 * Where a signed-in member goes back to: `?next=` when it is a vouch link (docs/decisions/0134),
 * the only page that sends people here to come back; anything else is ignored (no open redirect).
 */
function returnPath(): string | null {
  const next = new URL(window.location.href).searchParams.get("next");
  return next !== null && /^\/vouch\/[a-z2-7]{20,80}$/.test(next) ? next : null;
}

/** /auth: the Sign In and Register tabs of spec point 2. */
export function AuthPanel({ initialTab, social, phoneChannels }: AuthPanelProps) {
  const t = useT();
  const [tab, setTab] = useState(initialTab);
  const [redirecting, setRedirecting] = useState(false);
  // "Continue with phone number" (docs/decisions/0136) takes the panel's place until Back.
  const [byPhone, setByPhone] = useState(false);
  // Until hydration the submit buttons stay disabled: a native submit would put the password in the URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A keyboard user moving between tabs keeps focus on the tab; a click jumps into the form.
  const switchedByKeyboard = useRef(false);

  const go = (path: string) => {
    setRedirecting(true);
    window.location.assign(path === "/" ? (returnPath() ?? path) : path);
  };

  const selectTab = (next: "signin" | "register") => {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "register") url.searchParams.set("tab", "register");
    else url.searchParams.delete("tab");
    history.replaceState(null, "", url);
  };

  // ARIA tabs: arrow keys (and Home/End) move between the two tabs, Tab moves into the panel.
  const onTabKey = (event: React.KeyboardEvent) => {
    const next = event.key === "ArrowRight" || event.key === "End" ? "register" : event.key === "ArrowLeft" || event.key === "Home" ? "signin" : null;
    if (next === null) return;
    event.preventDefault();
    switchedByKeyboard.current = true;
    selectTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  if (redirecting) return <LoadingScreen fullscreen />;
  if (byPhone)
    return (
      <div className="auth-panel">
        <PhoneSignIn onDone={go} onBack={() => setByPhone(false)} channels={phoneChannels} />
      </div>
    );

  return (
    <div className="auth-panel">
      <SocialButtons config={social} onSignedIn={(isNewUser) => go(isNewUser ? "/edit-profile" : "/")} />
      <button type="button" className="button button-outline button-block phone-sign-in-button" disabled={!hydrated} onClick={() => setByPhone(true)}>
        <PhoneIcon />
        {t("phoneSignIn.continue")}
      </button>
      {/* The phone button is always offered, so "or" always separates it from the email tabs. */}
      <div className="divider" role="separator">
        <span>{t("auth.or")}</span>
      </div>
      <div className="tabs" role="tablist" aria-label={t("auth.tabsLabel")} onKeyDown={onTabKey}>
        <button type="button" role="tab" id="tab-signin" aria-controls="panel-signin" aria-selected={tab === "signin"} tabIndex={tab === "signin" ? 0 : -1} className="tab-trigger" onClick={() => {
            switchedByKeyboard.current = false;
            selectTab("signin");
          }}>
          {t("auth.signIn")}
        </button>
        <button type="button" role="tab" id="tab-register" aria-controls="panel-register" aria-selected={tab === "register"} tabIndex={tab === "register" ? 0 : -1} className="tab-trigger" onClick={() => {
            switchedByKeyboard.current = false;
            selectTab("register");
          }}>
          {t("auth.register")}
        </button>
      </div>
      {tab === "signin" ? <SignInForm onDone={go} ready={hydrated} /> : <RegisterForm onDone={go} ready={hydrated} focusFirstField={!switchedByKeyboard.current} />}
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  );
}

/**
 * The email field of both forms: an address that cannot be one is flagged when the field is left,
 * not only on submit, and the flag follows the typing from then on (docs/decisions/0139).
 */
function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const [left, setLeft] = useState(false);
  const invalid = left && value.trim() !== "" && !emailSchema.safeParse(value.trim()).success;
  return (
    <div className="field">
      <label htmlFor={id}>{t("auth.email")}</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setLeft(true)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        required
      />
      {invalid ? (
        <p id={`${id}-error`} className="field-error" data-testid="email-error">
          {translateMessage(t, AUTH_MESSAGES.invalidEmail)}
        </p>
      ) : null}
    </div>
  );
}

function SignInForm({ onDone, ready }: { onDone: (path: string) => void; ready: boolean }) {
  const { t, lang } = useI18n();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = loginProblem({ email, password });
    // Said once: in the form, as an alert, not again in a toast (docs/decisions/0139).
    if (problem !== null) return setError(problem);
    setPending(true);
    setError(null);
    try {
      const result = await api<{ isNewUser: boolean }>("POST", "/api/auth/login", { email, password });
      toastOnNextPage({ title: t("toast.success"), description: t("auth.loggedIn"), variant: "success" });
      onDone(result.isNewUser ? "/edit-profile" : "/");
    } catch (caught) {
      setError(signInFailure(t, lang, caught));
      setPending(false);
    }
  };

  return (
    <>
    <form id="panel-signin" role="tabpanel" aria-labelledby="tab-signin" className="form" onSubmit={submit} noValidate>
      <EmailField id="signin-email" value={email} onChange={setEmail} />
      <div className="field">
        <label htmlFor="signin-password">{t("auth.password")}</label>
        <input id="signin-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {translateMessage(t, error)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={pending || !ready}>
        {pending ? t("auth.signingIn") : t("auth.signIn")}
      </button>
      <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
        {t("auth.forgotPassword")}
      </button>
    </form>
    <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email} />
    </>
  );
}

function RegisterForm({ onDone, ready, focusFirstField }: { onDone: (path: string) => void; ready: boolean; focusFirstField: boolean }) {
  const t = useT();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touchedConfirm, setTouchedConfirm] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusFirstField) firstField.current?.focus();
  }, []);

  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value }));
  const mismatch = touchedConfirm && values.confirmPassword !== "" && values.password !== values.confirmPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registrationFormProblem({ ...values, captchaToken });
    if (problem !== null) return setError(problem);
    setPending(true);
    setError(null);
    try {
      const { confirmPassword: _confirm, ...body } = values;
      await api("POST", "/api/auth/register", { ...body, captchaToken });
      toastOnNextPage({ title: t("toast.success"), description: t("auth.accountCreated"), variant: "success" });
      onDone("/edit-profile");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("messages.network_error"));
      // A solution is accepted once: a failed attempt needs a fresh captcha.
      setCaptchaToken(null);
      setCaptchaKey((key) => key + 1);
      setPending(false);
    }
  };

  return (
    <form id="panel-register" role="tabpanel" aria-labelledby="tab-register" className="form" onSubmit={submit} noValidate>
      <div className="field-row">
        <div className="field">
          <label htmlFor="register-first-name">{t("auth.firstName")}</label>
          <input ref={firstField} id="register-first-name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} maxLength={60} required />
        </div>
        <div className="field">
          <label htmlFor="register-last-name">{t("auth.lastName")}</label>
          <input id="register-last-name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} maxLength={60} required />
        </div>
      </div>
      <EmailField id="register-email" value={values.email} onChange={(email) => setValues((current) => ({ ...current, email }))} />
      <div className="field">
        <label htmlFor="register-password">{t("auth.password")}</label>
        <input id="register-password" name="password" type="password" autoComplete="new-password" value={values.password} onChange={set("password")} aria-describedby="register-password-hint" required />
        <p id="register-password-hint" className="field-hint">
          {t("auth.passwordHint")}
        </p>
      </div>
      <div className="field">
        <label htmlFor="register-confirm">{t("auth.confirmPassword")}</label>
        <input
          id="register-confirm"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          onBlur={() => setTouchedConfirm(true)}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? "register-confirm-error" : undefined}
          required
        />
        {mismatch ? (
          <p id="register-confirm-error" className="field-error">
            {translateMessage(t, "Passwords do not match")}
          </p>
        ) : null}
      </div>
      <CaptchaField key={captchaKey} onToken={setCaptchaToken} />
      {error ? (
        <p className="form-error" role="alert">
          {translateMessage(t, error)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={pending || !ready || captchaToken === null}>
        {pending ? t("auth.creatingAccount") : t("auth.createAccount")}
      </button>
    </form>
  );
}

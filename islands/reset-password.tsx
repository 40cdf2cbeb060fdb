import { useEffect, useState, type FormEvent } from "react";
import { useT } from "./runtime/i18n-context";
import { api, ApiError } from "./runtime/api";
import { toast } from "./runtime/toast";
import { translateMessage } from "./runtime/messages";
import { LoadingScreen } from "./components/loading-screen";
import { resetFormProblem } from "../src/features/auth/password-reset.schemas";

type State = { kind: "verifying" } | { kind: "invalid" } | { kind: "form"; token: string } | { kind: "success" };

/** /reset-password: Verifying, Invalid, Form and Success (spec points 2 and 4). */
export function ResetPassword() {
  const t = useT();
  const [state, setState] = useState<State>({ kind: "verifying" });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get("token") ?? "";
    // With no token in the address the page goes straight to invalid (spec point 4).
    if (token === "") return setState({ kind: "invalid" });
    // The token leaves the address bar, so it is not kept in history or shown over a shoulder.
    history.replaceState(null, "", window.location.pathname);
    let cancelled = false;
    api<{ valid: boolean; message: string }>("GET", `/api/auth/verify-reset-token/${encodeURIComponent(token)}`)
      .then((result) => {
        if (cancelled) return;
        if (result.valid) setState({ kind: "form", token });
        else {
          toast({ title: t("reset.invalidTitle"), description: translateMessage(t, result.message), variant: "destructive" });
          setState({ kind: "invalid" });
        }
      })
      .catch((caught: unknown) => {
        if (cancelled) return;
        if (caught instanceof ApiError) toast({ title: t("reset.invalidTitle"), description: translateMessage(t, caught.message), variant: "destructive" });
        else toast({ title: t("toast.error"), description: t("reset.verifyFailed"), variant: "destructive" });
        setState({ kind: "invalid" });
      });
    return () => {
      cancelled = true;
    };
  }, [t]);

  if (state.kind === "verifying") return <LoadingScreen label={t("reset.verifying")} />;
  if (state.kind === "invalid")
    return (
      <section className="reset-state" aria-labelledby="reset-heading" data-state="invalid">
        <span className="reset-state-icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
          </svg>
        </span>
        <h1 id="reset-heading" className="auth-title">
          {t("reset.invalidTitle")}
        </h1>
        <p className="muted">{t("reset.invalidText")}</p>
        <a className="button button-primary button-block" href="/auth">
          {t("reset.backToSignIn")}
        </a>
      </section>
    );
  if (state.kind === "success")
    return (
      <section className="reset-state" aria-labelledby="reset-heading" data-state="success">
        <span className="reset-state-icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3" />
          </svg>
        </span>
        <h1 id="reset-heading" className="auth-title">
          {t("reset.successTitle")}
        </h1>
        <p className="muted">{t("reset.successText")}</p>
        <a className="button button-primary button-block" href="/auth">
          {t("reset.signInNow")}
        </a>
      </section>
    );
  return <ResetForm token={state.token} onDone={() => setState({ kind: "success" })} />;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetFormProblem({ newPassword, confirmPassword });
    if (problem !== null) {
      setError(problem);
      toast({ title: t("toast.error"), description: translateMessage(t, problem), variant: "destructive" });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await api<{ message: string }>("POST", "/api/auth/reset-password", { token, newPassword });
      toast({ title: t("toast.success"), description: translateMessage(t, result.message), variant: "success" });
      onDone();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : t("messages.network_error");
      setError(message);
      toast({ title: t("toast.error"), description: translateMessage(t, message), variant: "destructive" });
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-state="form">
      <h1 className="auth-title">{t("reset.formTitle")}</h1>
      <p className="muted">{t("reset.formText")}</p>
      <div className="field">
        <label htmlFor="reset-new">{t("reset.newPassword")}</label>
        <input id="reset-new" name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} required autoFocus />
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">{t("reset.confirmPassword")}</label>
        <input id="reset-confirm" name="confirmPassword" type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} required />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {translateMessage(t, error)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? t("reset.resetting") : t("reset.submit")}
      </button>
      <a className="button button-ghost button-block" href="/auth">
        {t("reset.backToSignIn")}
      </a>
    </form>
  );
}

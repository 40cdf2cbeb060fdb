import { useState, type FormEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { errorText } from "../runtime/messages";
import { toastOnNextPage } from "../runtime/toast";
import { PhoneCodeForm } from "./phone-code-form";
import type { PhoneChannel } from "../../src/features/phone-sign-in/phone-channels";

/**
 * "Continue with phone number" on the sign-in screen (docs/decisions/0136): the code signs in, or
 * makes an account; a new account has no name yet, so it is asked before onboarding.
 */
export function PhoneSignIn({ onDone, onBack, channels }: { onDone: (path: string) => void; onBack: () => void; channels?: PhoneChannel[] }) {
  const t = useT();
  const [naming, setNaming] = useState<{ next: string } | null>(null);

  const prove = async (phone: string, code: string) => {
    const result = await api<{ isNewUser: boolean }>("POST", "/api/auth/phone/verify", { phone, code });
    const next = result.isNewUser ? "/edit-profile" : "/";
    const me = await api<{ firstName: string }>("GET", "/api/auth/user");
    if (me.firstName.trim() === "") return setNaming({ next });
    toastOnNextPage({ title: t("toast.success"), description: t("auth.loggedIn"), variant: "success" });
    onDone(next);
  };

  return (
    <section className="phone-sign-in" aria-labelledby="phone-sign-in-title">
      <h2 id="phone-sign-in-title" className="phone-sign-in-title">
        {naming ? t("phoneSignIn.nameTitle") : t("phoneSignIn.title")}
      </h2>
      {naming ? <NameStep onDone={() => onDone(naming.next)} /> : <PhoneCodeForm idPrefix="phone-sign-in" prove={prove} submitLabel={t("auth.signIn")} channels={channels} />}
      {naming ? null : (
        <button type="button" className="link-button" onClick={onBack}>
          {t("phoneSignIn.back")}
        </button>
      )}
    </section>
  );
}

function NameStep({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (firstName.trim() === "") return setError(t("messages.please_enter_your_first_name"));
    setPending(true);
    setError(null);
    try {
      await api("PATCH", "/api/account/name", { firstName, lastName });
      onDone();
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="phone-first-name">{t("phoneSignIn.firstName")}</label>
        <input id="phone-first-name" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} aria-invalid={error ? true : undefined} required />
      </div>
      <div className="field">
        <label htmlFor="phone-last-name">{t("phoneSignIn.lastName")}</label>
        <input id="phone-last-name" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {t("phoneSignIn.saveName")}
      </button>
    </form>
  );
}

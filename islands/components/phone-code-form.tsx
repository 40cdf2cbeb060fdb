import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api, ApiError } from "../runtime/api";
import { errorText } from "../runtime/messages";
import { indonesianMobileE164 } from "../../src/platform/phone-number";
import { PHONE_CHANNELS, type PhoneChannel } from "../../src/features/phone-sign-in/phone-channels";

/** Seconds before "Resend code" opens again: a code is on its way, and a number has 3 an hour. */
export const RESEND_AFTER_SECONDS = 60;

/**
 * A phone number, then the 6-digit code sent to it (API.md 'Phone sign-in', docs/decisions/0136):
 * the number step with its +62 hint and the channel, the code step with a one-time-code input
 * (phones offer the code from the message), a resend countdown and errors said once, next to the
 * field. `prove` is the call that uses the code: sign-in, or adding the number in Settings.
 */
export function PhoneCodeForm({ idPrefix, prove, submitLabel, channels = [...PHONE_CHANNELS] }: { idPrefix: string; prove: (phone: string, code: string) => Promise<void>; submitLabel: string; channels?: PhoneChannel[] }) {
  const t = useT();
  const [step, setStep] = useState<"number" | "code">("number");
  const [phone, setPhone] = useState("");
  // The server's configured channels (decision 0136); a choice only when there are two.
  const [channel, setChannel] = useState<PhoneChannel>(channels[0] ?? "whatsapp");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const normalised = indonesianMobileE164(phone);
    if (normalised === null) return setError(t("messages.please_enter_a_valid_phone_number"));
    setPending(true);
    setError(null);
    try {
      await api("POST", "/api/auth/phone/start", { phone, channel });
      setStep("code");
      setCode("");
      setWait(RESEND_AFTER_SECONDS);
      setTimeout(() => codeInput.current?.focus(), 0);
    } catch (caught) {
      setError(errorText(t, caught));
      if (caught instanceof ApiError && caught.status === 429) setWait(RESEND_AFTER_SECONDS);
    } finally {
      setPending(false);
    }
  };

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t("phoneSignIn.codeShape"));
    setPending(true);
    setError(null);
    try {
      await prove(phone, code);
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  };

  const errorLine = error ? (
    <p className="form-error" role="alert" id={`${idPrefix}-error`}>
      {error}
    </p>
  ) : null;

  if (step === "number")
    return (
      <form className="form phone-code-form" onSubmit={submitNumber} noValidate>
        <div className="field">
          <label htmlFor={`${idPrefix}-phone`}>{t("phoneSignIn.numberLabel")}</label>
          <input
            id={`${idPrefix}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0812 3456 7890"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-describedby={`${idPrefix}-phone-hint${error ? ` ${idPrefix}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            required
          />
          <p className="field-hint" id={`${idPrefix}-phone-hint`}>
            {t("phoneSignIn.numberHint")}
          </p>
        </div>
        {channels.length > 1 ? (
          <fieldset className="phone-channel">
            <legend>{t("phoneSignIn.channelLabel")}</legend>
            {channels.map((value) => (
              <label key={value} className="phone-channel-option">
                <input type="radio" name={`${idPrefix}-channel`} value={value} checked={channel === value} onChange={() => setChannel(value)} />
                <span>{t(`phoneSignIn.${value}`)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {errorLine}
        <button type="submit" className="button button-primary button-block" disabled={pending || wait > 0}>
          {pending ? t("phoneSignIn.sending") : wait > 0 ? t("phoneSignIn.resendIn", { seconds: wait }) : t("phoneSignIn.sendCode")}
        </button>
      </form>
    );

  return (
    <form className="form phone-code-form" onSubmit={submitCode} noValidate>
      <p className="phone-code-sent" aria-live="polite">
        {t("phoneSignIn.codeSentTo", { phone: indonesianMobileE164(phone) ?? phone })}
      </p>
      <div className="field">
        <label htmlFor={`${idPrefix}-code`}>{t("phoneSignIn.codeLabel")}</label>
        <input
          ref={codeInput}
          id={`${idPrefix}-code`}
          name="code"
          className="phone-code-input"
          type="text"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
          aria-describedby={error ? `${idPrefix}-error` : undefined}
          aria-invalid={error ? true : undefined}
          required
        />
      </div>
      {errorLine}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? t("phoneSignIn.verifying") : submitLabel}
      </button>
      <div className="phone-code-actions">
        <button type="button" className="link-button" disabled={pending || wait > 0} onClick={() => void send()}>
          {wait > 0 ? t("phoneSignIn.resendIn", { seconds: wait }) : t("phoneSignIn.resend")}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep("number");
            setError(null);
          }}
        >
          {t("phoneSignIn.changeNumber")}
        </button>
      </div>
    </form>
  );
}

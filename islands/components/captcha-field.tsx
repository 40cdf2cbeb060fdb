import { useEffect, useRef, useState } from "react";
import { useI18n } from "../runtime/i18n-context";
import { apiUrl } from "../runtime/api";

/**
 * The 'Security Verification' captcha: the self-hosted ALTCHA widget, loaded only when the
 * Register tab opens (it is the largest script of the page). The token is cleared when the
 * solution expires (spec point 4).
 */
export function CaptchaField({ onToken }: { onToken: (token: string | null) => void }) {
  const { t, lang } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let widget: HTMLElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === "verified" && detail.payload) onToken(detail.payload);
      else onToken(null);
    };
    import("altcha")
      .then(() => {
        if (cancelled || host.current === null) return;
        widget = document.createElement("altcha-widget");
        widget.setAttribute("challenge", apiUrl("/api/captcha/challenge"));
        widget.setAttribute("language", lang);
        widget.setAttribute("name", "captchaToken");
        widget.setAttribute(
          "strings",
          JSON.stringify({
            label: t("captcha.label"),
            verified: t("captcha.verified"),
            verifying: t("captcha.verifying"),
            error: t("captcha.error"),
            expired: t("captcha.expired"),
            verificationRequired: t("captcha.required"),
            waitAlert: t("captcha.verifying"),
            footer: "",
          }),
        );
        widget.addEventListener("statechange", onState);
        host.current.replaceChildren(widget);
        setStatus("ready");
      })
      .catch(() => !cancelled && setStatus("failed"));
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
    };
  }, [lang, onToken, t]);

  return (
    <fieldset className="field captcha-field">
      <legend>{t("captcha.title")}</legend>
      <div ref={host} className="captcha-host" data-testid="captcha">
        {status === "loading" ? <p className="muted">{t("common.loading")}</p> : null}
        {status === "failed" ? <p className="field-error">{t("captcha.loadFailed")}</p> : null}
      </div>
    </fieldset>
  );
}

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
        // ALTCHA 3 takes its copy from the global translation store, per language.
        const registry = (globalThis as { $altcha?: { i18n: { get(lang: string): Record<string, string> | undefined; set(lang: string, value: Record<string, string>): void } } }).$altcha;
        registry?.i18n.set(lang, {
          ...(registry.i18n.get(lang) ?? {}),
          label: t("captcha.label"),
          verified: t("captcha.verified"),
          verifying: t("captcha.verifying"),
          loading: t("common.loading"),
          error: t("captcha.error"),
          expired: t("captcha.expired"),
          verificationRequired: t("captcha.required"),
          waitAlert: t("captcha.verifying"),
          verify: t("captcha.verify"),
          reload: t("captcha.reload"),
          footer: "",
        });
        widget = document.createElement("altcha-widget");
        widget.setAttribute("challenge", apiUrl("/api/captcha/challenge"));
        widget.setAttribute("language", lang);
        widget.setAttribute("name", "captchaToken");
        widget.setAttribute("type", "checkbox");
        widget.setAttribute("configuration", JSON.stringify({ hideFooter: true, hideLogo: true }));
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
      <div className="captcha-host" data-testid="captcha">
        {/* The widget lives in an element React renders no children into: React must never try to reconcile it. */}
        <div ref={host} className="captcha-widget" />
        {status === "loading" ? <p className="captcha-status muted">{t("common.loading")}</p> : null}
        {status === "failed" ? <p className="field-error">{t("captcha.loadFailed")}</p> : null}
      </div>
    </fieldset>
  );
}

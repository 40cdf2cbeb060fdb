import { useEffect, useState } from "react";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { useT } from "../runtime/i18n-context";
import { ApiError, isServerFailure } from "../runtime/api";
import { toast } from "../runtime/toast";
import { translateMessage } from "../runtime/messages";

export interface SocialSignInConfig {
  /** Server-side OAuth configured (GOOGLE_CLIENT_ID/SECRET, FACEBOOK_CLIENT_ID/SECRET). */
  google: boolean;
  facebook: boolean;
  /** The admin switched Google sign-in off (the google_auth setting, ADMIN.md): no Google button. */
  googleOff?: boolean;
  /** Hosted identity (FIREBASE_*) configured: the buttons open its popups instead. */
  firebase?: FirebaseWebConfig | null;
}

type Provider = "google" | "facebook";

/**
 * 'Continue with Google' / 'Continue with Facebook'. With the hosted identity service configured
 * the buttons open its popups (the SDK is loaded only then); else a configured provider starts
 * the server-side OAuth flow with a full page navigation (spec point 7); an unconfigured one
 * says so instead of failing.
 */
export function SocialButtons({ config, onSignedIn }: { config: SocialSignInConfig; onSignedIn?: (isNewUser: boolean) => void }) {
  const t = useT();
  const [pending, setPending] = useState<Provider | null>(null);

  // A server-side sign-in that came back with a problem (GET /api/auth/<provider>/callback).
  useEffect(() => {
    const url = new URL(window.location.href);
    const error = url.searchParams.get("signInError");
    const provider = url.searchParams.get("provider") === "facebook" ? "facebook" : "google";
    if (error === null) return;
    url.searchParams.delete("signInError");
    url.searchParams.delete("provider");
    history.replaceState(null, "", url);
    if (error === "not_configured") notConfigured(provider);
    else if (error === "no_email") toast({ title: failedTitle(provider), description: t("social.noEmail", { provider: providerName(provider) }), variant: "destructive" });
    else if (error === "banned") toast({ title: t("toast.error"), description: t("social.banned"), variant: "destructive" });
    else toast({ title: failedTitle(provider), description: failedText(provider), variant: "destructive" });
  }, []);

  // Back from the provider's page through the browser cache: the buttons work again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setPending(null);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  const failedTitle = (provider: Provider) => t(provider === "google" ? "social.googleFailedTitle" : "social.facebookFailedTitle");
  const failedText = (provider: Provider) => t(provider === "google" ? "social.googleFailed" : "social.facebookFailed");
  const notConfigured = (provider: Provider) =>
    toast({ title: t("auth.providerNotConfiguredTitle", { provider: providerName(provider) }), description: t("auth.providerNotConfigured", { provider: providerName(provider) }) });

  const start = async (provider: Provider) => {
    if (config.firebase) {
      setPending(provider);
      try {
        const { signInWithFirebasePopup } = await import("../runtime/firebase-sign-in");
        const result = await signInWithFirebasePopup(config.firebase, provider);
        onSignedIn?.(result.isNewUser);
      } catch (caught) {
        // Our server's 4xx is an answer the toast shows, not an error (docs/decisions/0139).
        if (!(caught instanceof ApiError) || isServerFailure(caught.status)) console.error(`${provider} sign-in failed`, caught);
        // Our server's refusal is worth showing as it is; a popup problem gets the spec's text.
        const description = caught instanceof ApiError ? translateMessage(t, caught.message) : failedText(provider);
        toast({ title: failedTitle(provider), description, variant: "destructive" });
        setPending(null);
      }
      return;
    }
    // Only configured providers have a button (shownProviders).
    setPending(provider);
    window.location.assign(`/api/auth/${provider}`);
  };

  const { google, facebook } = shownProviders(config);
  if (!google && !facebook) return null;
  return (
    <div className="social-buttons">
      {!google ? null : (
        <button type="button" className="button button-outline button-block" onClick={() => void start("google")} disabled={pending !== null} aria-busy={pending === "google"} data-provider="google">
          <GoogleMark />
          {t("auth.continueWithGoogle")}
        </button>
      )}
      {!facebook ? null : (
        <button type="button" className="button button-outline button-block" onClick={() => void start("facebook")} disabled={pending !== null} aria-busy={pending === "facebook"} data-provider="facebook">
          <FacebookMark />
          {t("auth.continueWithFacebook")}
        </button>
      )}
    </div>
  );
}
/**
 * A button only for a provider that can sign people in: configured server-side or through the
 * hosted identity service, and for Google, not switched off by the admin (docs/decisions/0094).
 */
export function shownProviders(config: SocialSignInConfig): { google: boolean; facebook: boolean } {
  const hosted = Boolean(config.firebase);
  return { google: (config.google || hosted) && !config.googleOff, facebook: config.facebook || hosted };
}

export function providerName(provider: "google" | "facebook") {
  return provider === "google" ? "Google" : "Facebook";
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#1877F2" d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07" />
    </svg>
  );
}

import { useState } from "react";
import { useT } from "../runtime/i18n-context";
import { toast } from "../runtime/toast";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { signInHosted, useHostedAuth } from "./hosted-auth";

export interface OAuthTestButtonsProps {
  /** Server-side OAuth configured per provider. */
  ready: { google: boolean; facebook: boolean };
}

/**
 * The dashboard's OAuth test buttons (spec point 4): disabled and 'Testing...' while a test runs;
 * the page navigates to the server-side flow, so the button stays in that state.
 */
export function OAuthTestButtons({ ready }: OAuthTestButtonsProps) {
  const t = useT();
  const [testing, setTesting] = useState<"google" | "facebook" | null>(null);
  const start = (provider: "google" | "facebook") => {
    const name = provider === "google" ? "Google" : "Facebook";
    if (!ready[provider]) {
      toast({ title: t("devtools.dashboard.notConfiguredTitle", { provider: name }), description: t("devtools.dashboard.notConfigured", { provider: name }) });
      return;
    }
    setTesting(provider);
    window.location.assign(`/api/auth/${provider}`);
  };
  return (
    <div className="devtools-button-stack">
      {(["google", "facebook"] as const).map((provider) => (
        <button key={provider} type="button" className="button button-outline button-block" disabled={testing !== null} onClick={() => start(provider)} data-provider={provider}>
          {testing === provider ? t("devtools.dashboard.testing") : provider === "google" ? t("devtools.dashboard.testGoogle") : t("devtools.dashboard.testFacebook")}
        </button>
      ))}
    </div>
  );
}

export interface HostedIdentityTestProps {
  firebase: FirebaseWebConfig | null;
}

/** The dashboard's hosted-identity test: a Facebook popup through Firebase, with the toasts of spec point 8. */
export function HostedIdentityTest({ firebase }: HostedIdentityTestProps) {
  const t = useT();
  const hosted = useHostedAuth(firebase);
  const [testing, setTesting] = useState(false);
  const run = async () => {
    if (!hosted.configured) {
      toast({ title: t("devtools.hosted.notConfiguredTitle"), description: t("devtools.hosted.notConfigured") });
      return;
    }
    setTesting(true);
    try {
      const user = await signInHosted("facebook");
      toast({ title: t("devtools.dashboard.facebookSuccess"), description: t("devtools.dashboard.signedInAs", { name: user.displayName ?? user.email ?? user.uid }), variant: "success" });
    } catch (error) {
      console.error("Facebook login test failed", error);
      const message = error instanceof Error && error.message !== "" ? error.message : t("devtools.dashboard.testCompleted");
      toast({ title: t("devtools.dashboard.facebookTest"), description: message, variant: "destructive" });
    }
    setTesting(false);
  };
  return (
    <div className="devtools-hosted-test">
      <button type="button" className="button button-primary button-block" onClick={run} disabled={testing || hosted.status === "loading"}>
        {testing ? t("devtools.dashboard.testing") : t("devtools.dashboard.testHostedFacebook")}
      </button>
      {hosted.configured ? null : <p className="devtools-note">{t("devtools.hosted.notConfigured")}</p>}
    </div>
  );
}

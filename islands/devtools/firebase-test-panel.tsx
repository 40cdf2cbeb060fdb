import { useI18n } from "../runtime/i18n-context";
import { toast } from "../runtime/toast";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { copyText } from "../components/copy-button";
import { signInHosted, signOutHosted, useHostedAuth, type HostedProvider, type HostedUser } from "./hosted-auth";

export interface FirebaseTestPanelProps {
  firebase: FirebaseWebConfig | null;
}

const providerLabel = (provider: HostedProvider) => (provider === "google" ? "Google" : "Facebook");

/** The first letter of the name or email, else U (spec point 2). */
export function avatarInitial(user: Pick<HostedUser, "displayName" | "email">): string {
  const source = user.displayName?.trim() || user.email?.trim() || "";
  return source === "" ? "U" : source.charAt(0).toUpperCase();
}

/** Runs a hosted sign-in with the toasts of spec point 8; shared by the test page and the dashboard. */
export function useHostedActions() {
  const { t } = useI18n();
  const signIn = async (provider: HostedProvider) => {
    try {
      const user = await signInHosted(provider);
      toast({ title: t("devtools.hosted.welcome", { name: user.displayName ?? user.email ?? "" }).trim(), variant: "success" });
    } catch (error) {
      console.error(`${providerLabel(provider)} sign-in failed`, error);
      const message = error instanceof Error && error.message !== "" ? error.message : t("devtools.hosted.signInFallback", { provider: providerLabel(provider) });
      toast({ title: t("devtools.hosted.signInFailed"), description: message, variant: "destructive" });
    }
  };
  const signOut = async () => {
    try {
      await signOutHosted();
      toast({ title: t("devtools.hosted.signedOut"), description: t("devtools.hosted.signedOutBody") });
    } catch (error) {
      console.error("Sign-out failed", error);
      toast({ title: t("devtools.hosted.signOutFailed"), description: error instanceof Error && error.message !== "" ? error.message : t("devtools.hosted.signOutFallback"), variant: "destructive" });
    }
  };
  const explainUnconfigured = () =>
    toast({ title: t("devtools.hosted.notConfiguredTitle"), description: t("devtools.hosted.notConfigured") });
  return { signIn, signOut, explainUnconfigured };
}

/** /firebase-test: loading, error, signed out and signed in states of the hosted sign-in (spec point 2). */
export function FirebaseTestPanel({ firebase }: FirebaseTestPanelProps) {
  const { t, lang } = useI18n();
  const auth = useHostedAuth(firebase);
  const { signIn, signOut, explainUnconfigured } = useHostedActions();

  if (auth.status === "loading") {
    return (
      <div className="devtools-state" role="status" aria-live="polite">
        <span className="devtools-spinner" aria-hidden="true" />
        <p>{t("devtools.firebaseTest.loading")}</p>
      </div>
    );
  }

  if (auth.error !== null) {
    return (
      <div className="devtools-error" role="alert">
        <h3>{t("devtools.firebaseTest.errorTitle")}</h3>
        <p>{auth.error}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t("devtools.firebaseTest.retry")}
        </button>
      </div>
    );
  }

  if (auth.status === "signedIn" && auth.user !== null) {
    const user = auth.user;
    const formatTime = (value: string | null) => (value === null ? "—" : new Date(value).toLocaleString(lang === "id" ? "id-ID" : "en-GB"));
    const copyUserData = async () => {
      if (await copyText(JSON.stringify(user, null, 2))) toast({ title: t("common.copy.copiedBang"), description: t("devtools.firebaseTest.userDataCopied"), variant: "success" });
      else toast({ title: t("common.copy.failedTitle"), description: t("common.copy.failed"), variant: "destructive" });
    };
    return (
      <div className="devtools-user">
        <div className="devtools-user-head">
          {user.photoURL ? (
            <img className="devtools-avatar" src={user.photoURL} alt="" width={64} height={64} referrerPolicy="no-referrer" />
          ) : (
            <span className="devtools-avatar devtools-avatar-initial" aria-hidden="true">
              {avatarInitial(user)}
            </span>
          )}
          <div className="devtools-user-names">
            <p className="devtools-user-name">{user.displayName ?? t("devtools.firebaseTest.noName")}</p>
            <p className="muted">{user.email ?? "—"}</p>
            <span className={`badge ${user.emailVerified ? "badge-success" : "badge-warning"}`}>
              {user.emailVerified ? t("devtools.firebaseTest.verified") : t("devtools.firebaseTest.unverified")}
            </span>
          </div>
        </div>
        <dl className="devtools-facts">
          <div>
            <dt>{t("devtools.firebaseTest.uid")}</dt>
            <dd className="mono">{user.uid}</dd>
          </div>
          <div>
            <dt>{t("devtools.firebaseTest.providerUid")}</dt>
            <dd className="mono">{user.providerUid ?? "—"}</dd>
          </div>
          <div>
            <dt>{t("devtools.firebaseTest.created")}</dt>
            <dd>{formatTime(user.metadata.creationTime)}</dd>
          </div>
          <div>
            <dt>{t("devtools.firebaseTest.lastSignIn")}</dt>
            <dd>{formatTime(user.metadata.lastSignInTime)}</dd>
          </div>
        </dl>
        <div className="devtools-button-row">
          <button type="button" className="button button-outline" onClick={copyUserData}>
            {t("devtools.firebaseTest.copyUserData")}
          </button>
          <button type="button" className="button button-primary" onClick={signOut}>
            {t("devtools.firebaseTest.signOut")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="devtools-signed-out">
      <p className="muted">{t("devtools.firebaseTest.signedOutLead")}</p>
      <div className="devtools-button-stack">
        {(["google", "facebook"] as const).map((provider) => (
          <button
            key={provider}
            type="button"
            className="button button-outline button-block"
            data-provider={provider}
            aria-describedby={auth.configured ? undefined : "firebase-not-configured"}
            onClick={() => (auth.configured ? signIn(provider) : explainUnconfigured())}
          >
            {provider === "google" ? t("devtools.firebaseTest.signInGoogle") : t("devtools.firebaseTest.signInFacebook")}
          </button>
        ))}
      </div>
      {auth.configured ? null : (
        <p id="firebase-not-configured" className="devtools-note">
          {t("devtools.hosted.notConfigured")}
        </p>
      )}
    </div>
  );
}

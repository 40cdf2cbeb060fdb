import { useEffect, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api, query } from "../runtime/api";
import type { FirebaseWebConfig } from "../../src/features/auth/firebase-client-config";
import { hostedIdToken, useHostedAuth } from "./hosted-auth";
import { useHostedActions } from "./firebase-test-panel";

export interface IntegrationPanelProps {
  firebase: FirebaseWebConfig | null;
}

/** The older session user of the test pages (spec point 3): id, name, email. */
interface SessionUserSummary {
  id: string;
  name: string;
  email: string;
}

type SessionState = { status: "loading" } | { status: "signedIn"; user: SessionUserSummary } | { status: "signedOut" };
type TestResult = "idle" | "testing" | "success" | "no-firebase-user" | "error";

/**
 * 'Authentication System Integration' (spec point 2): the older session login next to the
 * hosted login, a test that hands the hosted ID token to the server for verification, and
 * quick actions for both systems.
 */
export function IntegrationPanel({ firebase }: IntegrationPanelProps) {
  const t = useT();
  const hosted = useHostedAuth(firebase);
  const { signIn, signOut, explainUnconfigured } = useHostedActions();
  const [session, setSession] = useState<SessionState>({ status: "loading" });
  const [result, setResult] = useState<TestResult>("idle");
  const [loggingOut, setLoggingOut] = useState(false);

  const loadSession = async () => {
    try {
      const user = await query<{ id: string; firstName: string | null; lastName: string | null; email: string }>("/api/auth/user");
      setSession(user === null ? { status: "signedOut" } : { status: "signedIn", user: { id: user.id, name: [user.firstName, user.lastName].filter(Boolean).join(" "), email: user.email } });
    } catch (error) {
      console.error("Could not load the session user", error);
      setSession({ status: "signedOut" });
    }
  };
  useEffect(() => {
    void loadSession();
  }, []);

  const testIntegration = async () => {
    setResult("testing");
    try {
      const token = await hostedIdToken();
      if (token === null || hosted.user === null) {
        setResult("no-firebase-user");
        return;
      }
      const user = hosted.user;
      const provider = user.providerId === "facebook.com" ? "facebook" : "google";
      const login = await api<{ isNewUser: boolean }>("POST", "/api/auth/firebase-login", { idToken: token, uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL, provider });
      console.info("Hosted token accepted by the server", login);
      await loadSession();
      const sessionUser = await query<{ id: string }>("/api/auth/user");
      setResult(sessionUser === null ? "error" : "success");
    } catch (error) {
      console.error("Integration test failed", error);
      setResult("error");
    }
  };

  const resultText: Record<Exclude<TestResult, "idle" | "testing">, string> = {
    success: t("devtools.integration.success"),
    "no-firebase-user": t("devtools.integration.noFirebaseUser"),
    error: t("devtools.integration.error"),
  };

  return (
    <div className="devtools-integration">
      <div className="devtools-compare">
        <section className="devtools-system" aria-labelledby="system-session">
          <h3 id="system-session">{t("devtools.integration.sessionTitle")}</h3>
          {session.status === "loading" ? (
            <p className="muted">{t("devtools.integration.loading")}</p>
          ) : (
            <StatusLine signedIn={session.status === "signedIn"} />
          )}
          {session.status === "signedIn" ? (
            <dl className="devtools-facts devtools-facts-compact">
              <Fact label={t("devtools.integration.name")} value={session.user.name || "—"} />
              <Fact label={t("devtools.integration.email")} value={session.user.email} />
              <Fact label={t("devtools.integration.id")} value={session.user.id} mono />
            </dl>
          ) : null}
        </section>
        <section className="devtools-system" aria-labelledby="system-hosted">
          <h3 id="system-hosted">{t("devtools.integration.hostedTitle")}</h3>
          {hosted.status === "loading" ? <p className="muted">{t("devtools.integration.loading")}</p> : <StatusLine signedIn={hosted.status === "signedIn"} />}
          {hosted.status === "signedIn" && hosted.user !== null ? (
            <dl className="devtools-facts devtools-facts-compact">
              <Fact label={t("devtools.integration.displayName")} value={hosted.user.displayName ?? t("devtools.firebaseTest.noName")} />
              <Fact label={t("devtools.integration.email")} value={hosted.user.email ?? "—"} />
              <Fact label={t("devtools.integration.uid")} value={hosted.user.uid} mono />
            </dl>
          ) : null}
        </section>
      </div>

      <div className="devtools-test-row">
        <button type="button" className="button button-primary" onClick={testIntegration} disabled={result === "testing"}>
          {result === "testing" ? t("devtools.integration.testing") : t("devtools.integration.test")}
        </button>
        {result === "idle" || result === "testing" ? null : (
          <p className={`devtools-result devtools-result-${result === "success" ? "ok" : "bad"}`} role="status" data-result={result}>
            {resultText[result]}
          </p>
        )}
      </div>

      <h3 className="devtools-subheading">{t("devtools.integration.quickActions")}</h3>
      <div className="devtools-button-row">
        <button type="button" className="button button-outline" onClick={() => (hosted.configured ? signIn("google") : explainUnconfigured())} disabled={hosted.status === "loading"}>
          {t("devtools.integration.signInFirebase")}
        </button>
        <button type="button" className="button button-outline" onClick={() => (hosted.configured ? signOut() : explainUnconfigured())} disabled={hosted.status !== "signedIn"}>
          {t("devtools.integration.signOutFirebase")}
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={loggingOut || session.status !== "signedIn"}
          onClick={() => {
            setLoggingOut(true);
            window.location.assign("/api/logout");
          }}
        >
          {loggingOut ? t("devtools.integration.signingOut") : t("devtools.integration.signOutExisting")}
        </button>
      </div>
    </div>
  );
}

function StatusLine({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return <span className={`badge ${signedIn ? "badge-success" : "badge-muted"}`}>{signedIn ? t("devtools.integration.signedIn") : t("devtools.integration.notSignedIn")}</span>;
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono ? "mono" : undefined}>{value}</dd>
    </div>
  );
}

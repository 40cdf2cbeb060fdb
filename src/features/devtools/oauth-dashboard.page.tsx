import { useT } from "../../../islands/runtime/i18n-context";
import { HostedIdentityTest, OAuthTestButtons } from "../../../islands/devtools/oauth-test-buttons";
import { Island } from "../../views/island";
import { FACEBOOK_APP_ICON_PX } from "../../platform/constants";
import { Bullets, ConfigRow, CopyValue, DevtoolsLayout, ExternalLink, FirebaseConfigRows, OAuthCredentialRows, Section, Steps, useList } from "./devtools.components";
import { FACEBOOK_DEVELOPERS_URL, FIREBASE_CONSOLE_URL, GOOGLE_CONSOLE_URL, PLAY_CONSOLE_URL } from "./provider-consoles";
import type { FirebaseWebConfig } from "../auth/firebase-client-config";
import type { SetupStatus } from "./setup-status";

export interface DashboardFacts {
  /** "smtp" when SMTP_URL is set, else mails go to the outbox folder. */
  mailTransport: "smtp" | "outbox";
  tokenSyncConfigured: boolean;
}

/** The 'OAuth Testing Dashboard' (spec point 2, route chosen in docs/decisions/0040). */
export function OAuthDashboardPage({ status, firebase, facts }: { status: SetupStatus; firebase: FirebaseWebConfig | null; facts: DashboardFacts }) {
  const t = useT();
  const list = useList();
  const packageName = status.android.packageName ?? "<ANDROID_PACKAGE_NAME>";
  return (
    <DevtoolsLayout title={t("devtools.dashboard.title")} lead={t("devtools.dashboard.lead")} back={{ href: "/auth", label: t("devtools.backToSignIn") }}>
      <div className="devtools-grid">
        <Section id="oauth-tests" title={t("devtools.dashboard.oauthTitle")} lead={t("devtools.dashboard.oauthLead")}>
          <Island name="oauth-test-buttons" component={OAuthTestButtons} props={{ ready: { google: status.oauth.google.ready, facebook: status.oauth.facebook.ready } }} />
        </Section>
        <Section id="hosted-test" title={t("devtools.dashboard.hostedTitle")} lead={t("devtools.dashboard.hostedLead")}>
          <Island name="hosted-identity-test" component={HostedIdentityTest} props={{ firebase }} />
          <p className="devtools-note">
            <a href="/firebase-test">{t("devtools.dashboard.fullTestPage")}</a>
          </p>
        </Section>
      </div>

      <Section id="requirements" title={t("devtools.dashboard.requirementsTitle")} lead={t("devtools.dashboard.requirementsLead")}>
        <div className="devtools-copy-list">
          <CopyValue label={t("devtools.dashboard.privacyUrl")} value={`${status.appOrigin}/privacy-policy`} />
          <CopyValue label={t("devtools.dashboard.deletionUrl")} value={`${status.appOrigin}/data-deletion`} />
          <CopyValue label={t("devtools.dashboard.appDomain")} value={new URL(status.appOrigin).hostname} />
        </div>
        <Bullets
          items={[
            <>
              {t("devtools.facebook.factIcon", { size: FACEBOOK_APP_ICON_PX })} <a href="/create-facebook-icon.html">{t("devtools.facebook.iconGenerator")}</a>
            </>,
            t("devtools.facebook.factCategory"),
            <>
              {t("devtools.dashboard.policyPages")} <a href="/privacy-policy">{t("legal.privacy.link")}</a> · <a href="/data-deletion">{t("legal.deletion.link")}</a>
            </>,
          ]}
        />
      </Section>

      <Section id="auth-setup" title={t("devtools.dashboard.authSetupTitle")}>
        <div className="devtools-two">
          <div>
            <h3 className="devtools-subheading">Google</h3>
            <Steps items={list("devtools.dashboard.googleSteps")} />
            <CopyValue label={t("devtools.googleSetup.googleRedirect")} value={status.redirectUris.google} />
            <ExternalLink href={GOOGLE_CONSOLE_URL}>{t("devtools.googleSetup.openConsole")}</ExternalLink>
          </div>
          <div>
            <h3 className="devtools-subheading">Facebook</h3>
            <Steps items={list("devtools.dashboard.facebookSteps")} />
            <CopyValue label={t("devtools.googleSetup.facebookRedirect")} value={status.redirectUris.facebook} />
            <ExternalLink href={FACEBOOK_DEVELOPERS_URL}>{t("devtools.facebook.openConsole")}</ExternalLink>
          </div>
        </div>
      </Section>

      <div className="devtools-grid">
        <Section id="integration-status" title={t("devtools.dashboard.statusTitle")}>
          <dl className="devtools-config" data-testid="integration-status">
            <ConfigRow label={t("devtools.dashboard.serverGoogle")}>
              <ReadyBadge ready={status.oauth.google.ready} />
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.serverFacebook")}>
              <ReadyBadge ready={status.oauth.facebook.ready} />
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.hostedWeb")}>
              <ReadyBadge ready={status.firebase.configured} />
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.hostedAndroid")}>
              <ReadyBadge ready={status.android.configured} />
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.tokenSync")} env="FIREBASE_TOKEN_SYNC_URL">
              <ReadyBadge ready={facts.tokenSyncConfigured} optional />
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.mail")}>
              <span className="badge badge-success">{facts.mailTransport === "smtp" ? t("devtools.dashboard.mailSmtp") : t("devtools.dashboard.mailOutbox")}</span>
            </ConfigRow>
            <ConfigRow label={t("devtools.dashboard.adminBootstrap")} env="ADMIN_BOOTSTRAP_SECRET">
              {status.adminBootstrapEnabled ? <span className="badge badge-warning">{t("devtools.status.enabled")}</span> : <span className="badge badge-muted">{t("devtools.status.disabled")}</span>}
            </ConfigRow>
          </dl>
        </Section>

        <Section id="credentials" title={t("devtools.dashboard.credentialsTitle")} lead={t("devtools.dashboard.credentialsLead")}>
          <dl className="devtools-config" data-testid="credentials">
            <OAuthCredentialRows status={status} />
            <FirebaseConfigRows status={status} />
          </dl>
          <p className="devtools-note">{t("devtools.dashboard.testUsers")}</p>
        </Section>
      </div>

      <Section id="key-hash" title={t("devtools.dashboard.keyHashTitle")} lead={t("devtools.dashboard.keyHashLead")}>
        <h3 className="devtools-subheading">{t("devtools.dashboard.keyHashSha")}</h3>
        <pre className="devtools-pre">
          <code>{`keytool -list -v -alias kasih -keystore kasih-release.jks`}</code>
        </pre>
        <h3 className="devtools-subheading">{t("devtools.dashboard.keyHashFacebook")}</h3>
        <pre className="devtools-pre">
          <code>{`keytool -exportcert -alias kasih -keystore kasih-release.jks \\\n  | openssl sha1 -binary | openssl base64`}</code>
        </pre>
        <Bullets items={list("devtools.dashboard.keyHashNotes")} />
      </Section>

      <Section id="play-store" title={t("devtools.dashboard.playTitle")}>
        <Steps items={list("devtools.dashboard.playSteps").map((step) => step.replace("{{package}}", packageName))} />
        <ExternalLink href={PLAY_CONSOLE_URL}>{t("devtools.dashboard.openPlayConsole")}</ExternalLink>
      </Section>

      <Section id="production-migration" title={t("devtools.dashboard.migrationTitle")} lead={t("devtools.dashboard.migrationLead")}>
        <Steps items={list("devtools.dashboard.migrationSteps")} />
        <ExternalLink href={FIREBASE_CONSOLE_URL}>{t("devtools.webSetup.openConsole")}</ExternalLink>
      </Section>

      <Section id="refused" title={t("devtools.dashboard.refusedTitle")} lead={t("devtools.dashboard.refusedLead")} tone="warning">
        <ul className="devtools-tiles">
          {(["redirect", "domains", "consent", "https"] as const).map((id) => (
            <li key={id} className="devtools-tile">
              <h4>{t(`devtools.dashboard.refused.${id}.title`)}</h4>
              <p>{t(`devtools.dashboard.refused.${id}.body`, { origin: status.appOrigin })}</p>
            </li>
          ))}
        </ul>
      </Section>
    </DevtoolsLayout>
  );
}

function ReadyBadge({ ready, optional }: { ready: boolean; optional?: boolean }) {
  const t = useT();
  if (ready) return <span className="badge badge-success">{t("devtools.status.configured")}</span>;
  return optional ? <span className="badge badge-muted">{t("devtools.status.notSet")}</span> : <span className="badge badge-danger">{t("devtools.status.missing")}</span>;
}

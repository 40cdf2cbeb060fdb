import { useT } from "../../../islands/runtime/i18n-context";
import { AdminAccess, type AdminAccessProps } from "../../../islands/devtools/admin-access";
import { Island } from "../../views/island";
import { CopyValue, DevtoolsLayout, ExternalLink, OAuthCredentialRows, Section, Steps, useList } from "./devtools.components";
import { GOOGLE_CONSOLE_URL } from "./provider-consoles";
import type { SetupStatus } from "./setup-status";

/** /google-setup: what the operator pastes into the provider console, and the buttons of spec point 2. */
export function GoogleSetupPage({ status, signedIn, adminState }: { status: SetupStatus; signedIn: boolean; adminState: AdminAccessProps["state"] }) {
  const t = useT();
  const list = useList();
  return (
    <DevtoolsLayout title={t("devtools.googleSetup.title")} lead={t("devtools.googleSetup.lead")} back={{ href: "/", label: t("devtools.backHome") }}>
      <div className="devtools-grid">
        <Section id="addresses" title={t("devtools.googleSetup.addressesTitle")} lead={t("devtools.googleSetup.addressesLead")}>
          <div className="devtools-copy-list">
            <CopyValue label={t("devtools.googleSetup.origin")} value={status.appOrigin} testId="copy-origin" />
            <CopyValue label={t("devtools.googleSetup.googleRedirect")} value={status.redirectUris.google} testId="copy-google-redirect" />
            <CopyValue label={t("devtools.googleSetup.facebookRedirect")} value={status.redirectUris.facebook} testId="copy-facebook-redirect" />
          </div>
          {status.appOrigin.startsWith("http://") && !/^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(status.appOrigin) ? (
            <p className="devtools-note devtools-note-warning">{t("devtools.googleSetup.httpsWarning")}</p>
          ) : null}
        </Section>

        <Section id="status" title={t("devtools.googleSetup.statusTitle")}>
          <dl className="devtools-config">
            <OAuthCredentialRows status={status} />
          </dl>
        </Section>

        <Section id="steps" title={t("devtools.googleSetup.stepsTitle")}>
          <Steps items={list("devtools.googleSetup.steps")} />
        </Section>

        <Section id="actions" title={t("devtools.googleSetup.actionsTitle")}>
          <div className="devtools-button-stack">
            <ExternalLink href={GOOGLE_CONSOLE_URL} className="button button-primary button-block">
              {t("devtools.googleSetup.openConsole")}
            </ExternalLink>
            <a href="/api/auth/google" className="button button-outline button-block" data-testid="test-google-login">
              {t("devtools.googleSetup.testLogin")}
            </a>
            {status.oauth.google.ready ? null : <p className="field-hint">{t("devtools.googleSetup.testLoginNotReady")}</p>}
            <Island name="admin-access" component={AdminAccess} props={{ state: adminState, signedIn }} />
            <a href="/" className="button button-ghost button-block">
              {t("devtools.backHome")}
            </a>
          </div>
          <p className="devtools-phone-link">
            {t("devtools.googleSetup.phonePrompt")} <a href="/auth">{t("devtools.googleSetup.phoneLink")}</a>
          </p>
        </Section>
      </div>
    </DevtoolsLayout>
  );
}

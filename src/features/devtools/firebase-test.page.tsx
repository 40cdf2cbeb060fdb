import type { ReactNode } from "react";
import { useT } from "../../../islands/runtime/i18n-context";
import { FirebaseTestPanel } from "../../../islands/devtools/firebase-test-panel";
import { IntegrationPanel } from "../../../islands/devtools/integration-panel";
import { GlobeIcon } from "../../../islands/components/icons";
import { Island } from "../../views/island";
import { ANDROID_KEYSTORE_VALID_UNTIL_YEAR, FACEBOOK_APP_ICON_PX } from "../../platform/constants";
import { Bullets, ConfigRow, ConfigStatus, CopyValue, DevtoolsLayout, ExternalLink, FirebaseConfigRows, SecretStatus, Section, Steps, useList } from "./devtools.components";
import { FACEBOOK_DEVELOPERS_URL, FIREBASE_CONSOLE_URL } from "./provider-consoles";
import type { FirebaseWebConfig } from "../auth/firebase-client-config";
import type { SetupStatus } from "./setup-status";

/**
 * /firebase-test: the hosted sign-in test of spec point 2 with, on the same page, the web setup
 * guide, the integration panel, the mobile configuration, the migration progress and the
 * second-provider guide. Every status is derived from the server's configuration.
 */
export function FirebaseTestPage({ status, firebase }: { status: SetupStatus; firebase: FirebaseWebConfig | null }) {
  const t = useT();
  const contents = [
    ["hosted-test", t("devtools.firebaseTest.title")],
    ["web-setup", t("devtools.webSetup.title")],
    ["integration", t("devtools.integration.title")],
    ["mobile", t("devtools.mobile.title")],
    ["migration", t("devtools.migration.title")],
    ["facebook", t("devtools.facebook.title")],
  ] as const;
  return (
    <DevtoolsLayout title={t("devtools.firebaseTest.pageTitle")} lead={t("devtools.firebaseTest.lead")} back={{ href: "/auth", label: t("devtools.backToSignIn") }}>
      <nav className="devtools-toc" aria-label={t("devtools.contents")}>
        {contents.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
        <a href="/oauth-dashboard">{t("devtools.dashboard.title")}</a>
      </nav>
      <div className="devtools-grid">
        <Section id="hosted-test" title={t("devtools.firebaseTest.title")}>
          <Island name="firebase-test-panel" component={FirebaseTestPanel} props={{ firebase }} />
        </Section>
        <Section id="config-status" title={t("devtools.firebaseTest.configTitle")} lead={t("devtools.firebaseTest.configLead")}>
          <dl className="devtools-config" data-testid="firebase-config">
            <FirebaseConfigRows status={status} />
          </dl>
        </Section>
      </div>
      <WebSetupGuide status={status} />
      <Section id="integration" title={t("devtools.integration.title")} lead={t("devtools.integration.lead")}>
        <Island name="integration-panel" component={IntegrationPanel} props={{ firebase }} />
        <Scenarios />
      </Section>
      <MobileConfigPanel status={status} />
      <MigrationPanel status={status} />
      <FacebookGuide status={status} />
    </DevtoolsLayout>
  );
}

function WebSetupGuide({ status }: { status: SetupStatus }) {
  const t = useT();
  const list = useList();
  const complete = status.firebase.configured;
  return (
    <Section id="web-setup" title={t("devtools.webSetup.title")} tone={complete ? "success" : undefined}>
      <p className={`devtools-banner ${complete ? "devtools-banner-ok" : "devtools-banner-pending"}`}>
        <strong>{complete ? t("devtools.webSetup.complete") : t("devtools.webSetup.incomplete")}</strong>
        <span>{complete ? t("devtools.webSetup.completeBody") : t("devtools.webSetup.incompleteBody")}</span>
      </p>
      <Steps items={list("devtools.webSetup.steps")} />
      <ExternalLink href={FIREBASE_CONSOLE_URL} className="button button-outline">
        {t("devtools.webSetup.openConsole")}
      </ExternalLink>
    </Section>
  );
}

function Scenarios() {
  const t = useT();
  const scenarios = ["parallel", "migration", "hybrid"] as const;
  return (
    <>
      <h3 className="devtools-subheading">{t("devtools.integration.scenariosTitle")}</h3>
      <ul className="devtools-tiles">
        {scenarios.map((id) => (
          <li key={id} className="devtools-tile">
            <h4>{t(`devtools.integration.scenarios.${id}.title`)}</h4>
            <p>{t(`devtools.integration.scenarios.${id}.body`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function MobileConfigPanel({ status }: { status: SetupStatus }) {
  const t = useT();
  const list = useList();
  const android = status.android;
  const checklist = [
    { label: t("devtools.mobile.checklist.project"), done: status.firebase.projectId.configured },
    { label: t("devtools.mobile.checklist.androidApp"), done: android.firebaseAppId !== null },
    { label: t("devtools.mobile.checklist.package"), done: android.packageName !== null },
    { label: t("devtools.mobile.checklist.fingerprint"), done: android.sha256Fingerprint !== null },
    { label: t("devtools.mobile.checklist.oauthClient"), done: android.oauthClientId !== null },
  ];
  const items = [
    { key: "clientId", value: android.oauthClientId, env: "ANDROID_OAUTH_CLIENT_ID" },
    { key: "packageName", value: android.packageName, env: "ANDROID_PACKAGE_NAME" },
    { key: "fingerprint", value: android.sha256Fingerprint, env: "ANDROID_SHA256_FINGERPRINT" },
    { key: "appId", value: android.firebaseAppId, env: "FIREBASE_ANDROID_APP_ID" },
  ] as const;
  return (
    <Section id="mobile" title={t("devtools.mobile.title")} lead={t("devtools.mobile.lead")}>
      <div className="devtools-copy-list devtools-copy-grid" data-testid="mobile-config">
        {items.map((item) => (
          <div key={item.key}>
            <CopyValue label={t(`devtools.mobile.${item.key}`)} value={item.value} item={t(`devtools.mobile.${item.key}`)} copiedBang />
            {item.value === null ? <code className="devtools-env devtools-env-block">{item.env}</code> : null}
          </div>
        ))}
      </div>
      <div className="devtools-two">
        <div>
          <h3 className="devtools-subheading">{t("devtools.mobile.checklistTitle")}</h3>
          <ul className="devtools-checklist">
            {checklist.map((entry) => (
              <li key={entry.label} data-done={entry.done}>
                <span className="devtools-check" aria-hidden="true">
                  {entry.done ? "✓" : ""}
                </span>
                <span>{entry.label}</span>
                <span className="visually-hidden">{entry.done ? t("devtools.status.complete") : t("devtools.status.pending")}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="devtools-subheading">{t("devtools.mobile.flowTitle")}</h3>
          <Steps items={list("devtools.mobile.flow")} />
        </div>
      </div>
    </Section>
  );
}

function MigrationPanel({ status }: { status: SetupStatus }) {
  const t = useT();
  const list = useList();
  const icons = { project: <FolderGlyph />, web: <GlobeIcon size={20} />, mobile: <PhoneGlyph />, production: <RocketGlyph /> } as const;
  const done = status.migrationSteps.filter((step) => step.status === "complete").length;
  return (
    <Section id="migration" title={t("devtools.migration.title")} lead={t("devtools.migration.lead")}>
      <div className="devtools-progress" aria-hidden="true">
        <span style={{ width: `${(done / status.migrationSteps.length) * 100}%` }} />
      </div>
      <p className="devtools-progress-label">{t("devtools.migration.progress", { done, total: status.migrationSteps.length })}</p>
      <ol className="devtools-migration">
        {status.migrationSteps.map((step) => (
          <li key={step.id} data-status={step.status}>
            <span className="devtools-migration-icon" aria-hidden="true">
              {icons[step.id]}
            </span>
            <div>
              <h3>{t(`devtools.migration.steps.${step.id}.title`)}</h3>
              <p>{t(`devtools.migration.steps.${step.id}.description`)}</p>
            </div>
            <span className={`badge ${step.status === "complete" ? "badge-success" : "badge-warning"}`}>{t(`devtools.status.${step.status}`)}</span>
          </li>
        ))}
      </ol>
      <div className="devtools-two">
        <div>
          <h3 className="devtools-subheading">{t("devtools.migration.strategyTitle")}</h3>
          <Steps items={list("devtools.migration.strategy")} />
        </div>
        <div>
          <h3 className="devtools-subheading">{t("devtools.migration.benefitsTitle")}</h3>
          <Bullets items={list("devtools.migration.benefits")} />
        </div>
      </div>
      <h3 className="devtools-subheading">{t("devtools.migration.summaryTitle")}</h3>
      <dl className="devtools-config">
        <ConfigRow label={t("devtools.fields.projectId")}>
          <ConfigStatus item={status.firebase.projectId} />
        </ConfigRow>
        <ConfigRow label={t("devtools.fields.authDomain")}>{status.firebase.authDomain === null ? <span className="badge badge-danger">{t("devtools.status.missing")}</span> : <code className="mono">{status.firebase.authDomain}</code>}</ConfigRow>
        <ConfigRow label={t("devtools.fields.webApp")}>
          <SecretStatus set={status.firebase.configured} />
        </ConfigRow>
        <ConfigRow label={t("devtools.fields.androidApp")}>
          <SecretStatus set={status.android.configured} />
        </ConfigRow>
        <ConfigRow label={t("devtools.fields.sessionLogin")}>
          <span className="badge badge-success">{t("devtools.status.active")}</span>
        </ConfigRow>
      </dl>
    </Section>
  );
}

function FacebookGuide({ status }: { status: SetupStatus }) {
  const t = useT();
  const list = useList();
  const fb = status.oauth.facebook;
  const steps = [
    { id: "create", pending: t("devtools.facebook.needCreate"), done: fb.appId.configured },
    { id: "configure", pending: t("devtools.facebook.needConfigure"), done: fb.ready },
    { id: "redirects", pending: t("devtools.facebook.needAdd"), done: fb.ready },
    { id: "credentials", pending: t("devtools.facebook.needAdd"), done: fb.ready },
  ] as const;
  return (
    <Section id="facebook" title={t("devtools.facebook.title")}>
      {fb.ready ? null : (
        <p className="devtools-banner devtools-banner-pending" role="note">
          <strong>{t("devtools.facebook.warningTitle")}</strong>
          <span>{t("devtools.facebook.warning")}</span>
        </p>
      )}
      <ol className="devtools-migration">
        {steps.map((step, index) => (
          <li key={step.id} data-status={step.done ? "complete" : "pending"}>
            <span className="devtools-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3>{t(`devtools.facebook.steps.${step.id}.title`)}</h3>
              <p>{t(`devtools.facebook.steps.${step.id}.body`)}</p>
            </div>
            <span className={`badge ${step.done ? "badge-success" : "badge-warning"}`}>{step.done ? t("devtools.status.done") : step.pending}</span>
          </li>
        ))}
      </ol>
      <h3 className="devtools-subheading">{t("devtools.facebook.redirectsTitle")}</h3>
      <div className="devtools-copy-list">
        <CopyValue label={t("devtools.facebook.serverRedirect")} value={status.redirectUris.facebook} />
        <CopyValue label={t("devtools.facebook.hostedRedirect")} value={status.firebase.authDomain === null ? null : `https://${status.firebase.authDomain}/__/auth/handler`} />
      </div>
      <h3 className="devtools-subheading">{t("devtools.facebook.neededTitle")}</h3>
      <dl className="devtools-config">
        <ConfigRow label={t("devtools.fields.facebookAppId")} env="FACEBOOK_CLIENT_ID">
          <ConfigStatus item={fb.appId} />
        </ConfigRow>
        <ConfigRow label={t("devtools.fields.facebookAppSecret")} env="FACEBOOK_CLIENT_SECRET">
          <SecretStatus set={fb.appSecret} />
        </ConfigRow>
      </dl>
      <div className="devtools-two">
        <div>
          <h3 className="devtools-subheading">{t("devtools.facebook.reviewTitle")}</h3>
          <p>
            <span className="badge badge-warning">{t("devtools.facebook.pendingVerification")}</span>
          </p>
          <p className="devtools-note">{t("devtools.facebook.developmentMode")}</p>
        </div>
        <div>
          <h3 className="devtools-subheading">{t("devtools.facebook.factsTitle")}</h3>
          <Bullets
            items={[
              <>
                {t("devtools.facebook.factIcon", { size: FACEBOOK_APP_ICON_PX })} <a href="/create-facebook-icon.html">{t("devtools.facebook.iconGenerator")}</a>
              </>,
              t("devtools.facebook.factCategory"),
              t("devtools.facebook.factPackage"),
              t("devtools.facebook.factKeystore", { year: ANDROID_KEYSTORE_VALID_UNTIL_YEAR }),
              ...list("devtools.facebook.factsExtra"),
            ]}
          />
        </div>
      </div>
      <ExternalLink href={FACEBOOK_DEVELOPERS_URL} className="button button-outline">
        {t("devtools.facebook.openConsole")}
      </ExternalLink>
    </Section>
  );
}

/** Icons of the migration steps (spec point 3: a migration step has an icon). */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}
const FolderGlyph = () => (
  <Glyph>
    <path d="M4 20h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.7-.9l-.8-1.2A2 2 0 0 0 7.9 3H4a2 2 0 0 0-2 2v13c0 1.1.9 2 2 2Z" />
  </Glyph>
);
const PhoneGlyph = () => (
  <Glyph>
    <rect x="5" y="2" width="14" height="20" rx="2" />
    <path d="M12 18h.01" />
  </Glyph>
);
const RocketGlyph = () => (
  <Glyph>
    <path d="M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09z" />
    <path d="m12 15-3-3a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.35 22.35 0 0 1-4 2z" />
    <path d="M9 12H4s.55-3.03 2-4c1.62-1.08 5 0 5 0" />
    <path d="M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5" />
  </Glyph>
);

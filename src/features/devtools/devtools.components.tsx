import type { ReactNode } from "react";
import { useT } from "../../../islands/runtime/i18n-context";
import { CopyButton } from "../../../islands/components/copy-button";
import { Island } from "../../views/island";
import { LanguageSwitcher, Logo } from "../../views/components";
import type { ConfigItem, PublicValue, SetupStatus } from "./setup-status";
import { ArrowLeftIcon } from "../../../islands/components/icons";

/** Frame of the setup, test and legal pages: logo, language switcher, back link, footer. */
export function DevtoolsLayout({ title, lead, back, children, wide = true }: { title: string; lead?: string; back: { href: string; label: string }; children: ReactNode; wide?: boolean }) {
  const t = useT();
  return (
    <div className="devtools-page">
      <header className="devtools-top">
        <a href="/" className="logo-link" aria-label={t("common.home")}>
          <Logo />
        </a>
        <LanguageSwitcher />
      </header>
      <main id="main" className={`devtools-main ${wide ? "devtools-main-wide" : ""}`}>
        <a className="devtools-back" href={back.href}>
          <ArrowLeftIcon size={16} /> {back.label}
        </a>
        <h1 className="devtools-title">{title}</h1>
        {lead ? <p className="devtools-lead">{lead}</p> : null}
        {children}
      </main>
      <footer className="devtools-footer">
        <a href="/privacy-policy">{t("legal.privacy.link")}</a>
        <span aria-hidden="true">·</span>
        <a href="/terms">{t("legal.terms.link")}</a>
        <span aria-hidden="true">·</span>
        <a href="/data-deletion">{t("legal.deletion.link")}</a>
        <span aria-hidden="true">·</span>
        <span>{t("common.version")}</span>
      </footer>
    </div>
  );
}

/** A card section with a heading that the page's table of contents can link to. */
export function Section({ id, title, lead, children, tone }: { id: string; title: string; lead?: string; children: ReactNode; tone?: "warning" | "success" }) {
  return (
    <section id={id} className={`card devtools-section ${tone ? `devtools-section-${tone}` : ""}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="devtools-section-title">
        {title}
      </h2>
      {lead ? <p className="devtools-section-lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/** "Missing" or "Configured ••••abcd" for a masked configuration item. */
export function ConfigStatus({ item }: { item: ConfigItem }) {
  const t = useT();
  if (!item.configured) return <span className="badge badge-danger">{t("devtools.status.missing")}</span>;
  return (
    <span className="devtools-configured">
      <span className="badge badge-success">{t("devtools.status.configured")}</span>
      <code className="mono">{item.masked}</code>
    </span>
  );
}

/** A secret is never shown, not even masked: only whether it is set. */
export function SecretStatus({ set }: { set: boolean }) {
  const t = useT();
  return set ? <span className="badge badge-success">{t("devtools.status.configured")}</span> : <span className="badge badge-danger">{t("devtools.status.missing")}</span>;
}

export function ConfigRow({ label, children, env }: { label: string; children: ReactNode; env?: string }) {
  return (
    <div className="devtools-config-row">
      <dt>
        {label}
        {env ? <code className="devtools-env">{env}</code> : null}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A value the operator pastes into a console, with a copy button ('Copied' for about 2 s). */
export function CopyValue({ label, value, item, copiedBang, testId }: { label: string; value: PublicValue; item?: string; copiedBang?: boolean; testId?: string }) {
  const t = useT();
  return (
    <div className="devtools-copy-value" data-testid={testId}>
      <span className="devtools-copy-label">{label}</span>
      {value === null ? (
        <span className="badge badge-danger">{t("devtools.status.missing")}</span>
      ) : (
        <div className="devtools-copy-line">
          <code className="mono devtools-code">{value}</code>
          <Island name="copy-button" component={CopyButton} props={{ value, label: t("devtools.copy.copyItem", { item: label }), item, copiedLabel: copiedBang ? t("common.copy.copiedBang") : undefined }} />
        </div>
      )}
    </div>
  );
}

/** A link to a provider console: a new tab, without giving that page a handle on ours. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> ({t("devtools.opensInNewTab")})</span>
      <span aria-hidden="true" className="devtools-external">↗</span>
    </a>
  );
}

export function Steps({ items }: { items: ReactNode[] }) {
  return (
    <ol className="devtools-steps">
      {items.map((item, index) => (
        <li key={index}>
          <span className="devtools-step-number" aria-hidden="true">
            {index + 1}
          </span>
          <div>{item}</div>
        </li>
      ))}
    </ol>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="devtools-bullets">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Reads a list of strings from the language file (i18next returnObjects). */
export function useList() {
  const t = useT();
  return (key: string): string[] => {
    const value = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
}

/** The server-side OAuth credentials, shown on the setup page and the dashboard (secrets only as set or missing). */
export function OAuthCredentialRows({ status }: { status: SetupStatus }) {
  const t = useT();
  return (
    <>
      <ConfigRow label={t("devtools.fields.googleClientId")} env="GOOGLE_CLIENT_ID">
        <ConfigStatus item={status.oauth.google.clientId} />
      </ConfigRow>
      <ConfigRow label={t("devtools.fields.googleClientSecret")} env="GOOGLE_CLIENT_SECRET">
        <SecretStatus set={status.oauth.google.clientSecret} />
      </ConfigRow>
      <ConfigRow label={t("devtools.fields.facebookAppId")} env="FACEBOOK_CLIENT_ID">
        <ConfigStatus item={status.oauth.facebook.appId} />
      </ConfigRow>
      <ConfigRow label={t("devtools.fields.facebookAppSecret")} env="FACEBOOK_CLIENT_SECRET">
        <SecretStatus set={status.oauth.facebook.appSecret} />
      </ConfigRow>
    </>
  );
}

/** The hosted identity web configuration (API Key, Project ID, App ID), masked. */
export function FirebaseConfigRows({ status }: { status: SetupStatus }) {
  const t = useT();
  return (
    <>
      <ConfigRow label={t("devtools.fields.apiKey")} env="FIREBASE_API_KEY">
        <ConfigStatus item={status.firebase.apiKey} />
      </ConfigRow>
      <ConfigRow label={t("devtools.fields.projectId")} env="FIREBASE_PROJECT_ID">
        <ConfigStatus item={status.firebase.projectId} />
      </ConfigRow>
      <ConfigRow label={t("devtools.fields.appId")} env="FIREBASE_APP_ID">
        <ConfigStatus item={status.firebase.appId} />
      </ConfigRow>
    </>
  );
}

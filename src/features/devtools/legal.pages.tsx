import type { ReactNode } from "react";
import { useI18n } from "../../../islands/runtime/i18n-context";
import { DevtoolsLayout } from "./devtools.components";

/** A section of a legal page as the language file holds it. */
interface LegalSection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** Legal text keeps the operator's real contact and origin; filled in after i18next's lookup. */
function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

function LegalDocument({ namespace, values, children }: { namespace: "privacy" | "deletion" | "terms"; values: Record<string, string>; children?: ReactNode }) {
  const { t, lang } = useI18n();
  const updated = new Date(`${values.updated}T00:00:00Z`).toLocaleDateString(lang === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const sections = t(`legal.${namespace}.sections`, { returnObjects: true, ...values }) as unknown as LegalSection[];
  return (
    <DevtoolsLayout title={t(`legal.${namespace}.title`)} lead={fill(t(`legal.${namespace}.intro`, values), values)} back={{ href: "/", label: t("devtools.backHome") }} wide={false}>
      <p className="legal-updated">{t("legal.updated", { date: updated })}</p>
      <nav className="legal-toc card" aria-label={t("devtools.contents")}>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {children}
      <article className="legal">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs?.map((paragraph, index) => <p key={index}>{fill(paragraph, values)}</p>)}
            {section.items ? (
              <ul>
                {section.items.map((item, index) => (
                  <li key={index}>{fill(item, values)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <p className="legal-contact card">
          {t("legal.contactLead")}{" "}
          <a href={`mailto:${values.email}`} className="mono">
            {values.email}
          </a>
        </p>
      </article>
    </DevtoolsLayout>
  );
}

/** Date the policy text was last changed; shown on both pages. */
export const LEGAL_TEXT_UPDATED = "2026-11-26";

export function PrivacyPolicyPage({ supportEmail, appOrigin }: { supportEmail: string; appOrigin: string }) {
  return <LegalDocument namespace="privacy" values={{ email: supportEmail, origin: appOrigin, updated: LEGAL_TEXT_UPDATED }} />;
}

export function TermsPage({ supportEmail, appOrigin }: { supportEmail: string; appOrigin: string }) {
  return <LegalDocument namespace="terms" values={{ email: supportEmail, origin: appOrigin, updated: LEGAL_TEXT_UPDATED }} />;
}

export function DataDeletionPage({ supportEmail, appOrigin }: { supportEmail: string; appOrigin: string }) {
  return (
    <LegalDocument namespace="deletion" values={{ email: supportEmail, origin: appOrigin, updated: LEGAL_TEXT_UPDATED }}>
      <SelfService />
    </LegalDocument>
  );
}

/** The two self-service actions, in Settings → Your data (signing in first if needed). */
function SelfService() {
  const { t } = useI18n();
  return (
    <section className="card legal-actions" aria-labelledby="self-service-title">
      <h2 id="self-service-title">{t("legal.deletion.actions.title")}</h2>
      <div className="legal-actions-buttons">
        <a className="button button-outline" href="/settings#your-data">
          {t("legal.deletion.actions.download")}
        </a>
        <a className="button button-danger" href="/settings#your-data">
          {t("legal.deletion.actions.delete")}
        </a>
      </div>
      <p className="muted">{t("legal.deletion.actions.signedOut")}</p>
    </section>
  );
}

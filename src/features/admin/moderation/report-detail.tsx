/**
 * A report opened for its decision (ADMIN.md 'Reports that act', docs/decisions/0129): the
 * reported member's photos and profile beside the kept messages, and one form that sets the
 * status and the action on the member together (PATCH /api/admin/reports/{id}). The form's
 * fields for the chosen action show through CSS (:has), so no script decides what is visible;
 * the server reads only the chosen action's fields.
 */
import type { ReactNode } from "react";
import { useT } from "../../../../islands/runtime/i18n-context";
import { REPORT_ACTIONS } from "../../../../db/schema";
import { findCity } from "../../profile/cities";
import { BAN_REASON_MAX } from "../users/ban";
import { SUSPENSION_DAYS, WARNING_MAX } from "../users/member-actions";
import { Badge } from "../admin-ui";
import { memberPageHref } from "../users/member-list-ui";
import { REPORT_DECISIONS } from "./moderation.schemas";
import type { AdminReportEntry } from "./moderation.service";
import type { ReportDetail, ReportedProfileView } from "./report-detail.service";

export function RepeatBadge({ count }: { count: number }) {
  const t = useT();
  if (count < 2) return null;
  return (
    <span className="admin-repeat" data-testid="repeat-target">
      <Badge tone="danger">{t("reportDecision.repeat", { count })}</Badge>
    </span>
  );
}

/** Urgent while it waits: a decided report is no longer. */
export function UrgentBadge({ report }: { report: AdminReportEntry }) {
  const t = useT();
  return report.urgent && report.status === "pending" ? <Badge tone="danger">{t("reportDecision.urgent")}</Badge> : null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The reported member as the admin sees them: photos at full size (each opens alone), then the profile. */
export function ReportedProfile({ report, profile }: { report: AdminReportEntry; profile: ReportedProfileView | null }) {
  const t = useT();
  const memberId = report.reportedUser.id;
  const name = profile?.name ?? report.reportedUser.firstName;
  const city = profile?.city ? (findCity(profile.city)?.name ?? profile.city) : null;
  return (
    <section className="admin-reported-profile" aria-labelledby={`reported-${report.id}-title`}>
      <header className="admin-reported-head">
        <h3 id={`reported-${report.id}-title`}>{t("reportDecision.profileTitle")}</h3>
        {memberId !== null ? (
          <a className="button button-outline button-small" href={memberPageHref(memberId)}>
            {t("reportDecision.memberPage")}
          </a>
        ) : (
          <Badge tone="neutral">{t("reportDecision.deleted")}</Badge>
        )}
      </header>
      <p className="admin-reported-name">
        <strong>{name}</strong>
        {profile?.age != null ? <> · {t("reportDecision.age", { age: profile.age })}</> : null}
        {city !== null ? <> · {city}</> : null}
      </p>
      <p className="muted admin-reported-source">{profile?.source === "snapshot" ? t("reportDecision.snapshotNote") : t("reportDecision.liveNote")}</p>
      {profile?.hiddenBy === "reports" ? <Badge tone="warning">{t("reportDecision.hiddenByReports")}</Badge> : null}
      {profile !== null && profile.photoUrls.length > 0 ? (
        <ul className="admin-reported-photos" aria-label={t("reportDecision.photosLabel", { name })}>
          {profile.photoUrls.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener">
                <img src={url} alt={t("reportDecision.photoAlt", { number: index + 1, name })} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("reportDecision.noPhotos")}</p>
      )}
      {profile !== null && profile.bio.trim() !== "" ? (
        <dl className="admin-reported-facts">
          <Fact label={t("reportDecision.bio")}>{profile.bio}</Fact>
        </dl>
      ) : null}
      {profile !== null && profile.prompts.length > 0 ? (
        <dl className="admin-reported-facts" aria-label={t("reportDecision.prompts")}>
          {profile.prompts.map((prompt) => (
            <Fact key={prompt.id} label={t(`prompts.${prompt.id}`, { defaultValue: prompt.id })}>
              {prompt.answer}
            </Fact>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/**
 * Status and action in one step. "No action" keeps the old form (status alone); an action needs
 * the account: once it is gone, only the status can be set.
 */
export function DecisionForm({ detail }: { detail: ReportDetail }) {
  const t = useT();
  const { report } = detail;
  if (report.status !== "pending") return null;
  const id = report.id;
  const memberGone = report.reportedUser.id === null;
  const choices = memberGone ? ([""] as const) : (["", ...REPORT_ACTIONS] as const);
  return (
    <form className="admin-form admin-report-decision" hx-patch={`/api/admin/reports/${id}`} hx-swap="none" data-error-title={t("admin.moderation.toast.failed")} data-validation-title={t("admin.moderation.toast.failed")}>
      <h3>{t("reportDecision.decisionTitle")}</h3>
      <fieldset className="admin-decision-actions">
        <legend>{t("reportDecision.actionLabel")}</legend>
        {choices.map((action) => (
          <label key={action || "none"} className="admin-decision-choice">
            <input type="radio" name="action" value={action} defaultChecked={action === ""} />
            <span>{t(`reportDecision.actions.${action || "none"}`)}</span>
          </label>
        ))}
        {memberGone ? <p className="muted">{t("reportDecision.gone")}</p> : null}
      </fieldset>
      <div className="field admin-decision-field" data-for="warn">
        <label htmlFor={`decision-message-${id}`}>{t("reportDecision.messageLabel")}</label>
        <textarea id={`decision-message-${id}`} name="message" maxLength={WARNING_MAX} rows={3} />
      </div>
      <div className="field admin-decision-field" data-for="suspend">
        <label htmlFor={`decision-days-${id}`}>{t("reportDecision.daysLabel")}</label>
        <select id={`decision-days-${id}`} name="days" defaultValue="7">
          {SUSPENSION_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t("reportDecision.days", { count: days })}
            </option>
          ))}
        </select>
      </div>
      <div className="field admin-decision-field" data-for="suspend ban">
        <label htmlFor={`decision-reason-${id}`}>{t("reportDecision.reasonLabel")}</label>
        <textarea id={`decision-reason-${id}`} name="reason" maxLength={BAN_REASON_MAX} rows={3} />
      </div>
      <div className="field">
        <label htmlFor={`decision-status-${id}`}>{t("reportDecision.statusLabel")}</label>
        <select id={`decision-status-${id}`} name="status" defaultValue="resolved">
          {REPORT_DECISIONS.map((status) => (
            <option key={status} value={status}>
              {t(`admin.moderation.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="button button-primary">
          {t("reportDecision.submit")}
        </button>
      </div>
    </form>
  );
}

/** What deciding the report did, once decided with an action. */
export function ActionTaken({ report }: { report: AdminReportEntry }) {
  const t = useT();
  if (report.actionTaken === null) return null;
  return (
    <p className="admin-action-taken">
      <strong>{t("reportDecision.taken")}:</strong> {t(`reportDecision.actions.${report.actionTaken.action}`)}
      {report.actionTaken.detail ? <> · {report.actionTaken.detail}</> : null}
    </p>
  );
}

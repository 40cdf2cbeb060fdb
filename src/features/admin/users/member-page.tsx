import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { ArrowLeftIcon } from "../../../../islands/components/icons";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { renderFragment, type RenderPage } from "../../../views/render";
import { findCity } from "../../profile/cities";
import { interestName } from "../../profile/interests";
import { renderAdmin } from "../admin-render";
import { Badge, DialogCancel, EmptyState, formatDate, formatDateTime, ServerDialog } from "../admin-ui";
import { isHtmx, refreshEvent } from "../htmx";
import { roleMay } from "../staff-permissions";
import { RoleButton } from "../roles/role-dialog";
import { ROLE_MESSAGES, staffTargetRefusal } from "../roles/roles.service";
import { translateMessage } from "../../../../islands/runtime/messages";
import { Money, StatusBadge, When } from "../payments/payment-view";
import { BAN_REASON_MAX } from "./ban";
import { memberPageHref } from "./member-list-ui";
import { memberDetail, type MemberDetail, type MemberReport } from "./member-detail";
import { SUSPENSION_DAYS, WARNING_MAX } from "./member-actions";
import { ADMIN_USER_MESSAGES, idParamSchema } from "./users.schemas";
import { isProtectedSuperAdmin } from "./users.service";
import { memberVouchDialogs, memberVouchesOf, MemberVouchesCard, type MemberVouches } from "../../vouches/member-vouches";

/**
 * One member's page, /admin/users/{id} (ADMIN.md 'One member'; docs/decisions/0128): who they are
 * (photos full size, profile and prompts, the selfie and its review, proven email and phone), their
 * plan and payments, matches, reports against and by them with the repeat count, and the admin-log
 * rows about them; with the actions the caller's role allows. The body is one region that reloads
 * itself (same URL, htmx) when an action announces "member" or "users", so a change shows at once.
 * Each action opens a small server-rendered dialog (#admin-dialog-slot) that posts to the JSON call.
 */

export const MEMBER_REGION = "member-detail";

/** The confirm dialogs this page serves (GET /admin/users/{id}/<action>); ban, delete and plan are the Users list's. */
const DIALOGS = ["warn", "hide", "unhide", "suspend", "unban", "reverify"] as const;
type DialogAction = (typeof DIALOGS)[number];

const nameOf = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`.trim();

interface Abilities {
  moderate: boolean;
  delete: boolean;
  plans: boolean;
  /** Grant or revoke a role (admins only, ADMIN.md 'Who'): the dialog says what the rules leave. */
  roles: boolean;
  /**
   * Ban, suspend and delete are refused on oneself and the super admin, and on another admin or
   * moderator unless the viewer is the super admin (ADMIN.md 'Who').
   */
  protectedReason: "self" | "superAdmin" | "staff" | null;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="admin-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="admin-card" aria-labelledby={`${id}-title`}>
      <div className="admin-card-head">
        <h2 id={`${id}-title`} className="admin-card-title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Proven({ proven }: { proven: boolean }) {
  const t = useT();
  return proven ? <Badge tone="success">{t("admin.member.proven")}</Badge> : <Badge tone="warning">{t("admin.member.notProven")}</Badge>;
}

/** The standing badges beside the name: banned, suspended until, hidden, the photo badge, the role. */
function StandingBadges({ member }: { member: MemberDetail }) {
  const { t, lang } = useI18n();
  return (
    <span className="admin-badges admin-member-badges">
      {member.isBanned ? <Badge tone="danger">{t("admin.users.badges.banned")}</Badge> : null}
      {member.suspension ? <Badge tone="danger">{t("admin.member.suspendedUntil", { date: formatDateTime(lang, member.suspension.until) })}</Badge> : null}
      {member.hidden ? <Badge tone="warning">{t(member.hidden.by === "reports" ? "admin.member.hiddenByReports" : "admin.member.hidden")}</Badge> : null}
      {member.verification.verifiedAt ? <Badge tone="success">{t("admin.member.photoVerified")}</Badge> : null}
      {member.role !== "member" ? <Badge tone="primary">{t(`admin.member.roles.${member.role}`, { defaultValue: member.role })}</Badge> : null}
      {member.isPremium ? <Badge tone="premium">{t(`plans.names.${member.plan}`)}</Badge> : null}
    </span>
  );
}

function ActionButton({ member, action, tone = "outline", errorKey }: { member: MemberDetail; action: string; tone?: "outline" | "danger-text"; errorKey: string }) {
  const t = useT();
  const className = tone === "danger-text" ? "button button-ghost button-small admin-danger-text" : "button button-outline button-small";
  return (
    <button type="button" className={className} hx-get={`${memberPageHref(member.id)}/${action}`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t(errorKey)}>
      {t(`admin.member.actions.${action}`)}
    </button>
  );
}

function ActionsBar({ member, can }: { member: MemberDetail; can: Abilities }) {
  const t = useT();
  const banned = member.isBanned || member.suspension !== null;
  const failed = "admin.member.failed";
  return (
    <div className="admin-member-actions" role="group" aria-label={t("admin.member.actionsLabel")}>
      {can.moderate ? (
        <>
          <ActionButton member={member} action="warn" errorKey={failed} />
          <ActionButton member={member} action={member.hidden ? "unhide" : "hide"} errorKey={failed} />
          {member.verification.verifiedAt ? <ActionButton member={member} action="reverify" errorKey={failed} /> : null}
          {can.protectedReason === null ? (
            banned ? (
              <ActionButton member={member} action="unban" errorKey="admin.users.failed.unban" />
            ) : (
              <>
                <ActionButton member={member} action="suspend" errorKey={failed} />
                <ActionButton member={member} action="ban" errorKey="admin.users.failed.ban" />
              </>
            )
          ) : null}
        </>
      ) : null}
      {can.plans ? <ActionButton member={member} action="plan" errorKey="admin.money.grant.failedTitle" /> : null}
      {can.roles && (can.protectedReason === null || can.protectedReason === "staff") ? <RoleButton memberId={member.id} /> : null}
      {can.delete && can.protectedReason === null ? <ActionButton member={member} action="delete" tone="danger-text" errorKey="admin.users.failed.delete" /> : null}
      {can.protectedReason === "staff" ? (
        <span className="muted admin-protected">{translateMessage(t, ROLE_MESSAGES.onlySuperAdmin)}</span>
      ) : can.protectedReason !== null ? (
        <span className="muted admin-protected">{t(can.protectedReason === "self" ? "admin.users.protected.self" : "admin.users.protected.superAdmin")}</span>
      ) : null}
    </div>
  );
}

/** Photos as thumbnails; each opens large in a dialog (admin-behaviour.ts), or as the file itself without script. */
function PhotosCard({ member }: { member: MemberDetail }) {
  const t = useT();
  const name = nameOf(member);
  return (
    <Card id="member-photos" title={t("admin.member.photos", { count: member.photos.length })}>
      {member.photos.length === 0 ? (
        <p className="muted">{t("admin.member.noPhotos")}</p>
      ) : (
        <ul className="admin-member-photos">
          {member.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} className="admin-member-photo" data-open-dialog={`photo-${photo.id}`} aria-label={t("admin.member.openPhoto", { number: index + 1, name })}>
                <img src={photo.thumbUrl} alt="" loading="lazy" width={photo.width} height={photo.height} />
                {photo.verifiedAt ? <span className="admin-member-photo-mark">{t("admin.member.photoReviewed")}</span> : null}
              </a>
              <dialog id={`photo-${photo.id}`} className="dialog admin-dialog admin-photo-dialog" aria-label={t("admin.member.photoOf", { number: index + 1, name })}>
                <div className="dialog-content">
                  <img src={photo.url} alt={t("admin.member.photoOf", { number: index + 1, name })} loading="lazy" width={photo.width} height={photo.height} />
                  <div className="admin-form-actions">
                    <span className="muted admin-small">{t("admin.member.photoNumber", { number: index + 1, total: member.photos.length })}</span>
                    <button type="button" className="button button-outline" data-close-dialog="">
                      {t("admin.member.close")}
                    </button>
                  </div>
                </div>
              </dialog>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ProfileCard({ member }: { member: MemberDetail }) {
  const { t, lang } = useI18n();
  const profile = member.profile;
  if (profile === null)
    return (
      <Card id="member-profile" title={t("admin.member.profile")}>
        <p className="muted">{t("admin.users.noProfile")}</p>
      </Card>
    );
  const option = (group: string, value: string | null) => (value === null ? <span className="muted">—</span> : t(`options.${group}.${value}`, { defaultValue: value }));
  const text = (value: string | null) => (value ? value : <span className="muted">—</span>);
  return (
    <Card id="member-profile" title={t("admin.member.profile")}>
      <Facts
        rows={[
          [t("profile.fields.age"), profile.age],
          [t("profile.fields.gender"), option("gender", profile.gender)],
          [t("profile.fields.denomination"), option("denomination", profile.denomination)],
          [t("profile.fields.churchName"), profile.church ? [profile.church.name, profile.churchName].filter(Boolean).join(" · ") : text(profile.churchName)],
          [t("profile.fields.city"), profile.city === null ? <span className="muted">—</span> : (findCity(profile.city)?.name ?? profile.city)],
          [t("profile.fields.faithDuration"), option("faithDuration", profile.faithDuration)],
          [t("profile.fields.relationshipGoals"), option("relationshipGoals", profile.relationshipGoals)],
          [t("profile.fields.occupation"), text(profile.occupation)],
          [t("profile.fields.education"), text(profile.education)],
          [t("profile.fields.interests"), profile.interests.length ? profile.interests.map((key) => interestName(key, lang === "id" ? "id" : "en")).join(", ") : <span className="muted">—</span>],
        ]}
      />
      <div className="admin-member-texts">
        {(
          [
            ["bio", profile.bio],
            ["faithTestimony", profile.faithTestimony],
            ["jesusChristMeaning", profile.jesusChristMeaning],
            ["ministryInvolvement", profile.ministryInvolvement],
          ] as const
        ).map(([field, value]) =>
          value ? (
            <div key={field} className="admin-member-text">
              <h3>{t(`profile.fields.${field}`)}</h3>
              <p>{value}</p>
            </div>
          ) : null,
        )}
        {profile.prompts.map((prompt) => (
          <div key={prompt.id} className="admin-member-text admin-member-prompt">
            <h3>{t(`prompts.list.${prompt.id}`, { defaultValue: prompt.id })}</h3>
            <p>{prompt.answer}</p>
          </div>
        ))}
      </div>
    </Card>
  );
}

function VerificationCard({ member }: { member: MemberDetail }) {
  const { t, lang } = useI18n();
  const latest = member.verification.latest;
  const badge = member.verification.verifiedAt ? (
    <Badge tone="success">{t("admin.member.badgeSince", { date: formatDate(lang, member.verification.verifiedAt) })}</Badge>
  ) : (
    <Badge>{t("admin.member.noBadge")}</Badge>
  );
  return (
    <Card id="member-selfie" title={t("admin.member.selfie")} aside={badge}>
      <Facts
        rows={[
          [t("admin.member.selfieStatus"), latest === null ? t("admin.member.selfieNone") : t(`admin.member.selfieStatuses.${latest.status}`, { defaultValue: latest.status })],
          ...(latest?.reason ? ([[t("admin.member.selfieReason"), t(`verification.reasons.${latest.reason}`, { defaultValue: latest.reason })]] as [string, ReactNode][]) : []),
          ...(latest?.submittedAt ? ([[t("admin.member.selfieSubmitted"), <When value={latest.submittedAt} />]] as [string, ReactNode][]) : []),
          ...(latest?.decidedAt ? ([[t("admin.member.selfieDecided"), <When value={latest.decidedAt} />]] as [string, ReactNode][]) : []),
          ...(member.verification.reverifyRequestedAt ? ([[t("admin.member.reverifyRequested"), <When value={member.verification.reverifyRequestedAt} />]] as [string, ReactNode][]) : []),
        ]}
      />
      {latest?.selfieUrl ? (
        <figure className="admin-member-selfie">
          <img src={latest.selfieUrl} alt={t("admin.member.selfieAlt", { name: nameOf(member) })} loading="lazy" />
          <figcaption className="muted admin-small">
            {t("admin.member.selfiePose", { pose: t(`verification.poses.${latest.pose}`, { defaultValue: latest.pose }) })} ·{" "}
            <a href="/admin/moderation#verifications">{t("admin.member.selfieReview")}</a>
          </figcaption>
        </figure>
      ) : (
        <p className="muted admin-small">{t("admin.member.selfieNotKept")}</p>
      )}
    </Card>
  );
}

function AccountCard({ member }: { member: MemberDetail }) {
  const { t, lang } = useI18n();
  const planText = !member.isPremium
    ? t("plans.names.free")
    : member.planExpiresAt === null
      ? t(`plans.names.${member.plan}`)
      : t("admin.member.planUntil", { plan: t(`plans.names.${member.plan}`), date: formatDate(lang, member.planExpiresAt) });
  return (
    <Card id="member-account" title={t("admin.member.account")}>
      <Facts
        rows={[
          [
            t("admin.member.email"),
            <span className="admin-person">
              <span>{member.email}</span>
              <Proven proven={member.emailVerified} />
            </span>,
          ],
          [
            t("admin.member.phone"),
            member.phone ? (
              <span className="admin-person">
                <span>{member.phone}</span>
                <Proven proven={member.phoneVerified} />
              </span>
            ) : (
              <span className="muted">—</span>
            ),
          ],
          [t("admin.member.plan"), planText],
          [t("admin.member.matches"), member.matchesCount],
          [t("admin.member.joined"), <When value={member.createdAt} />],
          [t("admin.member.lastActive"), <When value={member.lastActiveAt} />],
          [
            t("admin.member.signup"),
            member.signupIp ? (
              <span>
                <code className="admin-code">{member.signupIp}</code>
                {member.signupCountry ? ` · ${member.signupCountry}` : ""}
              </span>
            ) : (
              <span className="muted">{t("admin.member.signupUnknown")}</span>
            ),
          ],
          [t("admin.member.language"), member.language === "id" ? "Bahasa Indonesia" : "English"],
          ...(member.isBanned && member.banReason ? ([[t("admin.member.banReason"), member.banReason]] as [string, ReactNode][]) : []),
          ...(member.suspension ? ([[t("admin.member.suspensionReason"), member.suspension.reason]] as [string, ReactNode][]) : []),
        ]}
      />
    </Card>
  );
}

function PaymentsCard({ member }: { member: MemberDetail }) {
  const t = useT();
  return (
    <Card id="member-payments" title={t("admin.member.payments", { count: member.paymentsTotal })}>
      {member.payments.length === 0 ? (
        <p className="muted">{t("admin.member.noPayments")}</p>
      ) : (
        <ul className="admin-member-list">
          {member.payments.map((payment) => (
            <li key={payment.id}>
              <a href={payment.href} className="admin-person-name">
                {t(`plans.names.${payment.plan}`)} · <Money amount={payment.amount} />
              </a>{" "}
              <StatusBadge status={payment.status} /> <span className="muted admin-small"><When value={payment.createdAt} /></span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ReportList({ items, empty, otherLabel }: { items: MemberReport[]; empty: string; otherLabel: string }) {
  const t = useT();
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="admin-member-list">
      {items.map((report) => (
        <li key={report.id} data-report={report.id}>
          <strong>{t(`safety.reasons.${report.reason}`, { defaultValue: report.reason })}</strong> <Badge tone={report.status === "pending" ? "warning" : "neutral"}>{t(`admin.moderation.status.${report.status}`, { defaultValue: report.status })}</Badge>{" "}
          <span className="muted admin-small">
            <When value={report.createdAt} /> · {otherLabel}{" "}
            {report.other === null ? t("admin.member.deletedAccount") : <a href={memberPageHref(report.other.id)}>{report.other.name}</a>}
          </span>
          {report.description ? <p className="admin-member-quote">{report.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function ReportsCard({ member }: { member: MemberDetail }) {
  const t = useT();
  const against = member.reportsAgainst;
  const repeat = against.reporters > 1 ? <Badge tone="danger">{t("admin.member.repeat", { count: against.reporters })}</Badge> : null;
  return (
    <Card id="member-reports" title={t("admin.member.reportsAgainst", { count: against.total })} aside={repeat}>
      {against.total > 0 ? <p className="muted admin-small">{t("admin.member.reportsSummary", { reporters: against.reporters, pending: against.pending })}</p> : null}
      <ReportList items={against.items} empty={t("admin.member.noReportsAgainst")} otherLabel={t("admin.member.reportedBy")} />
      <h3 className="admin-member-subtitle">{t("admin.member.reportsBy", { count: member.reportsBy.total })}</h3>
      <ReportList items={member.reportsBy.items} empty={t("admin.member.noReportsBy")} otherLabel={t("admin.member.reporting")} />
    </Card>
  );
}

function WarningsCard({ member }: { member: MemberDetail }) {
  const t = useT();
  if (member.warnings.length === 0) return null;
  return (
    <Card id="member-warnings" title={t("admin.member.warnings", { count: member.warnings.length })}>
      <ul className="admin-member-list">
        {member.warnings.map((warning) => (
          <li key={warning.id}>
            <p className="admin-member-quote">{warning.message}</p>
            <span className="muted admin-small">
              <When value={warning.createdAt} /> · {warning.seenAt ? t("admin.member.warningSeen") : t("admin.member.warningUnseen")}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function LogCard({ member }: { member: MemberDetail }) {
  const t = useT();
  return (
    <Card id="member-log" title={t("admin.member.log")}>
      {member.actions.length === 0 ? (
        <p className="muted">{t("admin.member.noLog")}</p>
      ) : (
        <ul className="admin-member-list">
          {member.actions.map((row) => (
            <li key={row.id} data-action={row.action}>
              <Badge tone={row.action === "ban" || row.action === "suspend" ? "danger" : "neutral"}>{t(`admin.moderation.actionNames.${row.action}`, { defaultValue: row.action })}</Badge>{" "}
              <span className="muted admin-small">
                <When value={row.createdAt} /> · {row.admin}
              </span>
              {row.reason ? <p className="admin-member-quote">{row.reason}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function MemberRegion({ member, can, vouches }: { member: MemberDetail; can: Abilities; vouches?: MemberVouches }) {
  const href = memberPageHref(member.id);
  return (
    <div
      id={MEMBER_REGION}
      className="admin-member"
      hx-get={href}
      hx-trigger={`${refreshEvent("member")} from:body, ${refreshEvent("users")} from:body`}
      hx-swap="outerHTML"
      aria-live="polite"
      data-member={member.id}
    >
      <div className="admin-member-head">
        <StandingBadges member={member} />
        <ActionsBar member={member} can={can} />
      </div>
      <div className="admin-member-grid">
        <div className="admin-member-main">
          <PhotosCard member={member} />
          <ProfileCard member={member} />
          <ReportsCard member={member} />
        </div>
        <div className="admin-member-side">
          <AccountCard member={member} />
          <VerificationCard member={member} />
          <PaymentsCard member={member} />
          <WarningsCard member={member} />
          {vouches === undefined ? null : <MemberVouchesCard memberId={member.id} vouches={vouches} canRemove={can.moderate} Card={Card} />}
          <LogCard member={member} />
        </div>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- dialogs

function ConfirmDialog({ member, action, danger }: { member: MemberDetail; action: "hide" | "unhide" | "unban" | "reverify"; danger?: boolean }) {
  const t = useT();
  const name = nameOf(member);
  return (
    <ServerDialog id={`${action}-dialog-${member.id}`} title={t(`admin.member.dialogs.${action}.title`, { name })} description={t(`admin.member.dialogs.${action}.description`)}>
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className={danger ? "button button-danger" : "button button-primary"} hx-post={`/api/admin/users/${member.id}/${action}`} hx-swap="none" data-error-title={t(action === "unban" ? "admin.users.failed.unban" : "admin.member.failed")}>
          {t(`admin.member.dialogs.${action}.confirm`)}
        </button>
      </div>
    </ServerDialog>
  );
}

function WarnDialog({ member }: { member: MemberDetail }) {
  const t = useT();
  const fieldId = `warn-message-${member.id}`;
  return (
    <ServerDialog id={`warn-dialog-${member.id}`} title={t("admin.member.dialogs.warn.title", { name: nameOf(member) })} description={t("admin.member.dialogs.warn.description")}>
      <form className="admin-form" hx-post={`/api/admin/users/${member.id}/warn`} hx-swap="none" data-error-title={t("admin.member.failed")}>
        <div className="field">
          <label htmlFor={fieldId}>{t("admin.member.dialogs.warn.label")}</label>
          <textarea id={fieldId} name="message" maxLength={WARNING_MAX} required rows={4} autoFocus aria-describedby={`${fieldId}-hint`} />
          <span id={`${fieldId}-hint`} className="field-hint">
            {t("admin.member.dialogs.warn.hint")}
          </span>
        </div>
        <div className="admin-form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary" data-requires={`#${fieldId}`} disabled>
            {t("admin.member.dialogs.warn.confirm")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

function SuspendDialog({ member }: { member: MemberDetail }) {
  const t = useT();
  const reasonId = `suspend-reason-${member.id}`;
  return (
    <ServerDialog id={`suspend-dialog-${member.id}`} title={t("admin.member.dialogs.suspend.title", { name: nameOf(member) })} description={t("admin.member.dialogs.suspend.description")}>
      <form className="admin-form" hx-post={`/api/admin/users/${member.id}/suspend`} hx-swap="none" data-error-title={t("admin.member.failed")}>
        <fieldset className="admin-chip-set admin-member-days">
          <legend>{t("admin.member.dialogs.suspend.days")}</legend>
          {SUSPENSION_DAYS.map((days) => (
            <label key={days} className="admin-chip admin-chip-radio">
              <input className="visually-hidden" type="radio" name="days" value={String(days)} defaultChecked={days === 7} />
              {t("admin.member.dialogs.suspend.daysOption", { count: days })}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={reasonId}>{t("admin.users.banDialog.reasonLabel")}</label>
          <textarea id={reasonId} name="reason" maxLength={BAN_REASON_MAX} required rows={4} aria-describedby={`${reasonId}-hint`} />
          <span id={`${reasonId}-hint`} className="field-hint">
            {t("admin.member.dialogs.suspend.reasonHint")}
          </span>
        </div>
        <div className="admin-form-actions">
          <DialogCancel />
          <button type="submit" className="button button-danger" data-requires={`#${reasonId}`} disabled>
            {t("admin.member.dialogs.suspend.confirm")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

function dialogFor(member: MemberDetail, action: DialogAction) {
  switch (action) {
    case "warn":
      return <WarnDialog member={member} />;
    case "suspend":
      return <SuspendDialog member={member} />;
    case "unban":
      return <ConfirmDialog member={member} action="unban" />;
    case "hide":
      return <ConfirmDialog member={member} action="hide" danger />;
    case "unhide":
      return <ConfirmDialog member={member} action="unhide" />;
    case "reverify":
      return <ConfirmDialog member={member} action="reverify" danger />;
  }
}

function BackLink() {
  const t = useT();
  return (
    <a className="button button-outline button-small" href="/admin/users">
      <ArrowLeftIcon size={16} /> {t("admin.member.back")}
    </a>
  );
}

/**
 * GET /admin/users/{id} (the page, or its region for htmx) and the dialogs of its actions,
 * GET /admin/users/{id}/warn|hide|unhide|suspend|unban|reverify (htmx only; a person who opens
 * one goes to the page). Behind the panel's guard (admin.pages.tsx), which checks each path's
 * permission (staff-permissions.ts): a moderator's page shows only what they may do.
 */
export function memberPages(deps: AppDeps, render: RenderPage) {
  const abilities = (c: Context<AppEnv>, member: MemberDetail): Abilities => {
    const viewer = currentUser(c);
    return {
      moderate: roleMay(viewer.role, "users.moderate"),
      delete: roleMay(viewer.role, "users.delete"),
      plans: roleMay(viewer.role, "plans"),
      roles: roleMay(viewer.role, "roles"),
      protectedReason: member.id === viewer.id ? "self" : isProtectedSuperAdmin(deps.config, member) ? "superAdmin" : staffTargetRefusal(deps.config, viewer, member) !== null ? "staff" : null,
    };
  };
  const load = async (c: Context<AppEnv>) => {
    const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
    return parsed.success ? memberDetail(deps, parsed.data.id) : null;
  };

  const app = new Hono<AppEnv>().get("/users/:id", async (c) => {
    const t = c.get("t");
    const member = await load(c);
    if (member === null) {
      if (isHtmx(c)) {
        // The region reloading after the member was deleted from this page: on to the list (a 200,
        // so the panel shows the deletion's toast, not an error).
        c.header("HX-Redirect", "/admin/users");
        return c.body(null, 200);
      }
      return renderAdmin(c, render, { place: "users", title: t("admin.member.notFound"), status: 404, actions: <BackLink /> }, <EmptyState title={t("admin.member.notFound")} body={t("admin.member.notFoundBody")} />);
    }
    const region = <MemberRegion member={member} can={abilities(c, member)} vouches={await memberVouchesOf(deps, member.id)} />;
    return renderAdmin(c, render, { place: "users", title: nameOf(member) || member.email || member.phone || member.id, lead: member.email ?? member.phone ?? undefined, actions: <BackLink /> }, region, region);
  });
  for (const action of DIALOGS)
    app.get(`/users/:id/${action}`, async (c) => {
      if (!isHtmx(c)) return c.redirect(memberPageHref(c.req.param("id") ?? ""), 303);
      const member = await load(c);
      if (member === null) return c.json({ message: ADMIN_USER_MESSAGES.userNotFound }, 404);
      return renderFragment(c, dialogFor(member, action));
    });
  // Church vouches' Remove (docs/decisions/0134).
  app.route("/", memberVouchDialogs(deps));
  return app;
}

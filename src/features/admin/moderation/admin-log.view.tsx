import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { placementDetailParts } from "../../ads/ad-placements.service";
import { REJECTION_REASONS } from "../../verification/poses";
import { Badge, EmptyState, formatDateTime, listHref, ListRegion, Pager } from "../admin-ui";
import { memberPageHref } from "../users/member-list-ui";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../list-table";
import { ADMIN_LOG_SORT, TERMINAL_ADMIN, type AdminActionEntry, type AdminLogQuery, type listAdminLog } from "./admin-log-list";
import { REPORT_DECISIONS, type ReportStatus } from "./moderation.schemas";
// The page imports this view too: the badge is only read when rendering, after both modules loaded.
import { ReportStatusBadge } from "./moderation.page";

/**
 * Moderation → Admin actions (ADMIN.md 'Lists'; docs/decisions/0131): the admin log filtered by
 * admin, action, target and Jakarta days, sorted by its columns, 10/25/100 rows, CSV; every time
 * says its zone (WIB), since admins may sit outside Jakarta.
 */

export const ACTIONS_REGION = "actions-list";
const BASE = "/admin/moderation";
const FILTER_FORM = "actions-filter-form";

export function adminLogUrls(query: AdminLogQuery): ListUrls {
  return {
    path: BASE,
    api: "/api/admin/actions",
    regionId: ACTIONS_REGION,
    pageParams: { view: "actions" },
    filters: { admin: query.admin, action: query.action, target: query.target, from: query.from, to: query.to },
    sort: query.sort,
    defaultSort: ADMIN_LOG_SORT.defaultSort,
    limit: query.limit,
    formId: FILTER_FORM,
  };
}

/** A time of the log in Jakarta time with its zone named (WIB, UTC+7). */
export function WibTime({ value }: { value: string }) {
  const { lang } = useI18n();
  return <time dateTime={value}>{`${formatDateTime(lang, value)} WIB`}</time>;
}

/**
 * An admin log row's detail in the admin's language: a report's new status, a switch's new state
 * and a placement's settings are stored as codes and translated; a ban reason (a person's words)
 * and older free text are shown as written.
 */
function ActionDetail({ action }: { action: AdminActionEntry }) {
  const t = useT();
  const detail = action.reason;
  if (detail === null || detail === "") return <span className="muted">—</span>;
  if (action.action === "report_status" && (REPORT_DECISIONS as readonly string[]).includes(detail)) return <ReportStatusBadge status={detail as ReportStatus} />;
  if (action.action === "setting" && (detail === "on" || detail === "off" || detail === "updated")) return <>{t(`admin.moderation.settingDetail.${detail}`)}</>;
  if (action.action === "verification_reject" && (REJECTION_REASONS as readonly string[]).includes(detail)) return <>{t(`verification.reasons.${detail}`)}</>;
  const placement = action.action === "placement_create" || action.action === "placement_update" ? placementDetailParts(detail) : null;
  if (placement !== null) {
    return (
      <>
        {[
          t(`admin.adsPage.types.${placement.adType}`),
          t(`admin.adsPage.platforms.${placement.platform}`),
          t(`admin.adsPage.every.${placement.placement}`, { count: placement.frequency }),
          t(placement.isActive ? "admin.moderation.settingDetail.active" : "admin.moderation.settingDetail.inactive"),
        ].join(" · ")}
      </>
    );
  }
  return <>{detail}</>;
}

export interface AdminLogChoices {
  admins: { id: string; name: string }[];
  actions: string[];
  terminal: boolean;
}

/** The filters above the log: a GET form (works without script) that htmx sends on change. */
export function AdminLogFilters({ query, choices }: { query: AdminLogQuery; choices: AdminLogChoices }) {
  const t = useT();
  const actionName = (action: string) => t(`admin.moderation.actionNames.${action}`, { defaultValue: action });
  return (
    <form
      id={FILTER_FORM}
      className="admin-toolbar admin-log-toolbar"
      role="search"
      aria-label={t("admin.lists.log.filtersLabel")}
      action={BASE}
      method="get"
      hx-get={BASE}
      hx-trigger="change, input changed delay:300ms from:#actions-target, submit"
      hx-sync="this:replace"
      hx-target={`#${ACTIONS_REGION}`}
      hx-swap="outerHTML"
      hx-push-url="true"
    >
      <input type="hidden" name="view" value="actions" />
      <div className="admin-log-filters">
        <div className="field field-small">
          <label htmlFor="actions-admin">{t("admin.lists.log.admin")}</label>
          <select id="actions-admin" name="admin" defaultValue={query.admin ?? ""}>
            <option value="">{t("admin.lists.log.allAdmins")}</option>
            {choices.admins.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
            {choices.terminal ? <option value={TERMINAL_ADMIN}>{t("admin.lists.log.terminal")}</option> : null}
          </select>
        </div>
        <div className="field field-small">
          <label htmlFor="actions-action">{t("admin.lists.log.action")}</label>
          <select id="actions-action" name="action" defaultValue={query.action ?? ""}>
            <option value="">{t("admin.lists.log.allActions")}</option>
            {[...new Set([...choices.actions, ...(query.action ? [query.action] : [])])].map((action) => (
              <option key={action} value={action}>
                {actionName(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-small">
          <label htmlFor="actions-target">{t("admin.lists.log.target")}</label>
          <input id="actions-target" type="search" name="target" defaultValue={query.target ?? ""} placeholder={t("admin.lists.log.targetPlaceholder")} maxLength={100} autoComplete="off" spellCheck={false} />
        </div>
        <div className="field field-small">
          <label htmlFor="actions-from">{t("admin.lists.log.from")}</label>
          <input id="actions-from" type="date" name="from" defaultValue={query.from ?? ""} aria-describedby="actions-dates-hint" />
        </div>
        <div className="field field-small">
          <label htmlFor="actions-to">{t("admin.lists.log.to")}</label>
          <input id="actions-to" type="date" name="to" defaultValue={query.to ?? ""} aria-describedby="actions-dates-hint" />
        </div>
        <div className="admin-log-filters-actions">
          <button type="submit" className="button button-outline button-small">
            {t("admin.lists.log.apply")}
          </button>
        </div>
      </div>
      <p id="actions-dates-hint" className="field-hint admin-payment-filters-hint">
        {t("admin.lists.log.datesHint")}
      </p>
    </form>
  );
}

export function AdminLogRegion({ list, query }: { list: Awaited<ReturnType<typeof listAdminLog>>; query: AdminLogQuery }) {
  const t = useT();
  const urls = adminLogUrls(query);
  const narrowed = query.admin !== undefined || query.action !== undefined || query.target !== undefined || query.from !== undefined || query.to !== undefined;
  return (
    <ListRegion id={ACTIONS_REGION} area="actions" href={pageHref(urls, query.page)} label={t("admin.moderation.actionsLabel")}>
      <ListHead
        urls={urls}
        sortOptions={[
          { column: "createdAt", label: t("admin.lists.log.time") },
          { column: "action", label: t("admin.moderation.columns.action") },
          { column: "target", label: t("admin.moderation.columns.target") },
          { column: "admin", label: t("admin.moderation.columns.admin") },
        ]}
      />
      <p className="muted admin-time-zone">{t("admin.lists.timeZone")}</p>
      {list.actions.length === 0 ? (
        list.total > 0 ? (
          <EmptyState title={t("admin.pager.beyond", { total: list.total })} action={<a className="button button-outline button-small" href={pageHref(urls)}>{t("admin.listError.reset")}</a>} />
        ) : narrowed ? (
          <EmptyState
            title={t("admin.lists.log.emptyTitle")}
            body={t("admin.lists.log.emptyBody")}
            action={
              <a className="button button-outline button-small" href={listHref(BASE, { view: "actions" })}>
                {t("admin.lists.log.clear")}
              </a>
            }
          />
        ) : (
          <EmptyState title={t("admin.moderation.actionsEmpty")} body={t("admin.moderation.actionsEmptyBody")} />
        )
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-actions-table">
            <caption className="visually-hidden">{t("admin.moderation.actionsLabel")}</caption>
            <thead>
              <tr>
                <SortHeader urls={urls} column="action" label={t("admin.moderation.columns.action")} />
                <SortHeader urls={urls} column="target" label={t("admin.moderation.columns.target")} />
                <th scope="col">{t("admin.moderation.columns.detail")}</th>
                <SortHeader urls={urls} column="admin" label={t("admin.moderation.columns.admin")} />
                <SortHeader urls={urls} column="createdAt" label={t("admin.lists.log.time")} firstDescending />
              </tr>
            </thead>
            <tbody>
              {list.actions.map((action) => (
                <tr key={action.id} data-action={action.action}>
                  <td className="admin-action-name">
                    <Badge tone={action.action === "ban" || action.action.startsWith("delete") ? "danger" : "neutral"}>{t(`admin.moderation.actionNames.${action.action}`, { defaultValue: action.action })}</Badge>
                  </td>
                  <td data-label={t("admin.moderation.columns.target")}>
                    {action.targetUserId !== null ? (
                      <a className="admin-person-name" href={memberPageHref(action.targetUserId)}>
                        {action.targetUser}
                      </a>
                    ) : (
                      // A setting's key is named as the Settings tab names it; other targets as written.
                      <span className="admin-person-name">{action.action === "setting" ? t(`admin.settingNames.${action.targetUser}`, { defaultValue: action.targetUser }) : action.targetUser}</span>
                    )}
                  </td>
                  <td data-label={t("admin.moderation.columns.detail")}>
                    <ActionDetail action={action} />
                  </td>
                  <td data-label={t("admin.moderation.columns.admin")}>{action.admin}</td>
                  <td data-label={t("admin.lists.log.time")}>
                    <WibTime value={action.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} limit={list.limit} total={list.total} regionId={ACTIONS_REGION} hrefFor={(page) => pageHref(urls, page)} />
    </ListRegion>
  );
}

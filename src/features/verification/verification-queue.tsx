import { useI18n, useT } from "../../../islands/runtime/i18n-context";
import { EmptyState, formatDateTime, listHref, ListRegion, Pager } from "../admin/admin-ui";
import { ListHead, pageHref, SortBar, type ListUrls } from "../admin/list-table";
import { VERIFICATION_SORT, type VerificationListQuery } from "./verification-list";
import { REJECTION_REASONS } from "./poses";
import type { listPendingVerifications, PendingVerification } from "./verification.service";

/**
 * Moderation → Verifications (docs/decisions/0093): each waiting live selfie beside the member's
 * photos, with the pose that was asked for; Approve, or Reject with a reason the member is mailed.
 * The selfie is read from an admin-only route and is never cached.
 */
const REGION = "verifications-list";
const BASE = "/admin/moderation";

export const verificationsHref = (page: number) => listHref(BASE, { view: "verifications", page });

/** The queue's URLs for the shared list controls (docs/decisions/0131). */
const urlsOf = (query: Pick<VerificationListQuery, "sort" | "limit">): ListUrls => ({
  path: BASE,
  api: "/api/admin/verifications",
  regionId: REGION,
  pageParams: { view: "verifications" },
  filters: {},
  sort: query.sort,
  defaultSort: VERIFICATION_SORT.defaultSort,
  limit: query.limit,
});

function VerificationCard({ item }: { item: PendingVerification }) {
  const t = useT();
  const { lang } = useI18n();
  const name = `${item.user.firstName} ${item.user.lastName}`.trim();
  return (
    <li className="admin-verification" data-verification-id={item.id}>
      <article aria-label={t("admin.verifications.decide", { name })}>
        <header className="admin-report-head">
          <h3 className="admin-report-reason">
            <a className="admin-person-name" href={listHref("/admin/users", { search: item.user.email })}>
              {name}
            </a>
          </h3>
          <span className="muted">
            {t("admin.verifications.submitted")} <time dateTime={item.submittedAt}>{formatDateTime(lang, item.submittedAt)}</time>
          </span>
        </header>
        <p className="admin-verification-pose">
          <strong>{t("admin.verifications.pose")}:</strong> {t(`verification.poses.${item.pose}`)}
        </p>
        <div className="admin-verification-compare">
          <figure>
            <img src={`/api/admin/verifications/${item.id}/selfie`} alt={t("admin.verifications.selfie", { name })} className="admin-verification-selfie" />
            <figcaption>{t("admin.verifications.selfie", { name })}</figcaption>
          </figure>
          <figure>
            {item.photos.length === 0 ? (
              <p className="muted">{t("admin.verifications.noPhotos")}</p>
            ) : (
              <ul className="photo-grid admin-verification-photos">
                {item.photos.map((url) => (
                  <li key={url}>
                    <img src={url} alt="" />
                  </li>
                ))}
              </ul>
            )}
            <figcaption>{t("admin.verifications.photos", { name })}</figcaption>
          </figure>
        </div>
        <div className="admin-verification-actions" data-error-title={t("admin.verifications.failed")}>
          <button type="button" className="button button-primary button-small" hx-post={`/api/admin/verifications/${item.id}`} hx-vals={JSON.stringify({ decision: "approve" })} hx-swap="none" data-testid="approve-verification">
            {t("admin.verifications.approve")}
          </button>
          <form className="admin-verification-reject" hx-post={`/api/admin/verifications/${item.id}`} hx-vals={JSON.stringify({ decision: "reject" })} hx-swap="none">
            <label className="visually-hidden" htmlFor={`reason-${item.id}`}>
              {t("admin.verifications.reason")}
            </label>
            <select id={`reason-${item.id}`} name="reason" required defaultValue="">
              <option value="" disabled>
                {t("admin.verifications.reason")}
              </option>
              {REJECTION_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`verification.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <button type="submit" className="button button-outline button-small">
              {t("admin.verifications.reject")}
            </button>
          </form>
        </div>
      </article>
    </li>
  );
}

export function VerificationsRegion({ list, query = { sort: VERIFICATION_SORT.defaultSort, limit: list.limit } }: { list: Awaited<ReturnType<typeof listPendingVerifications>>; query?: Pick<VerificationListQuery, "sort" | "limit"> }) {
  const t = useT();
  const urls = urlsOf(query);
  return (
    <ListRegion id={REGION} area="verifications" href={pageHref(urls, list.page)} label={t("admin.moderation.views.verifications")}>
      <p className="muted admin-verification-lead">{t("admin.verifications.lead")}</p>
      {list.total === 0 ? null : (
        <>
          <ListHead urls={urls} />
          <SortBar
            urls={urls}
            columns={[
              { column: "submittedAt", label: t("admin.lists.verificationSort.submittedAt") },
              { column: "name", label: t("admin.lists.verificationSort.name") },
            ]}
          />
        </>
      )}
      {list.verifications.length === 0 ? (
        <EmptyState title={t("admin.verifications.empty")} body={t("admin.verifications.emptyBody")} />
      ) : (
        <ul className="admin-verifications">
          {list.verifications.map((item) => (
            <VerificationCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pager page={list.page} limit={list.limit} total={list.total} regionId={REGION} hrefFor={(page) => pageHref(urls, page)} />
    </ListRegion>
  );
}

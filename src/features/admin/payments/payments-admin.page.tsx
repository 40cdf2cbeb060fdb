import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { RenderPage } from "../../../views/render";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { EmptyState, ListRegion, Pager, useMoney } from "../admin-ui";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../list-table";
import { firstIssueMessage } from "../list-query";
import { SearchForm } from "../users/member-list-ui";
import { GATEWAY_NAMES } from "../../payments/gateways/gateway";
import { PAYMENT_STATUSES } from "../../../../db/schema";
import { loadPaymentDetail } from "./payment-detail.data";
import { paymentPage } from "./payment-detail.page";
import { FlagBadge, memberHref, memberName, Money, paymentHref, StatusBadge, useGatewayName, When } from "./payment-view";
import { refundDialogRoute } from "./refund-form";
import { PAYMENT_SORT, paymentListQuerySchema, type PaymentListQuery } from "./payments-admin.schemas";
import { listPayments, type AdminPaymentEntry } from "./payments-admin.service";

/**
 * Payments, /admin/payments (ADMIN.md 'Lists', 'One payment'; docs/decisions/0125): find a payment
 * by Kasih's reference (the one on the receipt mail), the gateway's order id or the member; filter
 * by status, gateway and Jakarta dates; sort by a column; 10, 25 or 100 rows; export the matching
 * rows as CSV. Each row opens the payment's own page. Read through the same service as
 * GET /api/admin/payments, so the page and the JSON call cannot disagree.
 */

const BASE = "/admin/payments";
const REGION = "payments-list";
const SEARCH_FORM = "payments-search-form";

type PaymentList = Awaited<ReturnType<typeof listPayments>>;

/** The list's URLs (shared list controls, docs/decisions/0131): filters as the form sends them. */
function urlsOf(query: PaymentListQuery): ListUrls {
  return {
    path: BASE,
    api: "/api/admin/payments",
    regionId: REGION,
    filters: { search: query.search, status: query.status, gateway: query.gateway, from: query.from, to: query.to, flagged: query.flagged ? 1 : undefined },
    sort: query.sort,
    defaultSort: PAYMENT_SORT.defaultSort,
    limit: query.limit,
    formId: SEARCH_FORM,
  };
}

function Totals({ totals }: { totals: PaymentList["totals"] }) {
  const t = useT();
  const { lang } = useI18n();
  const { rupiah } = useMoney();
  return (
    <section className="admin-card" aria-labelledby="payments-totals-title">
      <h2 id="payments-totals-title" className="admin-card-title">
        {t("admin.payments.totals.title")}
      </h2>
      <dl className="admin-stats admin-stats-pair">
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.payments.totals.paidAmount")}</dt>
          <dd className="admin-stat-value" data-testid="paid-amount">
            {rupiah(totals.paidAmount)}
          </dd>
        </div>
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.payments.totals.paidCount")}</dt>
          <dd className="admin-stat-value">{new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US").format(totals.paidCount)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Toolbar({ query }: { query: PaymentListQuery }) {
  const t = useT();
  const gatewayName = useGatewayName();
  return (
    <SearchForm
      action={BASE}
      regionId={REGION}
      searchId="payments-search"
      label={t("admin.money.list.searchLabel")}
      placeholder={t("admin.money.list.searchPlaceholder")}
      search={query.search}
      id={SEARCH_FORM}
    >
      <div className="admin-payment-filters">
        <div className="field field-small">
          <label htmlFor="payments-status">{t("admin.money.list.status")}</label>
          <select id="payments-status" name="status" defaultValue={query.status}>
            <option value="all">{t("admin.money.list.allStatuses")}</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.money.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-small">
          <label htmlFor="payments-gateway">{t("admin.money.list.gateway")}</label>
          <select id="payments-gateway" name="gateway" defaultValue={query.gateway ?? ""}>
            <option value="">{t("admin.money.list.allGateways")}</option>
            {GATEWAY_NAMES.map((gateway) => (
              <option key={gateway} value={gateway}>
                {gatewayName(gateway)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-small">
          <label htmlFor="payments-from">{t("admin.money.list.from")}</label>
          <input id="payments-from" type="date" name="from" defaultValue={query.from ?? ""} aria-describedby="payments-dates-hint" />
        </div>
        <div className="field field-small">
          <label htmlFor="payments-to">{t("admin.money.list.to")}</label>
          <input id="payments-to" type="date" name="to" defaultValue={query.to ?? ""} aria-describedby="payments-dates-hint" />
        </div>
      </div>
      <p id="payments-dates-hint" className="field-hint admin-payment-filters-hint">
        {t("admin.money.list.datesHint")}
      </p>
    </SearchForm>
  );
}

function PaymentRow({ payment }: { payment: AdminPaymentEntry }) {
  const t = useT();
  const gatewayName = useGatewayName();
  const flags = payment.flags ?? [];
  const flagged = flags.length > 0 && payment.flagsSeenAt === null;
  return (
    <tr data-payment-id={payment.id} data-status={payment.status} className={flagged ? "admin-row-flagged" : undefined}>
      <td className="admin-cell-main">
        <a className="admin-payment-ref" href={paymentHref(payment.id)} aria-label={t("admin.money.list.openLabel", { reference: payment.id })}>
          <code className="admin-code">{payment.id}</code>
        </a>
      </td>
      <td data-label={t("admin.money.list.columns.member")}>
        {payment.member === null ? (
          <span className="muted">{t("admin.money.list.deletedMember")}</span>
        ) : (
          <span className="admin-person">
            <a className="admin-person-name" href={memberHref(payment.member.id)}>
              {memberName(payment.member)}
            </a>
            <span className="admin-person-sub">{payment.member.email}</span>
          </span>
        )}
      </td>
      <td data-label={t("admin.money.list.columns.plan")}>{t(`plans.names.${payment.plan}`)}</td>
      <td data-label={t("admin.money.list.columns.amount")} className="admin-num admin-nowrap">
        <Money amount={payment.amount} currency={payment.currency} />
      </td>
      <td data-label={t("admin.money.list.columns.method")}>
        <span className="admin-person">
          <span>{t(`admin.money.methods.${payment.method}`, { defaultValue: payment.method })}</span>
          <span className="admin-person-sub">{gatewayName(payment.gateway)}</span>
        </span>
      </td>
      <td data-label={t("admin.money.list.columns.status")}>
        <span className="admin-person">
          <span className="admin-badges">
            <StatusBadge status={payment.status} />
            {flagged ? flags.map((flag) => <FlagBadge key={flag} flag={flag} />) : null}
          </span>
          {/* When the money came, under its status (the list sorts by it too: ?sort=paidAt). */}
          {payment.paidAt === null ? null : (
            <span className="admin-person-sub">
              {t("admin.money.list.paidLabel")} <When value={payment.paidAt} />
            </span>
          )}
        </span>
      </td>
      <td data-label={t("admin.money.list.columns.created")} className="admin-nowrap-wide">
        <When value={payment.createdAt} />
      </td>
    </tr>
  );
}

function PaymentsRegion({ list, query }: { list: PaymentList; query: PaymentListQuery }) {
  const t = useT();
  const urls = urlsOf(query);
  const narrowed = query.search !== undefined || query.status !== "all" || query.gateway !== undefined || query.from !== undefined || query.to !== undefined || query.flagged;
  return (
    <ListRegion id={REGION} area="payments" href={pageHref(urls, query.page)} label={t("admin.money.list.listLabel")}>
      <ListHead
        urls={urls}
        exportHint={t("admin.money.list.exportHint")}
        sortOptions={[
          { column: "createdAt", label: t("admin.money.list.columns.created") },
          { column: "amount", label: t("admin.money.list.columns.amount") },
          { column: "status", label: t("admin.money.list.columns.status") },
          { column: "plan", label: t("admin.money.list.columns.plan") },
          { column: "method", label: t("admin.money.list.columns.method") },
          { column: "paidAt", label: t("admin.money.list.paidLabel") },
        ]}
      />
      {list.payments.length === 0 && list.total === 0 ? (
        narrowed ? (
          <EmptyState
            title={t("admin.money.list.emptyTitle")}
            body={t("admin.money.list.emptyBody")}
            action={
              <a className="button button-outline button-small" href={BASE}>
                {t("admin.money.list.clear")}
              </a>
            }
          />
        ) : (
          <EmptyState title={t("admin.money.list.noneTitle")} body={t("admin.money.list.noneBody")} />
        )
      ) : list.payments.length === 0 ? (
        <EmptyState
          title={t("admin.pager.beyond", { total: list.total })}
          action={
            <a className="button button-outline button-small" href={pageHref(urls)}>
              {t("admin.listError.reset")}
            </a>
          }
        />
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-payments-table">
            <caption className="visually-hidden">{t("admin.money.list.listLabel")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.money.list.columns.reference")}</th>
                <th scope="col">{t("admin.money.list.columns.member")}</th>
                <SortHeader urls={urls} column="plan" label={t("admin.money.list.columns.plan")} />
                <SortHeader urls={urls} column="amount" label={t("admin.money.list.columns.amount")} numeric />
                <SortHeader urls={urls} column="method" label={t("admin.money.list.columns.method")} />
                <SortHeader urls={urls} column="status" label={t("admin.money.list.columns.status")} />
                <SortHeader urls={urls} column="createdAt" label={t("admin.money.list.columns.created")} firstDescending />
              </tr>
            </thead>
            <tbody>
              {list.payments.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} limit={list.limit} total={list.total} regionId={REGION} hrefFor={(page) => pageHref(urls, page)} />
    </ListRegion>
  );
}

export function paymentsAdminPages(deps: AppDeps, render: RenderPage) {
  const load = (id: string) => loadPaymentDetail(deps, id);
  return new Hono<AppEnv>()
    .get("/payments", async (c) => {
      const t = c.get("t");
      const options: AdminPageOptions = { place: "payments", title: t("admin.sections.payments"), lead: t("admin.money.list.lead") };
      const parsed = paymentListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), BASE);
      const query = parsed.data;
      const list = await listPayments(deps, query);
      const region = <PaymentsRegion list={list} query={query} />;
      return renderAdmin(
        c,
        render,
        options,
        <>
          <Totals totals={list.totals} />
          <Toolbar query={query} />
          {region}
        </>,
        region,
      );
    })
    .get("/payments/:id", (c) => paymentPage(c, deps, render, load))
    .get("/payments/:id/refund", (c) => refundDialogRoute(c, load, "form"))
    .post("/payments/:id/refund/confirm", (c) => refundDialogRoute(c, load, "confirm"));
}

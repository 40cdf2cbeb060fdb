import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { ADMIN_PAGE_SIZE } from "../../../platform/constants";
import type { RenderPage } from "../../../views/render";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { Badge, EmptyState, formatDateTime, listHref, Pager, regionLink, useMoney, type BadgeTone } from "../admin-ui";
import { firstIssueMessage } from "../list-query";
import { PAYMENT_FILTERS, paymentListQuerySchema, type PaymentListQuery } from "./payments-admin.schemas";
import { listPayments, type AdminPaymentEntry } from "./payments-admin.service";

/**
 * Payments, /admin/payments (spec point 2 "sections"; ADMIN.md "Lists"): every payment filtered by
 * status, newest first, with the paid revenue. Reading only: payments change through the
 * gateways' notifications, never by hand.
 */

const BASE = "/admin/payments";
const REGION = "payments-list";

const STATUS_TONE: Record<AdminPaymentEntry["status"], BadgeTone> = { pending: "warning", paid: "success", failed: "danger", expired: "neutral", cancelled: "neutral", refund_pending: "warning", refunded: "neutral" };

function paymentsHref(query: Pick<PaymentListQuery, "status" | "page" | "limit">) {
  return listHref(BASE, { status: query.status, page: query.page, limit: query.limit === ADMIN_PAGE_SIZE ? undefined : query.limit });
}

type PaymentList = Awaited<ReturnType<typeof listPayments>>;

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

function PaymentRow({ payment }: { payment: AdminPaymentEntry }) {
  const t = useT();
  const { lang } = useI18n();
  const { rupiah } = useMoney();
  const name = payment.member === null ? null : `${payment.member.firstName} ${payment.member.lastName}`.trim();
  return (
    <tr data-payment-id={payment.id} data-status={payment.status}>
      <td>
        {payment.member === null ? (
          <span className="muted">{t("admin.payments.deletedMember")}</span>
        ) : (
          <div className="admin-person">
            <a className="admin-person-name" href={listHref("/admin/users", { search: payment.member.email })}>
              {name}
            </a>
            <span className="admin-person-sub">{payment.member.email}</span>
          </div>
        )}
      </td>
      <td data-label={t("admin.payments.columns.plan")}>{t(`plans.names.${payment.plan}`)}</td>
      <td data-label={t("admin.payments.columns.amount")} className="admin-num admin-nowrap">
        {payment.currency === "IDR" ? rupiah(payment.amount) : `${payment.currency} ${payment.amount}`}
      </td>
      <td data-label={t("admin.payments.columns.method")}>
        <div className="admin-person">
          <span>{t(`admin.payments.methods.${payment.method}`)}</span>
          {/* The gateway that took it, unless it is the method itself (a wallet paid directly). */}
          {payment.gateway !== payment.method ? <span className="admin-person-sub">{t(`admin.gateways.${payment.gateway}`, { defaultValue: payment.gateway })}</span> : null}
        </div>
      </td>
      <td data-label={t("admin.payments.columns.status")}>
        <Badge tone={STATUS_TONE[payment.status]}>{t(`admin.payments.status.${payment.status}`)}</Badge>
      </td>
      <td data-label={t("admin.payments.columns.created")}>
        <time dateTime={payment.createdAt}>{formatDateTime(lang, payment.createdAt)}</time>
      </td>
      <td data-label={t("admin.payments.columns.paid")}>{payment.paidAt === null ? <span className="muted">—</span> : <time dateTime={payment.paidAt}>{formatDateTime(lang, payment.paidAt)}</time>}</td>
    </tr>
  );
}

function PaymentsRegion({ list, query }: { list: PaymentList; query: PaymentListQuery }) {
  const t = useT();
  return (
    // Nothing in the panel changes a payment, so this region needs no refresh event (unlike ListRegion).
    <section id={REGION} className="admin-list" aria-label={t("admin.payments.listLabel")} aria-live="polite">
      <nav className="admin-filter-chips" aria-label={t("admin.payments.filterLabel")}>
        {PAYMENT_FILTERS.map((status) => {
          const href = paymentsHref({ status, page: 1, limit: query.limit });
          return (
            <a key={status} className="admin-chip" href={href} hx-get={href} {...regionLink(REGION)} aria-current={status === query.status ? "true" : undefined}>
              {t(`admin.payments.filters.${status}`)}
            </a>
          );
        })}
      </nav>
      {list.payments.length === 0 ? (
        list.total > 0 ? (
          <EmptyState title={t("admin.pager.beyond", { total: list.total })} action={<a className="button button-outline button-small" href={paymentsHref({ ...query, page: 1 })}>{t("admin.listError.reset")}</a>} />
        ) : query.status === "all" ? (
          <EmptyState title={t("admin.payments.empty.all")} body={t("admin.payments.emptyBody")} />
        ) : (
          <EmptyState title={t(`admin.payments.empty.${query.status}`)} />
        )
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-payments-table">
            <caption className="visually-hidden">{t("admin.payments.listLabel")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.payments.columns.member")}</th>
                <th scope="col">{t("admin.payments.columns.plan")}</th>
                <th scope="col" className="admin-num">
                  {t("admin.payments.columns.amount")}
                </th>
                <th scope="col">{t("admin.payments.columns.method")}</th>
                <th scope="col">{t("admin.payments.columns.status")}</th>
                <th scope="col">{t("admin.payments.columns.created")}</th>
                <th scope="col">{t("admin.payments.columns.paid")}</th>
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
      <Pager page={list.page} limit={list.limit} total={list.total} regionId={REGION} hrefFor={(page) => paymentsHref({ ...query, page })} />
    </section>
  );
}

export function paymentsAdminPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/payments", async (c) => {
    const t = c.get("t");
    const options: AdminPageOptions = { place: "payments", title: t("admin.sections.payments"), lead: t("admin.payments.lead") };
    const parsed = paymentListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), BASE);
    const list = await listPayments(deps, parsed.data);
    const region = <PaymentsRegion list={list} query={parsed.data} />;
    return renderAdmin(
      c,
      render,
      options,
      <>
        <Totals totals={list.totals} />
        {region}
      </>,
      region,
    );
  });
}

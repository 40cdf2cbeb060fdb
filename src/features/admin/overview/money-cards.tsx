import { useT } from "../../../../islands/runtime/i18n-context";
import { Badge, EmptyState, useMoney } from "../admin-ui";
import { FlagBadge, memberName, Money, paymentHref, When } from "../payments/payment-view";

/**
 * The Overview's money (ADMIN.md 'Lists': revenue and flaggedPayments; docs/decisions/0125):
 * this month's and last month's paid revenue and this month's refunds, in Jakarta months, and the
 * payments flagged late or needs_attention until an admin marks them seen on their page.
 */

export interface Revenue {
  thisMonth: number;
  lastMonth: number;
  refundedThisMonth: number;
}

export interface FlaggedPayment {
  id: string;
  member: { firstName: string; lastName: string; email: string } | null;
  amount: number;
  currency?: string;
  flags: string[];
  /** When it was paid, or (refused, never paid) created. */
  at: string | null;
}

export function RevenueCard({ revenue }: { revenue: Revenue }) {
  const t = useT();
  const { rupiah } = useMoney();
  const items: { key: keyof Revenue | "net"; label: string; value: number }[] = [
    { key: "thisMonth", label: t("admin.money.overview.thisMonth"), value: revenue.thisMonth },
    { key: "lastMonth", label: t("admin.money.overview.lastMonth"), value: revenue.lastMonth },
    { key: "refundedThisMonth", label: t("admin.money.overview.refundedThisMonth"), value: revenue.refundedThisMonth },
    { key: "net", label: t("admin.money.overview.netThisMonth"), value: revenue.thisMonth - revenue.refundedThisMonth },
  ];
  return (
    <section className="admin-card" aria-labelledby="overview-revenue-title">
      <div className="admin-card-head">
        <div>
          <h2 id="overview-revenue-title" className="admin-card-title">
            {t("admin.money.overview.revenueTitle")}
          </h2>
          <p className="admin-card-lead">{t("admin.money.overview.revenueLead")}</p>
        </div>
        <a className="button button-outline button-small" href="/admin/payments">
          {t("admin.sections.payments")}
        </a>
      </div>
      <dl className="admin-stats admin-stats-revenue">
        {items.map((item) => (
          <div key={item.key} className="admin-stat" data-revenue={item.key}>
            <dt className="admin-stat-label">{item.label}</dt>
            <dd className="admin-stat-value">{rupiah(item.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `total`: every unseen flagged payment; `flagged` the newest of them, listed. */
export function FlaggedPaymentsCard({ flagged, total }: { flagged: FlaggedPayment[]; total: number }) {
  const t = useT();
  return (
    <section className="admin-card" aria-labelledby="overview-flagged-title" id="overview-flagged">
      <div className="admin-card-head">
        <div>
          <h2 id="overview-flagged-title" className="admin-card-title">
            {t("admin.money.overview.flaggedTitle")}
          </h2>
          <p className="admin-card-lead">{t("admin.money.overview.flaggedLead")}</p>
        </div>
        {total > 0 ? <Badge tone="warning">{t("admin.money.overview.flaggedCount", { count: total })}</Badge> : <Badge tone="success">{t("admin.overview.quick.clearBadge")}</Badge>}
      </div>
      {flagged.length === 0 ? (
        <EmptyState title={t("admin.money.overview.flaggedEmpty")} body={t("admin.money.overview.flaggedEmptyBody")} />
      ) : (
        <ul className="admin-flagged-list">
          {flagged.map((payment) => (
            <li key={payment.id} className="admin-flagged-item" data-payment-id={payment.id}>
              <a className="admin-flagged-link" href={paymentHref(payment.id)}>
                <span className="admin-person">
                  <span className="admin-person-name">{payment.member === null ? t("admin.money.list.deletedMember") : memberName(payment.member)}</span>
                  <span className="admin-person-sub">
                    <Money amount={payment.amount} currency={payment.currency} /> · <When value={payment.at} />
                  </span>
                </span>
                <span className="admin-badges">
                  {payment.flags.map((flag) => (
                    <FlagBadge key={flag} flag={flag} />
                  ))}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {total > flagged.length ? (
        <a className="button button-outline button-small admin-flagged-all" href="/admin/payments?flagged=1">
          {t("admin.money.overview.flaggedAll", { count: total })}
        </a>
      ) : null}
    </section>
  );
}

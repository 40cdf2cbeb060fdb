import type { Context } from "hono";
import type { ReactNode } from "react";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../../app-env";
import type { RenderPage } from "../../../views/render";
import { ArrowLeftIcon } from "../../../../islands/components/icons";
import { renderAdmin } from "../admin-render";
import { EmptyState, formatDateTime } from "../admin-ui";
import { isHtmx, refreshEvent } from "../htmx";
import { FlagBadge, memberHref, memberName, Money, paymentHref, StatusBadge, useGatewayName, When } from "./payment-view";
import { RefundCard, type RefundAbility } from "./refund-form";
import type { PaymentDetail } from "./payment-detail.data";

/**
 * One payment, /admin/payments/{id} (ADMIN.md 'One payment', docs/decisions/0125): who paid what,
 * how, through which gateway with its ids, the status history, the flags with "Mark as seen",
 * every notification received, and the refund. The whole page body is one region that reloads
 * itself (same URL, htmx) when a change here announces "payment": a refund or a seen mark shows
 * at once, from the server.
 */

export const PAYMENT_REGION = "payment-detail";

function Facts({ payment }: { payment: PaymentDetail }) {
  const t = useT();
  const gatewayName = useGatewayName();
  const rows: [string, ReactNode][] = [
    [
      t("admin.money.detail.member"),
      payment.member === null ? (
        <span className="muted">{t("admin.money.list.deletedMember")}</span>
      ) : (
        <span className="admin-person">
          <a className="admin-person-name" href={memberHref(payment.member.id)}>
            {memberName(payment.member)}
          </a>
          <span className="admin-person-sub">{payment.member.email}</span>
        </span>
      ),
    ],
    [t("admin.money.detail.plan"), t(`plans.names.${payment.plan}`)],
    [t("admin.money.detail.amount"), <Money amount={payment.amount} currency={payment.currency} />],
    [t("admin.money.detail.method"), t(`admin.money.methods.${payment.method}`, { defaultValue: payment.method })],
    [t("admin.money.detail.gateway"), gatewayName(payment.gateway)],
    [
      t("admin.money.detail.reference"),
      <span className="admin-person">
        <code className="admin-code admin-id">{payment.id}</code>
        <span className="admin-person-sub">{t("admin.money.detail.referenceHint")}</span>
      </span>,
    ],
    [t("admin.money.detail.orderId"), <code className="admin-code admin-id">{payment.gatewayOrderId}</code>],
    [t("admin.money.detail.transactionId"), payment.gatewayTransactionId ? <code className="admin-code admin-id">{payment.gatewayTransactionId}</code> : <span className="muted">—</span>],
    [t("admin.money.detail.created"), <When value={payment.createdAt} />],
    [t("admin.money.detail.paid"), <When value={payment.paidAt} />],
  ];
  return (
    <section className="admin-card" aria-labelledby="payment-facts-title">
      <div className="admin-card-head">
        <h2 id="payment-facts-title" className="admin-card-title">
          {t("admin.money.detail.summary")}
        </h2>
        <span className="admin-badges">
          <StatusBadge status={payment.status} />
          {payment.flags.map((flag) => (
            <FlagBadge key={flag} flag={flag} />
          ))}
        </span>
      </div>
      <dl className="admin-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="admin-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FlagsCard({ payment }: { payment: PaymentDetail }) {
  const { t, lang } = useI18n();
  if (payment.flags.length === 0) return null;
  const unseen = payment.flagsSeenAt === null;
  return (
    <section className={unseen ? "admin-card admin-flag-card" : "admin-card"} aria-labelledby="payment-flags-title" data-flags-seen={unseen ? "false" : "true"}>
      <div className="admin-card-head">
        <h2 id="payment-flags-title" className="admin-card-title">
          {t("admin.money.detail.flagsTitle")}
        </h2>
        {unseen ? (
          <button
            type="button"
            className="button button-primary button-small"
            hx-post={`/api/admin/payments/${payment.id}/seen`}
            hx-swap="none"
            data-error-title={t("admin.money.detail.seenFailed")}
            aria-label={t("admin.money.detail.markSeenLabel", { reference: payment.id })}
          >
            {t("admin.money.detail.markSeen")}
          </button>
        ) : (
          <span className="muted admin-small">{t("admin.money.flags.seen", { date: formatDateTime(lang, payment.flagsSeenAt) })}</span>
        )}
      </div>
      <ul className="admin-flag-list">
        {payment.flags.map((flag) => (
          <li key={flag}>
            <FlagBadge flag={flag} /> <span>{t(`admin.money.flags.${flag}Hint`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HistoryCard({ payment }: { payment: PaymentDetail }) {
  const t = useT();
  return (
    <section className="admin-card" aria-labelledby="payment-history-title">
      <h2 id="payment-history-title" className="admin-card-title">
        {t("admin.money.detail.historyTitle")}
      </h2>
      {payment.statusHistory.length === 0 ? (
        <p className="muted admin-small">{t("admin.money.detail.historyEmpty")}</p>
      ) : (
        <ol className="admin-timeline">
          {payment.statusHistory.map((entry, index) => (
            <li key={index} className="admin-timeline-item">
              <StatusBadge status={entry.status} />
              <When value={entry.at} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A notification body as stored (secrets removed), pretty-printed when it is JSON. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function NotificationsCard({ payment }: { payment: PaymentDetail }) {
  const t = useT();
  return (
    <section className="admin-card" aria-labelledby="payment-notifications-title">
      <div>
        <h2 id="payment-notifications-title" className="admin-card-title">
          {t("admin.money.detail.notificationsTitle")}
        </h2>
        <p className="admin-card-lead">{t("admin.money.detail.notificationsLead")}</p>
      </div>
      {payment.notifications.length === 0 ? (
        <p className="muted admin-small">{t("admin.money.detail.notificationsEmpty")}</p>
      ) : (
        <ol className="admin-notifications">
          {payment.notifications.map((notification, index) => (
            <li key={index} className="admin-notification">
              <div className="admin-notification-head">
                <When value={notification.receivedAt} />
                <span className="admin-badges">
                  {notification.verified ? <FlagLike tone="success" text={t("admin.money.detail.verified")} /> : <FlagLike tone="danger" text={t("admin.money.detail.notVerified")} />}
                  <span className="admin-notification-status">{t(`admin.money.status.${notification.status}`, { defaultValue: notification.status })}</span>
                  <span className="muted">{t("admin.money.detail.answered", { code: notification.answer })}</span>
                </span>
              </div>
              <pre className="admin-pre" tabIndex={0} aria-label={t("admin.money.detail.body")}>
                {readable(notification.body)}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function FlagLike({ tone, text }: { tone: "success" | "danger"; text: string }) {
  return <span className={`badge admin-badge admin-badge-${tone}`}>{text}</span>;
}

export function PaymentRegion({ payment, refund }: { payment: PaymentDetail; refund: RefundAbility }) {
  const href = paymentHref(payment.id);
  return (
    <div id={PAYMENT_REGION} className="admin-payment" hx-get={href} hx-trigger={`${refreshEvent("payment")} from:body`} hx-swap="outerHTML" aria-live="polite">
      <div className="admin-payment-main">
        <Facts payment={payment} />
        <FlagsCard payment={payment} />
        <NotificationsCard payment={payment} />
      </div>
      <div className="admin-payment-side">
        <RefundCard payment={payment} ability={refund} />
        <HistoryCard payment={payment} />
      </div>
    </div>
  );
}

function BackLink() {
  const t = useT();
  return (
    <a className="button button-outline button-small" href="/admin/payments">
      <ArrowLeftIcon size={16} /> {t("admin.money.detail.back")}
    </a>
  );
}

/** GET /admin/payments/{id}: the page, or only its region for htmx (a refresh after a change). */
export async function paymentPage(c: Context<AppEnv>, deps: AppDeps, render: RenderPage, load: (id: string) => Promise<{ payment: PaymentDetail; refund: RefundAbility } | null>) {
  const t = c.get("t");
  const id = c.req.param("id") ?? "";
  const found = id.length > 0 && id.length <= 200 ? await load(id) : null;
  if (found === null) {
    if (isHtmx(c)) return c.json({ message: "Payment not found" }, 404);
    return renderAdmin(
      c,
      render,
      { place: "payments", title: t("admin.money.detail.notFound"), status: 404, actions: <BackLink /> },
      <EmptyState title={t("admin.money.detail.notFound")} body={t("admin.money.detail.notFoundBody")} />,
    );
  }
  c.header("Cache-Control", "no-store");
  const region = <PaymentRegion payment={found.payment} refund={found.refund} />;
  return renderAdmin(c, render, { place: "payments", title: t("admin.money.detail.title", { reference: found.payment.id }), actions: <BackLink /> }, region, region);
}

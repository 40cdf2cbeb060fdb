import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { PLAN_FEATURES, PLAN_PRICES_IDR } from "../../../platform/constants";
import type { RenderPage } from "../../../views/render";
import { renderAdmin } from "../admin-render";
import { Badge, useMoney } from "../admin-ui";
import { loadToggleState, ToggleCards, type ToggleState } from "../settings/toggle-cards";
import { BarChart, chartFacts, formatDay, type ChartPoint } from "./charts";
import { overviewQueues, overviewStats, type OverviewStats } from "./stats.service";
import { FlaggedPaymentsCard, RevenueCard, type FlaggedPayment } from "./money-cards";
import type { Role } from "../../../../db/schema";
import { currentUser } from "../../../middleware/guards";
import { roleMay } from "../staff-permissions";
import { flaggedPayments } from "./flagged-payments";

function useCount() {
  const { lang } = useI18n();
  const format = new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US");
  return (value: number) => format.format(value);
}

function CountsCard({ stats }: { stats: OverviewStats }) {
  const t = useT();
  const count = useCount();
  const items: { key: string; value: number; label: string; hint?: string }[] = [
    { key: "totalUsers", value: stats.totalUsers, label: t("admin.overview.counts.totalUsers") },
    { key: "activeUsers", value: stats.activeUsers, label: t("admin.overview.counts.activeUsers"), hint: t("admin.overview.counts.activeHint") },
    { key: "premiumUsers", value: stats.premiumUsers, label: t("admin.overview.counts.premiumUsers"), hint: t("admin.overview.counts.premiumHint") },
    // Under the members with a profile (three to a row on a desktop): those seen in the last 1/7/30 days (DAU/WAU/MAU).
    { key: "activeDay", value: stats.active.day, label: t("admin.lists.active.day"), hint: t("admin.lists.active.dayHint") },
    { key: "activeWeek", value: stats.active.week, label: t("admin.lists.active.week"), hint: t("admin.lists.active.weekHint") },
    { key: "activeMonth", value: stats.active.month, label: t("admin.lists.active.month"), hint: t("admin.lists.active.monthHint") },
    { key: "bannedUsers", value: stats.bannedUsers, label: t("admin.overview.counts.bannedUsers") },
    { key: "matches", value: stats.matches, label: t("admin.overview.counts.matches") },
    { key: "messagesToday", value: stats.messagesToday, label: t("admin.overview.counts.messagesToday"), hint: t("admin.overview.counts.messagesTodayHint") },
  ];
  return (
    <section className="admin-card" aria-labelledby="overview-counts-title">
      <div className="admin-card-head">
        <h2 id="overview-counts-title" className="admin-card-title">
          {t("admin.overview.counts.title")}
        </h2>
        <a className="button button-primary button-small" href="/admin/users">
          {t("admin.overview.counts.viewAllUsers")}
        </a>
      </div>
      <dl className="admin-stats admin-stats-overview">
        {items.map((item) => (
          <div key={item.key} className="admin-stat" data-stat={item.key}>
            <dt className="admin-stat-label">{item.label}</dt>
            <dd className="admin-stat-value">{count(item.value)}</dd>
            {item.hint ? <dd className="admin-stat-hint">{item.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function ChartCards({ stats }: { stats: OverviewStats }) {
  const t = useT();
  const { lang } = useI18n();
  const count = useCount();
  const { rupiah } = useMoney();
  const signups: ChartPoint[] = stats.signupsByDay.map((day) => ({ date: day.date, value: day.count }));
  const revenue: ChartPoint[] = stats.revenueByDay.map((day) => ({ date: day.date, value: day.amount }));
  const signupFacts = chartFacts(signups);
  const revenueFacts = chartFacts(revenue);
  const signupSummary =
    signupFacts === null
      ? t("admin.overview.charts.signupsEmpty")
      : t("admin.overview.charts.signupsSummary", { count: signupFacts.total, total: count(signupFacts.total), day: formatDay(lang, signupFacts.peak.date), max: count(signupFacts.peak.value) });
  const revenueSummary =
    revenueFacts === null
      ? t("admin.overview.charts.revenueEmpty")
      : t("admin.overview.charts.revenueSummary", { total: rupiah(revenueFacts.total), day: formatDay(lang, revenueFacts.peak.date), max: rupiah(revenueFacts.peak.value) });
  return (
    <div className="admin-grid admin-grid-2">
      <section className="admin-card" aria-labelledby="chart-signups-heading">
        <div>
          <h2 id="chart-signups-heading" className="admin-card-title">
            {t("admin.overview.charts.signupsTitle")}
          </h2>
          <p className="admin-card-lead">{t("admin.overview.charts.period")}</p>
        </div>
        <BarChart
          id="chart-signups"
          title={t("admin.overview.charts.signupsTitle")}
          points={signups}
          format={count}
          summary={signupSummary}
          valueLabel={t("admin.overview.charts.signups")}
          emptyTitle={t("admin.overview.charts.signupsEmpty")}
          emptyBody={t("admin.overview.charts.signupsEmptyBody")}
        />
      </section>
      <section className="admin-card" aria-labelledby="chart-revenue-heading">
        <div>
          <h2 id="chart-revenue-heading" className="admin-card-title">
            {t("admin.overview.charts.revenueTitle")}
          </h2>
          <p className="admin-card-lead">{t("admin.overview.charts.period")}</p>
        </div>
        <BarChart
          id="chart-revenue"
          title={t("admin.overview.charts.revenueTitle")}
          points={revenue}
          format={rupiah}
          summary={revenueSummary}
          valueLabel={t("admin.overview.charts.revenue")}
          emptyTitle={t("admin.overview.charts.revenueEmpty")}
          emptyBody={t("admin.overview.charts.revenueEmptyBody")}
          tone="plum"
        />
      </section>
    </div>
  );
}

function QuickLinks({ pendingReports, tempUsers, role }: { pendingReports: number; tempUsers: number; role: Role }) {
  const t = useT();
  return (
    <nav className="admin-quick-links" aria-label={t("admin.overview.quick.label")}>
      <a className="admin-quick-link" href="/admin/moderation?status=pending">
        <span className="admin-quick-link-head">
          <span className="admin-quick-link-title">{t("admin.sections.moderation")}</span>
          {pendingReports > 0 ? <Badge tone="warning">{t("admin.overview.quick.pendingBadge", { count: pendingReports })}</Badge> : <Badge tone="success">{t("admin.overview.quick.clearBadge")}</Badge>}
        </span>
        <span className="admin-quick-link-body">{pendingReports > 0 ? t("admin.overview.quick.moderationPending", { count: pendingReports }) : t("admin.overview.quick.moderationClear")}</span>
      </a>
      {roleMay(role, "payments") ? (
        <a className="admin-quick-link" href="/admin/payments">
          <span className="admin-quick-link-head">
            <span className="admin-quick-link-title">{t("admin.sections.payments")}</span>
          </span>
          <span className="admin-quick-link-body">{t("admin.overview.quick.payments")}</span>
        </a>
      ) : null}
      {roleMay(role, "temp-users") ? (
        <a className="admin-quick-link" href="/admin/temp-users">
          <span className="admin-quick-link-head">
            <span className="admin-quick-link-title">{t("admin.sections.tempUsers")}</span>
            {tempUsers > 0 ? <Badge>{tempUsers}</Badge> : null}
          </span>
          <span className="admin-quick-link-body">{tempUsers > 0 ? t("admin.overview.quick.tempUsers", { count: tempUsers }) : t("admin.overview.quick.tempUsersNone")}</span>
        </a>
      ) : null}
    </nav>
  );
}

function PlansCard() {
  const t = useT();
  const { rupiah } = useMoney();
  return (
    <section className="admin-card" aria-labelledby="overview-plans-title">
      <div>
        <h2 id="overview-plans-title" className="admin-card-title">
          {t("admin.overview.plans.title")}
        </h2>
        <p className="admin-card-lead">{t("admin.overview.plans.lead")}</p>
      </div>
      <ul className="admin-tiles admin-plans">
        {(Object.keys(PLAN_PRICES_IDR) as (keyof typeof PLAN_PRICES_IDR)[]).map((plan) => (
          <li key={plan} className="admin-tile admin-plan" data-plan={plan}>
            <div className="admin-plan-head">
              <h3 className="admin-plan-name">{t(`plans.names.${plan}`)}</h3>
              <p className="admin-plan-price">
                <strong>{rupiah(PLAN_PRICES_IDR[plan])}</strong> <span className="muted">{t("plans.perMonth")}</span>
              </p>
            </div>
            <ul className="admin-plan-features">
              {PLAN_FEATURES[plan].map((feature) => (
                <li key={feature}>{t(`plans.features.${feature}`)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A moderator sees the counts, charts and queues; money and the switches are the admin's (ADMIN.md 'Who'). */
function Overview({ stats, queues, toggles, flagged, role }: { stats: OverviewStats; queues: { pendingReports: number; tempUsers: number }; toggles: ToggleState; flagged: FlaggedPayment[]; role: Role }) {
  const t = useT();
  return (
    <>
      <CountsCard stats={stats} />
      {roleMay(role, "payments") ? (
        <div className="admin-grid admin-grid-2">
          <RevenueCard revenue={stats.revenue} />
          <FlaggedPaymentsCard flagged={flagged} total={stats.flaggedPayments} />
        </div>
      ) : null}
      <QuickLinks pendingReports={queues.pendingReports} tempUsers={queues.tempUsers} role={role} />
      <ChartCards stats={stats} />
      {roleMay(role, "settings") ? (
        <section className="admin-overview-group" aria-labelledby="overview-switches-title">
          <div>
            <h2 id="overview-switches-title" className="admin-section-title">
              {t("admin.overview.switches.title")}
            </h2>
            <p className="muted admin-page-lead">{t("admin.overview.switches.lead")}</p>
          </div>
          <ToggleCards state={toggles} />
        </section>
      ) : null}
      <PlansCard />
    </>
  );
}

/**
 * The Overview tab, /admin (spec point 2; ADMIN.md "The panel"): the member counts with 'View
 * All Users', sign-ups and revenue of the last 30 days as server-drawn charts, the sections that
 * need attention, the feature switches and the premium plans of spec point 9.
 */
export function overviewPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const [stats, queues, toggles, flagged] = await Promise.all([overviewStats(deps), overviewQueues(deps), loadToggleState(deps), flaggedPayments(deps)]);
    const t = c.get("t");
    return renderAdmin(c, render, { place: "overview", title: t("admin.overview.title"), lead: t("admin.overview.lead") }, <Overview stats={stats} queues={queues} toggles={toggles} flagged={flagged} role={currentUser(c).role} />);
  });
}

import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../../app-env";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { RenderPage } from "../../../views/render";
import { REPORT_REASONS } from "../../safety/report-reasons";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { Badge, EmptyState, formatDateTime, listHref, ListRegion, Pager, regionLink, ServerDialog, type BadgeTone } from "../admin-ui";
import { memberPageHref } from "../users/member-list-ui";
import { isHtmx } from "../htmx";
import { firstIssueMessage } from "../list-query";
import { MODERATION_MESSAGES, REPORT_DECISIONS, REPORT_FILTERS, REPORT_SORT, reportListQuerySchema, type ReportDecision, type ReportListQuery, type ReportStatus } from "./moderation.schemas";
import { validReportId } from "./moderation.routes";
import { listPendingVerifications, pendingVerificationCount } from "../../verification/verification.service";
import { VerificationsRegion } from "../../verification/verification-queue";
import { verificationListQuerySchema } from "../../verification/verification-list";
import { ListHead, pageHref, SortBar, type ListUrls } from "../list-table";
import { listReports, pendingReportCount, type AdminReportEntry, type EvidenceMessage } from "./moderation.service";
import { evidencePhotoPath, reportDetail, type ReportDetail } from "./report-detail.service";
import { ActionTaken, DecisionForm, RepeatBadge, ReportedProfile, UrgentBadge } from "./report-detail";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { adminLogChoices, adminLogQuerySchema, listAdminLog } from "./admin-log-list";
import { AdminLogFilters, AdminLogRegion } from "./admin-log.view";
import { Counter } from "../admin-counters";

/**
 * Moderation, /admin/moderation (spec point 2 "Moderation section"; ADMIN.md): User Reports
 * (default) and Admin Actions (?view=actions) as plain links. Reports filter by status, link both
 * people to the Users tab (where the admin can ban), open the conversation behind a report in a
 * server-rendered dialog, and decide pending reports through PATCH /api/admin/reports/{id}.
 */

const BASE = "/admin/moderation";
const REPORTS_REGION = "reports-list";
const DIALOG_SLOT = { "hx-target": "#admin-dialog-slot", "hx-swap": "innerHTML" } as const;

const VIEWS = ["reports", "actions", "verifications"] as const;
type View = (typeof VIEWS)[number];

const STATUS_TONE: Record<ReportStatus, BadgeTone> = { pending: "warning", reviewed: "primary", resolved: "success", dismissed: "neutral" };

const isReasonCode = (reason: string): reason is (typeof REPORT_REASONS)[number] => (REPORT_REASONS as readonly string[]).includes(reason);

/** The reason as the member chose it in the report dialog; older free-text reasons as written. */
function useReasonLabel() {
  const t = useT();
  return (reason: string) => (isReasonCode(reason) ? t(`safety.reasons.${reason}`) : reason);
}

const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A person of a report: their member page while the account exists (ADMIN.md 'One member'), else "Account deleted". */
function PersonLink({ person }: { person: { id: string | null; firstName: string; lastName: string } }) {
  const t = useT();
  if (person.id === null) {
    const name = personName(person);
    return (
      <span className="admin-person-name">
        {name !== "" ? `${name} · ` : ""}
        <span className="muted">{t("reportDecision.deleted")}</span>
      </span>
    );
  }
  return (
    <a className="admin-person-name" href={memberPageHref(person.id)}>
      {personName(person)}
    </a>
  );
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const t = useT();
  return <Badge tone={STATUS_TONE[status]}>{t(`admin.moderation.status.${status}`)}</Badge>;
}

/** Mark reviewed / Resolve / Dismiss: only a pending report offers them (spec point 4). */
function DecisionButtons({ report }: { report: AdminReportEntry }) {
  const t = useT();
  if (report.status !== "pending") return null;
  const name = personName(report.reportedUser);
  const style: Record<ReportDecision, string> = { reviewed: "button-outline", resolved: "button-primary", dismissed: "button-outline" };
  return (
    <div className="admin-cell-actions" role="group" aria-label={t("admin.moderation.decide", { name })} data-error-title={t("admin.moderation.toast.failed")}>
      {REPORT_DECISIONS.map((decision) => (
        <button
          key={decision}
          type="button"
          className={`button button-small ${style[decision]}`}
          hx-patch={`/api/admin/reports/${report.id}`}
          hx-vals={JSON.stringify({ status: decision })}
          hx-swap="none"
        >
          {t(`admin.moderation.decisions.${decision}`)}
        </button>
      ))}
    </div>
  );
}

function ReportCard({ report }: { report: AdminReportEntry }) {
  const t = useT();
  const { lang } = useI18n();
  const reasonLabel = useReasonLabel();
  const titleId = `report-${report.id}-title`;
  const reportHref = `${BASE}/reports/${report.id}`;
  return (
    <li className="admin-report" data-report-id={report.id} data-status={report.status} data-urgent={report.urgent && report.status === "pending" ? "" : undefined}>
      <article aria-labelledby={titleId}>
        <header className="admin-report-head">
          <h3 id={titleId} className="admin-report-reason">
            {reasonLabel(report.reason)}
          </h3>
          <UrgentBadge report={report} />
          <ReportStatusBadge status={report.status} />
        </header>
        <dl className="admin-report-facts">
          <div>
            <dt>{t("admin.moderation.reported")}</dt>
            <dd>
              <PersonLink person={report.reportedUser} />
              <RepeatBadge count={report.reportsAgainstMember} />
              {report.reportedUser.isBanned ? (
                <>
                  {" "}
                  <Badge tone="danger">{t("admin.moderation.banned")}</Badge>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t("admin.moderation.reporter")}</dt>
            <dd>
              <PersonLink person={report.reporter} />
            </dd>
          </div>
          <div>
            <dt>{t("admin.moderation.date")}</dt>
            <dd>
              <time dateTime={report.createdAt}>{formatDateTime(lang, report.createdAt)}</time>
            </dd>
          </div>
        </dl>
        {report.description.trim() !== "" ? (
          <blockquote className="admin-report-description">{report.description}</blockquote>
        ) : (
          <p className="muted admin-report-description-none">{t("admin.moderation.noDescription")}</p>
        )}
        <ActionTaken report={report} />
        <div className="admin-report-actions">
          <a className="button button-primary button-small" href={reportHref} hx-get={reportHref} {...DIALOG_SLOT} aria-label={t("reportDecision.openNamed", { name: personName(report.reportedUser) })}>
            {t("reportDecision.open")}
          </a>
          <DecisionButtons report={report} />
        </div>
      </article>
    </li>
  );
}

/** The reports' URLs for the shared list controls (docs/decisions/0131). */
function reportUrls(query: Pick<ReportListQuery, "status" | "sort" | "limit">): ListUrls {
  return { path: BASE, api: "/api/admin/reports", regionId: REPORTS_REGION, filters: { status: query.status }, sort: query.sort, defaultSort: REPORT_SORT.defaultSort, limit: query.limit };
}

function reportsHref(query: Pick<ReportListQuery, "status" | "page" | "limit" | "sort">) {
  return pageHref(reportUrls(query), query.page);
}

function ReportsRegion({ list, query }: { list: Awaited<ReturnType<typeof listReports>>; query: ReportListQuery }) {
  const t = useT();
  const href = reportsHref(query);
  return (
    <ListRegion id={REPORTS_REGION} area="reports" href={href} label={t("admin.moderation.reportsLabel")}>
      <nav className="admin-filter-chips" aria-label={t("admin.moderation.filterLabel")}>
        {REPORT_FILTERS.map((status) => {
          const chipHref = reportsHref({ status, page: 1, limit: query.limit, sort: query.sort });
          return (
            <a key={status} className="admin-chip" href={chipHref} hx-get={chipHref} {...regionLink(REPORTS_REGION)} aria-current={status === query.status ? "true" : undefined}>
              {t(`admin.moderation.filters.${status}`)}
            </a>
          );
        })}
      </nav>
      {list.total === 0 ? null : (
        <>
          <ListHead urls={reportUrls(query)} />
          <SortBar
            urls={reportUrls(query)}
            columns={[
              { column: "priority", label: t("admin.lists.reportSort.priority") },
              { column: "createdAt", label: t("admin.lists.reportSort.createdAt"), firstDescending: true },
              { column: "reason", label: t("admin.lists.reportSort.reason") },
              { column: "status", label: t("admin.lists.reportSort.status") },
              { column: "reported", label: t("admin.lists.reportSort.reported") },
              { column: "reporter", label: t("admin.lists.reportSort.reporter") },
            ]}
          />
        </>
      )}
      {list.reports.length === 0 ? (
        list.total > 0 ? (
          <EmptyState title={t("admin.pager.beyond", { total: list.total })} action={<a className="button button-outline button-small" href={reportsHref({ ...query, page: 1 })}>{t("admin.listError.reset")}</a>} />
        ) : (
          <EmptyState title={t(`admin.moderation.empty.${query.status}`)} body={t("admin.moderation.emptyBody")} />
        )
      ) : (
        <ul className="admin-reports">
          {list.reports.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </ul>
      )}
      <Pager page={list.page} limit={list.limit} total={list.total} regionId={REPORTS_REGION} hrefFor={(page) => reportsHref({ ...query, page })} />
    </ListRegion>
  );
}

function SubTabs({ view, pending, selfies }: { view: View; pending: number; selfies: number }) {
  const t = useT();
  return (
    <nav className="admin-subtabs" aria-label={t("admin.moderation.viewsLabel")}>
      <a className="admin-subtab" href={BASE} aria-current={view === "reports" ? "page" : undefined}>
        {t("admin.moderation.views.reports")}
        {/* Always there (empty at 0), so the counters' answer can replace it after a decision (admin-counters.tsx). */}
        <Counter id="reports" className="admin-subtab-count" count={pending} label={t("admin.moderation.pendingCount", { count: pending })} />
      </a>
      <a className="admin-subtab" href={listHref(BASE, { view: "actions" })} aria-current={view === "actions" ? "page" : undefined}>
        {t("admin.moderation.views.actions")}
      </a>
      <a className="admin-subtab" href={listHref(BASE, { view: "verifications" })} aria-current={view === "verifications" ? "page" : undefined}>
        {t("admin.moderation.views.verifications")}
        <Counter id="verifications" className="admin-subtab-count" count={selfies} label={t("admin.lists.counters.verifications", { count: selfies })} />
      </a>
    </nav>
  );
}

function evidenceLine(t: (key: string) => string, message: EvidenceMessage) {
  if (message.kind === "missed_call") return t("admin.moderation.evidence.missedCall");
  if (message.kind === "call") return t("admin.moderation.evidence.call");
  return message.content;
}

/** The conversation behind a report: both sides, who wrote what, oldest first. */
function Evidence({ evidence }: { evidence: ReportDetail }) {
  const t = useT();
  const { lang } = useI18n();
  const { report, messages, matched } = evidence;
  const reported = personName(report.reportedUser);
  const reporter = personName(report.reporter);
  if (messages.length === 0) {
    return (
      <EmptyState
        title={matched ? t("admin.moderation.evidence.noMessagesTitle") : t("admin.moderation.evidence.noMatchTitle")}
        body={matched ? t("admin.moderation.evidence.noMessagesBody", { reported, reporter }) : t("admin.moderation.evidence.noMatchBody", { reported, reporter })}
      />
    );
  }
  return (
    <ol className="admin-evidence" aria-label={t("admin.moderation.evidence.label", { reported, reporter })}>
      {messages.map((message) => (
        <li key={message.id} className={`admin-evidence-line ${message.fromReported ? "admin-evidence-reported" : "admin-evidence-reporter"}`} data-from={message.fromReported ? "reported" : "reporter"}>
          <span className="admin-evidence-meta">
            <strong>{message.fromReported ? reported : reporter}</strong>
            {" · "}
            {message.fromReported ? t("admin.moderation.evidence.reportedRole") : t("admin.moderation.evidence.reporterRole")}
            {" · "}
            <time dateTime={message.createdAt}>{formatDateTime(lang, message.createdAt)}</time>
          </span>
          <span className={message.kind === "text" ? "admin-evidence-text" : "admin-evidence-text muted"}>{evidenceLine(t, message)}</span>
        </li>
      ))}
    </ol>
  );
}

function EvidenceIntro({ report }: { report: AdminReportEntry }) {
  const t = useT();
  const reasonLabel = useReasonLabel();
  return (
    <>
      <p>{t("admin.moderation.evidence.lead", { reported: personName(report.reportedUser), reporter: personName(report.reporter) })}</p>
      <p className="admin-evidence-report">
        <ReportStatusBadge status={report.status} /> <strong>{reasonLabel(report.reason)}</strong>
      </p>
      {report.description.trim() !== "" ? <blockquote className="admin-report-description admin-evidence-quote">{report.description}</blockquote> : null}
    </>
  );
}

/** The report beside its evidence: the member's photos and profile, the kept messages, then the decision. */
function ReportBody({ detail }: { detail: ReportDetail }) {
  const t = useT();
  return (
    <>
      <div className="admin-report-detail">
        <ReportedProfile report={detail.report} profile={detail.profile} />
        <section className="admin-report-messages" aria-labelledby={`messages-${detail.report.id}-title`}>
          <h3 id={`messages-${detail.report.id}-title`}>{t("reportDecision.messagesTitle")}</h3>
          <Evidence evidence={detail} />
        </section>
      </div>
      <ActionTaken report={detail.report} />
      <DecisionForm detail={detail} />
    </>
  );
}

function ReportDialog({ detail }: { detail: ReportDetail }) {
  const t = useT();
  return (
    <ServerDialog id="report-evidence" title={t("reportDecision.title", { name: personName(detail.report.reportedUser) })} description={<EvidenceIntro report={detail.report} />}>
      <ReportBody detail={detail} />
      <div className="dialog-actions admin-evidence-actions">
        <button type="button" className="button button-ghost" data-close-dialog="" autoFocus>
          {t("admin.moderation.evidence.close")}
        </button>
      </div>
    </ServerDialog>
  );
}

const pageViewSchema = z.object({ view: z.enum(VIEWS).catch("reports") });

export function moderationPages(deps: AppDeps, render: RenderPage) {
  const pages = new Hono<AppEnv>()
    .get("/moderation", async (c) => {
      const t = c.get("t");
      const raw = c.req.query();
      const { view } = pageViewSchema.parse(raw);
      const options: AdminPageOptions = { place: "moderation", title: t("admin.sections.moderation"), lead: t("admin.moderation.lead") };
      const selfies = await pendingVerificationCount(deps);
      if (view === "verifications") {
        const parsed = verificationListQuerySchema.safeParse(raw);
        if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), listHref(BASE, { view: "verifications" }));
        const [list, pending] = await Promise.all([listPendingVerifications(deps, parsed.data), pendingReportCount(deps)]);
        const region = <VerificationsRegion list={list} query={parsed.data} />;
        return renderAdmin(
          c,
          render,
          options,
          <>
            <SubTabs view="verifications" pending={pending} selfies={selfies} />
            {region}
          </>,
          region,
        );
      }
      if (view === "actions") {
        const parsed = adminLogQuerySchema.safeParse(raw);
        if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), listHref(BASE, { view: "actions" }));
        const [list, pending, choices] = await Promise.all([listAdminLog(deps, parsed.data), pendingReportCount(deps), isHtmx(c) ? null : adminLogChoices(deps)]);
        const region = <AdminLogRegion list={list} query={parsed.data} />;
        return renderAdmin(
          c,
          render,
          options,
          <>
            <SubTabs view="actions" pending={pending} selfies={selfies} />
            {choices === null ? null : <AdminLogFilters query={parsed.data} choices={choices} />}
            {region}
          </>,
          region,
        );
      }
      const parsed = reportListQuerySchema.safeParse(raw);
      if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), BASE);
      const [list, pending] = await Promise.all([listReports(deps, parsed.data), pendingReportCount(deps)]);
      const region = <ReportsRegion list={list} query={parsed.data} />;
      return renderAdmin(
        c,
        render,
        options,
        <>
          <SubTabs view="reports" pending={pending} selfies={selfies} />
          {region}
        </>,
        region,
      );
    })
    // The report with its evidence and decision; /messages is its older address (the conversation was all it showed).
    .get("/moderation/reports/:id/messages", validReportId, (c) => reportPage(c, c.req.valid("param").id))
    .get("/moderation/reports/:id", validReportId, (c) => reportPage(c, c.req.valid("param").id))
    // A photo of the reported profile's snapshot: kept after the account or the photo is gone (docs/decisions/0129).
    .get("/moderation/reports/:id/photos/:file", validReportId, async (c) => {
      const path = await evidencePhotoPath(deps, c.req.valid("param").id, c.req.param("file"));
      if (path === null) return c.json({ message: "Not found" }, 404);
      c.header("Content-Type", path.endsWith(".png") ? "image/png" : path.endsWith(".jpg") ? "image/jpeg" : "image/webp");
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Cache-Control", "private, no-store");
      return c.body(Readable.toWeb(createReadStream(path)) as unknown as ReadableStream);
    });

  async function reportPage(c: Context<AppEnv>, reportId: string) {
    const t = c.get("t");
    const detail = await reportDetail(deps, reportId);
    if (detail === null) {
      if (isHtmx(c)) return c.json({ message: MODERATION_MESSAGES.reportNotFound }, 404);
      return c.notFound();
    }
    const options: AdminPageOptions = { place: "moderation", title: t("reportDecision.title", { name: personName(detail.report.reportedUser) }) };
    return renderAdmin(
      c,
      render,
      options,
      <section className="admin-card admin-evidence-page">
        <EvidenceIntro report={detail.report} />
        <ReportBody detail={detail} />
        <div className="admin-form-actions">
          <a className="button button-outline button-small" href={BASE}>
            {t("admin.moderation.evidence.back")}
          </a>
        </div>
      </section>,
      <ReportDialog detail={detail} />,
    );
  }
  return pages;
}

/**
 * Telling the moderators of new reports (ADMIN.md 'Reports that act', docs/decisions/0129): each
 * "Under 18" and "Scam / asking for money" report at once, by mail and by push to the browsers
 * they subscribed; the others in one digest mail a day, and only on a day with new ones. Both in
 * each admin's language. `reports.notified_at` is claimed by one UPDATE … RETURNING before
 * anything is sent, so two instances behind a balancer never send the same report twice.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or } from "drizzle-orm";
import { reports, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { translator, type Lang } from "../../i18n";
import { jakartaDayOf } from "../../platform/clock";
import { log } from "../../platform/log";
import { createMailer, type MailMessage } from "../mail/mailer";
import { escapeHtml, mailDocument } from "../mail/templates";
import { pushTo } from "../push/push.service";
import { URGENT_REPORT_REASONS } from "./report-reasons";

type Deps = Pick<AppDeps, "db" | "clock" | "config" | "mailer">;

/** The Jakarta hour (WIB, UTC+7) after which the day's digest goes out. */
export const DIGEST_HOUR_JAKARTA = 8;
/** How often the digest timer looks whether the day's digest is due. */
export const DIGEST_CHECK_MS = 10 * 60_000;
const JAKARTA_OFFSET_MS = 7 * 60 * 60_000;

/** Who hears of reports: the staff who decide them (admins and moderators, ADMIN.md 'Who'). */
async function moderators(deps: Pick<Deps, "db">) {
  return deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    // Staff without an address (an account made by phone, docs/decisions/0136) get no mail.
    .where(and(or(eq(users.isAdmin, true), inArray(users.role, ["admin", "moderator"])), eq(users.isBanned, false), isNotNull(users.email)))
    .then((rows) => rows.map((row) => ({ ...row, email: row.email ?? "" })));
}

function reportLink(deps: Pick<Deps, "config">, reportId?: string): string {
  return `${deps.config.appOrigin}/admin/moderation${reportId === undefined ? "?status=pending" : `?status=pending&report=${reportId}`}`;
}

function reasonLabel(lang: Lang, reason: string): string {
  const t = translator(lang);
  return t(`reportAlerts.reasons.${reason}`, { defaultValue: reason });
}

function buttonHtml(link: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b4235a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(label)}</a></p>`;
}

/** The mail of one urgent report: the reason, who was reported, what the reporter wrote, and the link to the queue. */
export function urgentReportMail(lang: Lang, to: string, firstName: string, report: { reason: string; description: string; reportedName: string }, link: string): MailMessage {
  const t = translator(lang);
  const reason = reasonLabel(lang, report.reason);
  const subject = t("reportAlerts.urgent.subject", { reason });
  const greeting = t("mail.greeting", { name: firstName });
  const intro = t("reportAlerts.urgent.intro", { reason, name: report.reportedName });
  const said = report.description === "" ? t("reportAlerts.noDescription") : report.description;
  const text = [greeting, "", intro, "", `${t("reportAlerts.description")}: ${said}`, "", t("reportAlerts.open"), link].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="padding:12px 16px;background:#faf7f5;border-radius:8px"><strong>${escapeHtml(t("reportAlerts.description"))}:</strong> ${escapeHtml(said)}</p>
${buttonHtml(link, t("reportAlerts.open"))}`,
  );
  return { to, subject, text, html };
}

/** The day's digest: how many new reports, and how many of each reason. */
export function reportDigestMail(lang: Lang, to: string, firstName: string, byReason: { reason: string; count: number }[], link: string): MailMessage {
  const t = translator(lang);
  const total = byReason.reduce((sum, row) => sum + row.count, 0);
  const subject = t("reportAlerts.digest.subject", { count: total });
  const greeting = t("mail.greeting", { name: firstName });
  const intro = t("reportAlerts.digest.intro", { count: total });
  const lines = byReason.map((row) => `${reasonLabel(lang, row.reason)}: ${row.count}`);
  const text = [greeting, "", intro, "", ...lines, "", t("reportAlerts.open"), link].join("\n");
  const html = mailDocument(
    lang,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${buttonHtml(link, t("reportAlerts.open"))}`,
  );
  return { to, subject, text, html };
}

/**
 * Mails (and pushes) one urgent report to every admin and moderator, once: the claim of
 * notified_at decides, so a second call for the same report sends nothing. Returns how many
 * mails went out.
 */
export async function alertAdminsOfReport(deps: Deps, reportId: string): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .update(reports)
    .set({ notifiedAt: now })
    .where(and(eq(reports.id, reportId), isNull(reports.notifiedAt), inArray(reports.reason, [...URGENT_REPORT_REASONS])))
    .returning({ reason: reports.reason, description: reports.description, snapshot: reports.reportedSnapshot, reportedUserId: reports.reportedUserId });
  const report = claimed[0];
  if (report === undefined) return 0;
  const reportedName = report.snapshot?.name ?? "?";
  const mailer = deps.mailer ?? createMailer(deps.config);
  const link = reportLink(deps, reportId);
  let sent = 0;
  for (const admin of await moderators(deps)) {
    try {
      await mailer.send(urgentReportMail(admin.language, admin.email, admin.firstName, { reason: report.reason, description: report.description, reportedName }, link));
      sent++;
    } catch (error) {
      log.error({ err: error }, "reports: the alert mail to an admin failed");
    }
    await pushTo(deps, admin.id, { kind: "report", reportId, reason: report.reason });
  }
  return sent;
}

/** The start of today's digest time in Jakarta, as a Date. */
export function digestTimeOf(now: Date): Date {
  const day = jakartaDayOf(now); // "YYYY-MM-DD"
  return new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS + DIGEST_HOUR_JAKARTA * 60 * 60_000);
}

/**
 * The day's digest: once the Jakarta day's digest hour has passed, the other reports filed
 * before it and not yet told are claimed in one UPDATE, and each admin gets one mail naming them.
 * Reports filed after the hour wait for the next day's; a day without new reports sends nothing.
 * Returns how many mails went out.
 */
export async function sendReportDigest(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const cutoff = digestTimeOf(now);
  if (now < cutoff) return 0;
  const claimed = await deps.db
    .update(reports)
    .set({ notifiedAt: now })
    .where(and(isNull(reports.notifiedAt), lt(reports.createdAt, cutoff), notInArray(reports.reason, [...URGENT_REPORT_REASONS])))
    .returning({ reason: reports.reason });
  if (claimed.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const row of claimed) counts.set(row.reason, (counts.get(row.reason) ?? 0) + 1);
  const byReason = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  const mailer = deps.mailer ?? createMailer(deps.config);
  let sent = 0;
  for (const admin of await moderators(deps)) {
    try {
      await mailer.send(reportDigestMail(admin.language, admin.email, admin.firstName, byReason, reportLink(deps)));
      sent++;
    } catch (error) {
      log.error({ err: error }, "reports: the digest mail to an admin failed");
    }
  }
  return sent;
}

/** The digest timer of a serving instance: looks every DIGEST_CHECK_MS, sends at most one digest a day. */
export function startReportDigest(deps: Deps): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await sendReportDigest(deps);
      if (sent > 0) log.info({ mails: sent }, "reports: daily digest sent");
    } catch (error) {
      log.error({ err: error }, "reports: the daily digest failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), DIGEST_CHECK_MS);
  return () => clearInterval(timer);
}

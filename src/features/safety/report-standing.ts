/**
 * Which reports count toward hiding a member from Discover, and the hiding itself (SECURITY.md
 * 'Privacy and abuse', docs/decisions/0129). Three accounts made a minute ago could hide anyone;
 * now a report counts only when its reporter has something to lose and a reason to know the
 * person, and three of them must come from three addresses.
 */
import { sql } from "drizzle-orm";
import { REPORTERS_TO_HIDE } from "../../platform/constants";

/** A reporter's account must be this old for the report to count toward hiding. */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60_000;

/**
 * 1 when the reporter may count toward hiding `reportedId` at `now`, else 0; evaluated inside the
 * report's INSERT so it is the state at filing. A profile, a proven email or phone (a code sent to
 * it was proven, docs/decisions/0136), an account older than 24 hours, and a swipe on the person
 * (left or right: they were shown the card) or a match with them.
 */
export function countsTowardHidingSql(reporterId: string, reportedId: string, now: Date) {
  const [user1Id, user2Id] = reporterId < reportedId ? [reporterId, reportedId] : [reportedId, reporterId];
  return sql`(
    exists (select 1 from users ru join profiles rp on rp.user_id = ru.id
      where ru.id = ${reporterId} and (ru.email_verified_at is not null or ru.phone_verified_at is not null) and ru.created_at <= ${now.getTime() - REPORTER_MIN_ACCOUNT_AGE_MS})
    and (exists (select 1 from swipes where swiper_id = ${reporterId} and swiped_id = ${reportedId})
      or exists (select 1 from matches where user1_id = ${user1Id} and user2_id = ${user2Id}))
  )`;
}

/** What an admin does about a member that counts as having looked (the admin log's actions). */
const LOOKS = ["report_status", "warn", "hide", "unhide", "suspend", "ban", "unban", "reverify"] as const;

/**
 * When an admin last looked at the member: their latest moderation row in the admin log (a
 * report's decision writes one), 0 if none.
 */
function lastLookSql(memberId: string) {
  return sql`coalesce((select max(created_at) from admin_actions where target_user_id = ${memberId} and action in (${sql.join(
    LOOKS.map((action) => sql`${action}`),
    sql`, `,
  )})), 0)`;
}

/**
 * True while the member's pending reports that count, filed since an admin last looked at the
 * member, come from REPORTERS_TO_HIDE reporters with as many different addresses ("until an admin
 * looks": reports the admin had before them hide no one again, even left pending or after an
 * unhide). One address per reporter (their first, by value), so one reporter using several
 * addresses is still one reporter, and several reporters behind one address are one.
 */
function reportsHideSql(memberId: string) {
  return sql`(select count(distinct ip) from (
    select min(reporter_ip) as ip from reports
    where reported_user_id = ${memberId} and status = 'pending' and counts_toward_hiding = 1 and reporter_id is not null and reporter_ip is not null
      and created_at > ${lastLookSql(memberId)}
    group by reporter_id)) >= ${REPORTERS_TO_HIDE}`;
}

/**
 * Hides the member (users.hidden_at, hidden_by 'reports') when their reports reach the threshold,
 * and shows them again when an admin's decisions take it below: run in the same batch as a new
 * report and as a report's decision. A member an admin hid (hidden_by 'admin') is left alone.
 */
export function applyReportHidingSql(memberId: string, now: Date) {
  return sql`update users set
      hidden_at = case when ${reportsHideSql(memberId)} then coalesce(hidden_at, ${now.getTime()}) else null end,
      hidden_by = case when ${reportsHideSql(memberId)} then 'reports' else null end
    where id = ${memberId} and (hidden_by is null or hidden_by = 'reports')`;
}

import { eq, sql } from "drizzle-orm";
import type { Actor } from "./admin-log";
import type { Config } from "../../config";
import { isSuperAdmin, roleTargetOf, writeRole } from "./roles/roles.service";
import { resetSecondFactor } from "./second-factor/second-factor.service";
import type { Database } from "../../../db/client";
import { users, type Plan } from "../../../db/schema";
import { BAN_REASON_MAX, writeBan } from "./users/ban";
import { changePlanByHand, defaultGrantEnd, endOfJakartaDay } from "./plans/plan-grants";

export { BAN_REASON_MAX };

/** How admin actions taken at the terminal are signed in the audit log (no admin account behind them). */
export const TERMINAL_OPERATOR = "Operator (terminal)";
const TERMINAL_ACTOR: Actor = { id: null, name: TERMINAL_OPERATOR };

const noSuchUser = (email: string) => ({ ok: false, message: `No user with email ${email}.` });

/**
 * `kasih admin grant EMAIL [--role moderator]` (ADMIN.md 'Who'): for operators at the terminal (and
 * tests). Logged like a panel change; granting admin is logged as grant_admin, which also tells the
 * start-up check (super-admin-check.ts) that the operator, not an old registration rule, made this
 * account an admin. The account enrols a second factor at its first visit to the panel.
 */
export async function grantAdmin(db: Database, email: string, role: "admin" | "moderator" = "admin") {
  const target = await roleTargetOf({ db }, { email });
  if (target === null) return noSuchUser(email);
  const title = role === "admin" ? "an admin" : "a moderator";
  if (target.role === role) return { ok: true, message: `${email} is already ${title}.` };
  if (!(await writeRole({ db }, TERMINAL_ACTOR, target, role, new Date(), role === "admin" ? "grant_admin" : "role_change"))) return noSuchUser(email);
  return { ok: true, message: `${email} is now ${title}.` };
}

/**
 * `kasih admin revoke EMAIL`: an admin or moderator becomes a member, logged. The super admin
 * (SUPER_ADMIN_EMAIL) cannot be demoted, here either: its sign-in would make it admin again.
 */
export async function revokeRole(db: Database, config: Pick<Config, "superAdminEmail">, email: string) {
  const target = await roleTargetOf({ db }, { email });
  if (target === null) return noSuchUser(email);
  if (isSuperAdmin(config, target)) return { ok: false, message: `${email} is the super admin (SUPER_ADMIN_EMAIL) and cannot be demoted.` };
  if (target.role !== "admin" && target.role !== "moderator") return { ok: false, message: `${email} is not an admin or moderator.` };
  if (!(await writeRole({ db }, TERMINAL_ACTOR, target, "member", new Date()))) return noSuchUser(email);
  return { ok: true, message: `${email} is a member again.` };
}

/** `kasih admin reset-2fa EMAIL`: a lost phone; the account enrols again at its next visit to the panel (logged). */
export async function resetAdminSecondFactor(db: Database, email: string) {
  return resetSecondFactor({ db }, email, TERMINAL_ACTOR, new Date());
}

/**
 * The words after `kasih admin`: `grant EMAIL [--role admin|moderator]`, `revoke EMAIL`,
 * `reset-2fa EMAIL`; null when they are not one of these.
 */
export function parseAdminArguments(words: string[]): { action: "grant"; email: string; role: "admin" | "moderator" } | { action: "revoke" | "reset-2fa"; email: string } | null {
  const [action, email, ...rest] = words;
  if (!email || email.startsWith("--")) return null;
  if ((action === "revoke" || action === "reset-2fa") && rest.length === 0) return { action, email };
  if (action !== "grant") return null;
  if (rest.length === 0) return { action, email, role: "admin" };
  if (rest.length === 2 && rest[0] === "--role" && (rest[1] === "admin" || rest[1] === "moderator")) return { action, email, role: rest[1] };
  return null;
}

/** The reason logged for a plan set at the terminal without `--reason`. */
export const TERMINAL_PLAN_REASON = "Set at the terminal";

/**
 * `kasih user premium EMAIL PLAN [--until YYYY-MM-DD] [--reason TEXT]` (ADMIN.md 'Plans by hand'):
 * the same change as the panel's (plan-grants.ts: the plan, the member's history row and one
 * admin-log row in one batch). A paid plan without `--until` runs 30 days from now; free ends it.
 */
export async function setPlan(db: Database, email: string, plan: Plan, options: { until?: Date | null; reason?: string; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const until = plan === "free" ? null : (options.until ?? defaultGrantEnd(now));
  const userId = sql`(select id from users where email = ${email.toLowerCase()})`;
  const result = await changePlanByHand(db, { id: null, name: TERMINAL_OPERATOR }, userId, { plan, until, reason: options.reason ?? TERMINAL_PLAN_REASON }, now);
  if (result.ok) return { ok: true, message: `${email} now has the ${plan} plan.` };
  return result.status === 404 ? noSuchUser(email) : { ok: false, message: result.message };
}

/**
 * The words after `kasih user premium EMAIL`: PLAN, then `--until YYYY-MM-DD` (the end of that
 * Jakarta day) and `--reason TEXT` (the rest of the words up to the next flag), in any order.
 */
export function parsePlanArguments(words: string[]): { ok: true; plan: Plan; until: Date | null; reason: string | undefined } | { ok: false; message: string } {
  const [plan, ...rest] = words;
  if (plan !== "premium" && plan !== "premium_plus" && plan !== "free") return { ok: false, message: "PLAN is premium, premium_plus or free." };
  let until: Date | null = null;
  let reason: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === "--until") {
      const day = rest[++i];
      const end = day === undefined ? null : endOfJakartaDay(day);
      if (end === null) return { ok: false, message: "--until takes a date as YYYY-MM-DD." };
      if (plan === "free") return { ok: false, message: "A free plan takes no --until." };
      until = end;
    } else if (word === "--reason") {
      const words: string[] = [];
      while (i + 1 < rest.length && !rest[i + 1]!.startsWith("--")) words.push(rest[++i]!);
      reason = words.join(" ");
      if (reason.trim() === "") return { ok: false, message: "--reason takes a text." };
    } else return { ok: false, message: `Unknown argument ${word}.` };
  }
  return { ok: true, plan, until, reason };
}

/** `kasih user premium EMAIL PLAN …` as typed: its arguments checked, then setPlan. */
export async function setPlanFromArguments(db: Database, email: string, words: string[]) {
  const parsed = parsePlanArguments(words);
  if (!parsed.ok) return parsed;
  return setPlan(db, email, parsed.plan, { until: parsed.until, reason: parsed.reason });
}

/**
 * `kasih user ban EMAIL [REASON]`: moderation before (and besides) the admin panel. The same write
 * as the panel's ban (writeBan: one db.batch): the account is suspended, every session ends and
 * the audit log records it. The running server refuses the old cookies at once and closes the
 * person's live sockets at its next session sweep; discovery, matches and sign-in already leave
 * banned accounts out.
 */
export async function banUser(db: Database, email: string, reason?: string) {
  const trimmed = reason?.trim() || null;
  if (trimmed !== null && trimmed.length > BAN_REASON_MAX) return { ok: false, message: `The reason is longer than ${BAN_REASON_MAX} characters.` };
  return changeBan(db, email, true, trimmed);
}

/** `kasih user unban EMAIL`: lifts a suspension; the person signs in again. */
export async function unbanUser(db: Database, email: string) {
  return changeBan(db, email, false, null);
}

async function changeBan(db: Database, email: string, ban: boolean, reason: string | null) {
  const [user] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (user === undefined) return noSuchUser(email);
  const result = await writeBan(db, { user, ban, reason, actor: { id: null, name: TERMINAL_OPERATOR }, at: new Date() });
  // Nothing changed: an unban of an account that is not banned, or the account went meanwhile.
  if (!result.changed) return ban ? noSuchUser(email) : { ok: false, message: `${email} is not banned.` };
  return { ok: true, message: ban ? `${email} is banned; ${result.sessionsEnded} session(s) ended.` : `${email} may sign in again.` };
}

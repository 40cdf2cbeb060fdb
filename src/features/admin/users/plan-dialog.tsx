import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { users, PLANS } from "../../../../db/schema";
import { useI18n } from "../../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../../app-env";
import { jakartaDayOf } from "../../../platform/clock";
import { PAYMENT_PERIOD_MS } from "../../../platform/constants";
import { renderFragment } from "../../../views/render";
import { DialogCancel, formatDate, ServerDialog } from "../admin-ui";
import { isHtmx } from "../htmx";
import { ADMIN_USER_MESSAGES, idParamSchema } from "./users.schemas";

/**
 * "Plans by hand" from the Users list (ADMIN.md; docs/decisions/0125), until the member's own
 * admin page exists: a row's "Plan" button loads this dialog into #admin-dialog-slot; its form
 * posts {plan, until, reason} to POST /api/admin/users/{id}/plan, whose answer toasts and reloads
 * the list. Choosing "free" switches the date off (a revocation has no end date).
 */

/** The longest a reason may be, as the ban reason (ADMIN.md). */
const REASON_MAX = 500;

interface PlanHolder {
  id: string;
  firstName: string;
  lastName: string;
  plan: (typeof PLANS)[number];
  planExpiresAt: Date | null;
}

/** The date the form starts with: the current end when a plan runs, else 30 days from today (a month's plan). */
function defaultUntil(member: PlanHolder, now: Date): string {
  const running = member.plan !== "free" && (member.planExpiresAt === null || member.planExpiresAt > now);
  if (running && member.planExpiresAt !== null) return jakartaDayOf(member.planExpiresAt);
  return jakartaDayOf(new Date(now.getTime() + PAYMENT_PERIOD_MS));
}

export function PlanDialog({ member, now }: { member: PlanHolder; now: Date }) {
  const { t, lang } = useI18n();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const running = member.plan !== "free" && (member.planExpiresAt === null || member.planExpiresAt > now);
  const current = !running
    ? t("admin.money.grant.current", { plan: t("plans.names.free") })
    : member.planExpiresAt === null
      ? t("admin.money.grant.current", { plan: t(`plans.names.${member.plan}`) })
      : t("admin.money.grant.currentUntil", { plan: t(`plans.names.${member.plan}`), date: formatDate(lang, member.planExpiresAt) });
  const base = `plan-${member.id}`;
  return (
    <ServerDialog id={`${base}-dialog`} title={t("admin.money.grant.title", { name })} description={current}>
      <form className="admin-form" hx-post={`/api/admin/users/${member.id}/plan`} hx-swap="none" data-error-title={t("admin.money.grant.failedTitle")} data-validation-title={t("admin.money.grant.failedTitle")}>
        <div className="field">
          <label htmlFor={`${base}-plan`}>{t("admin.money.grant.plan")}</label>
          <select id={`${base}-plan`} name="plan" defaultValue={running ? member.plan : "premium"} data-off-when="free" data-off-target={`#${base}-until`}>
            <option value="premium">{t("plans.names.premium")}</option>
            <option value="premium_plus">{t("plans.names.premium_plus")}</option>
            <option value="free">{t("admin.money.grant.planFree")}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${base}-until`}>{t("admin.money.grant.until")}</label>
          <input id={`${base}-until`} name="until" type="date" required min={jakartaDayOf(now)} defaultValue={defaultUntil(member, now)} aria-describedby={`${base}-until-hint`} />
          <span id={`${base}-until-hint`} className="field-hint">
            {t("admin.money.grant.untilHint")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${base}-reason`}>{t("admin.money.grant.reason")}</label>
          <textarea id={`${base}-reason`} name="reason" rows={3} maxLength={REASON_MAX} required aria-describedby={`${base}-reason-hint`} autoFocus />
          <span id={`${base}-reason-hint`} className="field-hint">
            {t("admin.money.grant.reasonHint")}
          </span>
        </div>
        <div className="admin-form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary" data-requires={`#${base}-reason`} disabled>
            {t("admin.money.grant.submit")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

/** GET /admin/users/{id}/plan: the dialog for htmx; a person who opens the URL goes to the list. */
export async function planDialogRoute(c: Context<AppEnv>, deps: Pick<AppDeps, "db" | "clock">, listPath: string) {
  if (!isHtmx(c)) return c.redirect(listPath, 303);
  const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
  const [member] = parsed.success
    ? await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, parsed.data.id)).limit(1)
    : [];
  if (member === undefined) return c.json({ message: ADMIN_USER_MESSAGES.userNotFound }, 404);
  return renderFragment(c, <PlanDialog member={member} now={deps.clock.now()} />);
}

/**
 * What the panel shows after a money change made through htmx (docs/decisions/0082, 0125): the
 * toast in the admin's language, and the regions that reload from the server (the payment page,
 * the payments list, the Users list). Calls without htmx get nothing extra.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../../app-env";
import { formatDate } from "../admin-ui";
import { announceChange } from "../htmx";

export function announceRefund(c: Context<AppEnv>, status: "refunded" | "refund_pending") {
  const t = c.get("t");
  announceChange(c, { title: t(status === "refunded" ? "admin.money.refund.toastRefunded" : "admin.money.refund.toastPending"), description: t("admin.money.refund.toastBody") }, ["payment", "payments"]);
}

export function announceSeen(c: Context<AppEnv>) {
  announceChange(c, { title: c.get("t")("admin.money.detail.seenToast") }, ["payment", "payments"]);
}

export function announcePlan(c: Context<AppEnv>, plan: string, planExpiresAt: Date | null) {
  const t = c.get("t");
  const name = t(`plans.names.${plan}`);
  const description = planExpiresAt === null || plan === "free" ? t("admin.money.grant.toastBody", { plan: name }) : t("admin.money.grant.toastBodyUntil", { plan: name, date: formatDate(c.get("lang"), planExpiresAt) });
  announceChange(c, { title: t("admin.money.grant.toast"), description }, ["users"]);
}

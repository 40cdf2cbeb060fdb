import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { Badge, formatDateTime, useMoney, type BadgeTone } from "../admin-ui";

/**
 * Pieces of the money desk shared by the payments list, one payment's page and the Overview
 * (docs/decisions/0125): a status and a flag as badges, an amount, a member's name.
 */

export const PAYMENT_STATUS_TONE: Record<string, BadgeTone> = {
  pending: "warning",
  paid: "success",
  failed: "danger",
  expired: "neutral",
  cancelled: "neutral",
  refund_pending: "warning",
  refunded: "primary",
};

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return <Badge tone={PAYMENT_STATUS_TONE[status] ?? "neutral"}>{t(`admin.money.status.${status}`, { defaultValue: status })}</Badge>;
}

export function FlagBadge({ flag }: { flag: string }) {
  const t = useT();
  return <Badge tone={flag === "needs_attention" ? "danger" : "warning"}>{t(`admin.money.flags.${flag}`, { defaultValue: flag })}</Badge>;
}

/** Whole rupiah as the admin reads them; another currency as it came. */
export function Money({ amount, currency = "IDR" }: { amount: number; currency?: string }) {
  const { rupiah } = useMoney();
  return <>{currency === "IDR" ? rupiah(amount) : `${currency} ${amount}`}</>;
}

export function When({ value }: { value: string | Date | null | undefined }) {
  const { lang } = useI18n();
  if (value === null || value === undefined) return <span className="muted">—</span>;
  const iso = typeof value === "string" ? value : value.toISOString();
  return <time dateTime={iso}>{formatDateTime(lang, value)}</time>;
}

/** A gateway's name as the admin knows it (the offline sandbox included). */
export function useGatewayName() {
  const t = useT();
  return (gateway: string) => (gateway === "sandbox" ? t("admin.money.sandbox") : t(`admin.gateways.${gateway}`, { defaultValue: gateway }));
}

export const memberName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`.trim();

/** A member's own admin page (docs/decisions/0128). */
export const memberHref = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const paymentHref = (id: string) => `/admin/payments/${encodeURIComponent(id)}`;

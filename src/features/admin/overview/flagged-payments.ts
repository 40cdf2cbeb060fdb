/**
 * The Overview's flagged payments (ADMIN.md 'Lists': flaggedPayments; docs/decisions/0125): the
 * newest payments flagged late or needs_attention that no admin has marked seen, read through the
 * payments list's own `flagged` filter so the Overview and /admin/payments?flagged=1 agree.
 */
import type { AppDeps } from "../../../app-env";
import { paymentListQuerySchema } from "../payments/payments-admin.schemas";
import { listPayments } from "../payments/payments-admin.service";
import type { FlaggedPayment } from "./money-cards";

/** How many the Overview lists; the rest are a link away. */
export const FLAGGED_SHOWN = 10;

export async function flaggedPayments(deps: Pick<AppDeps, "db" | "clock">): Promise<FlaggedPayment[]> {
  const list = await listPayments(deps, paymentListQuerySchema.parse({ flagged: "1", limit: String(FLAGGED_SHOWN) }));
  return list.payments.map((payment) => ({ id: payment.id, member: payment.member, amount: payment.amount, currency: payment.currency, flags: payment.flags, at: payment.paidAt ?? payment.createdAt }));
}

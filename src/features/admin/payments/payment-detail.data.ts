/**
 * What the payment page shows: the payment as GET /api/admin/payments/{id} answers it (ADMIN.md
 * 'One payment', the same service), and whether its gateway can refund it by API (the refund form).
 */
import { eq } from "drizzle-orm";
import { payments } from "../../../../db/schema";
import type { AppDeps } from "../../../app-env";
import { gatewayNamed } from "../../payments/gateway-choice";
import { WALLETS, type GatewayName, type Wallet } from "../../payments/gateways/gateway";
import type { RefundAbility } from "./refund-form";
import { paymentDetail, type AdminPaymentDetail } from "./payments-admin.service";

export type PaymentDetail = AdminPaymentDetail;

/**
 * Whether the payment's own gateway refunds its method (and, for an e-wallet, its wallet) through
 * an API now, as the refund itself decides (src/features/payments/refunds.ts): else the form
 * offers only a refund recorded by hand.
 */
export async function refundAbility(deps: Pick<AppDeps, "db" | "config">, payment: Pick<PaymentDetail, "id" | "gateway" | "method">): Promise<RefundAbility> {
  const client = await gatewayNamed(deps, payment.gateway as GatewayName);
  if (client === null || client.refund === undefined || client.canRefund === undefined) return { byApi: false };
  const [row] = payment.method === "ewallet" ? await deps.db.select({ details: payments.details }).from(payments).where(eq(payments.id, payment.id)).limit(1) : [];
  const stored = row?.details.wallet;
  const wallet = typeof stored === "string" && (WALLETS as readonly string[]).includes(stored) ? (stored as Wallet) : null;
  return { byApi: client.canRefund(payment.method, wallet) };
}

export async function loadPaymentDetail(deps: AppDeps, id: string): Promise<{ payment: PaymentDetail; refund: RefundAbility } | null> {
  const payment = await paymentDetail(deps, id);
  if (payment === null) return null;
  return { payment, refund: await refundAbility(deps, payment) };
}

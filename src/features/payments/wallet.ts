/**
 * POST /api/subscription/activate/{paymentId}, the wallet path (PAYMENTS.md 'The wallet path'):
 * the Google Pay token proves nothing by itself. It is forwarded to the payment's gateway, which
 * charges it, and only the gateway's answer goes through the same activation as a notification.
 */
import { and, eq } from "drizzle-orm";
import { isStorageFault } from "../../../db/storage-faults";
import { payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { GATEWAY_TIMEOUT_MS } from "../../platform/constants";
import { applyGatewayStatus } from "./activation";
import { gatewayNamed } from "./gateway-choice";
import { GatewayError, type GatewayName } from "./gateways/gateway";
import { PAYMENT_MESSAGES } from "./payments.schemas";
import { paymentOf, type ServiceResult } from "./payments.service";
import type { PaymentJson } from "./payments.schemas";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events" | "mailer" | "background" | "gatewayTimeoutMs">;

export async function activateWithWallet(deps: Deps, userId: string, paymentId: string, token: unknown): Promise<ServiceResult<PaymentJson>> {
  const [payment] = await deps.db
    .select({ method: payments.method, gateway: payments.gateway, gatewayOrderId: payments.gatewayOrderId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  if (payment === undefined) return { ok: false, status: 404, message: PAYMENT_MESSAGES.notFound };
  if (typeof token !== "string" || token.trim() === "" || payment.method !== "googlepay" || payment.status !== "pending") return { ok: false, status: 400, message: PAYMENT_MESSAGES.walletFailed };
  const gateway = await gatewayNamed(deps, payment.gateway as GatewayName);
  if (gateway?.chargeWallet === undefined) return { ok: false, status: 400, message: PAYMENT_MESSAGES.walletFailed };
  try {
    const status = await gateway.chargeWallet(payment.gatewayOrderId, token, AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS));
    await applyGatewayStatus(deps, gateway.name, status, null);
  } catch (error) {
    // Charged but not saved (full disk, read-only database): 503 "cannot save changes", not
    // "wallet failed"; the gateway's notification activates it once writes return (docs/decisions/0116).
    if (isStorageFault(error)) throw error;
    log.error(`payments: wallet charge of ${paymentId} failed: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    return { ok: false, status: 502, message: PAYMENT_MESSAGES.walletFailed };
  }
  const after = await paymentOf(deps, userId, paymentId);
  if (after === null || after.status !== "paid") return { ok: false, status: 400, message: PAYMENT_MESSAGES.walletFailed };
  return { ok: true, value: after };
}

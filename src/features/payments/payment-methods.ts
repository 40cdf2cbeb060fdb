import type { Database } from "../../../db/client";
import { PAYMENT_METHOD_TOGGLES } from "../admin/settings.registry";
import { toggleOn } from "../admin/settings.service";
import type { AppDeps } from "../../app-env";
import { activeGateways } from "./gateway-choice";

/**
 * The payment methods a member may choose (spec point 9; point 7's paymentMethod values), in the
 * order the payment method dialog lists them. QRIS, card and bank transfer follow the admin's
 * switches (point 4); the card wallet (Google Pay) has no switch in the spec, nor do the e-wallets
 * (`ewallet`, PAYMENTS.md), offered wherever an enabled gateway charges one.
 */
export const PAYMENT_METHODS = ["qris", "credit", "bank", "googlepay", "ewallet"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods switched on now: a toggle takes effect on the next call, without a restart. */
export async function enabledPaymentMethods(db: Database): Promise<PaymentMethod[]> {
  const enabled = await Promise.all(
    PAYMENT_METHODS.map(async (method) => (method === "googlepay" || method === "ewallet" ? true : await toggleOn(db, PAYMENT_METHOD_TOGGLES[method]))),
  );
  return PAYMENT_METHODS.filter((_, index) => enabled[index]);
}

/**
 * What the payment method dialog offers (GET /api/payment/methods): the methods switched on that
 * a gateway payments may go to now can take. Google Pay only where a gateway charges its token
 * (PAYMENTS.md 'The wallet path'); nothing at all while payments are not configured.
 */
export async function offeredPaymentMethods(deps: Pick<AppDeps, "db" | "config">): Promise<PaymentMethod[]> {
  const [enabled, gateways] = await Promise.all([enabledPaymentMethods(deps.db), activeGateways(deps)]);
  return enabled.filter((method) => gateways.some((gateway) => gateway.methods.includes(method)));
}

import type { Database } from "../../../db/client";
import { PAYMENT_METHOD_TOGGLES } from "../admin/settings.registry";
import { toggleOn } from "../admin/settings.service";

/**
 * The payment methods a member may choose (spec point 9; point 7's paymentMethod values), in the
 * order the payment method dialog lists them. QRIS, card and bank transfer follow the admin's
 * switches (point 4); the card wallet (Google Pay) has no switch in the spec and is always offered.
 */
export const PAYMENT_METHODS = ["qris", "credit", "bank", "googlepay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods switched on now: a toggle takes effect on the next call, without a restart. */
export async function enabledPaymentMethods(db: Database): Promise<PaymentMethod[]> {
  const enabled = await Promise.all(
    PAYMENT_METHODS.map(async (method) => (method === "googlepay" ? true : await toggleOn(db, PAYMENT_METHOD_TOGGLES[method]))),
  );
  return PAYMENT_METHODS.filter((_, index) => enabled[index]);
}

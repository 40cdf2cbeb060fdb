import type { Database } from "../../../db/client";
import { PAYMENT_METHOD_TOGGLES } from "../admin/settings.registry";
import { toggleOn } from "../admin/settings.service";
import type { AppDeps } from "../../app-env";
import { activeGateways, gatewayForMethod } from "./gateway-choice";
import { WALLETS, type GatewayClient, type Wallet } from "./gateways/gateway";
import { provenPhone } from "./payer-phone";
import type { PaymentMethodsJson } from "./payments.schemas";

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
  return (await paymentChoices(deps, null)).methods;
}

/**
 * The whole answer of GET /api/payment/methods: the methods as before, the e-wallets the enabled
 * gateways offer (each goes to the first that offers it), and, for a member without a proven
 * phone, which choices need one typed in the dialog (docs/decisions/0126). `ewallet` is offered
 * when some gateway offers a wallet.
 */
export async function paymentChoices(deps: Pick<AppDeps, "db" | "config">, userId: string | null): Promise<PaymentMethodsJson> {
  const [enabled, gateways, phone] = await Promise.all([enabledPaymentMethods(deps.db), activeGateways(deps), userId === null ? null : provenPhone(deps, userId)]);
  return choicesOf(enabled, gateways, phone !== null);
}

/** paymentChoices from what it reads: the methods switched on, the gateways in order, whether the member has a proven phone. */
export function choicesOf(enabled: PaymentMethod[], gateways: GatewayClient[], hasProvenPhone: boolean): PaymentMethodsJson {
  const wallets = WALLETS.filter((wallet) => gatewayForMethod(gateways, "ewallet", wallet) !== null);
  const methods = enabled.filter((method) => (method === "ewallet" ? wallets.length > 0 : gatewayForMethod(gateways, method) !== null));
  const asks = (method: PaymentMethod, wallet: Wallet | null) => !hasProvenPhone && gatewayForMethod(gateways, method, wallet)?.needsPhone?.(method, wallet) === true;
  return {
    methods,
    wallets,
    needsPhone: { methods: methods.filter((method) => method !== "ewallet" && asks(method, null)), wallets: wallets.filter((wallet) => asks("ewallet", wallet)) },
  };
}

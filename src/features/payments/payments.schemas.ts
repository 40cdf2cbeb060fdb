/**
 * The payments calls' bodies and answers (PAYMENTS.md 'Calls', spec point 3), shared by the
 * routes and the payment dialog island.
 */
import { z } from "zod";
import { PLAN_PRICES_IDR } from "../../platform/constants";
import type { PaymentMethod } from "./payment-methods";
import { BANKS, WALLETS, type Wallet } from "./gateways/gateway";
import type { PaymentStatusValue } from "../../../db/schema/payments";

export const PAID_PLANS = Object.keys(PLAN_PRICES_IDR) as (keyof typeof PLAN_PRICES_IDR)[];
export type PaidPlan = keyof typeof PLAN_PRICES_IDR;

/** PAYMENTS.md's messages, the product's English copy (translated through messages.*). */
export const PAYMENT_MESSAGES = {
  invalidPlan: "Invalid plan",
  invalidAmount: "Invalid amount",
  methodNotAvailable: "Payment method not available",
  notConfigured: "Payments are not configured",
  notFound: "Payment not found",
  walletFailed: "Google Pay payment failed. Please try again.",
  planIncluded: "Your Premium Plus plan already includes Premium",
  invalidBank: "Invalid bank",
  tooMany: "Too many payment attempts. Please try again later.",
  invalidBody: "Invalid request body",
  // A gateway that cannot charge without the payer's phone (docs/decisions/0126); the dialog asks.
  phoneRequired: "Phone number required",
  invalidPhone: "Please enter a valid phone number",
  noQrCode: "This payment has no QR code to pay",
} as const;

/** Fields are checked by the service, so each wrong one gets PAYMENTS.md's own message. */
export const subscriptionBody = z.object({ planType: z.unknown().optional(), amount: z.unknown().optional(), currency: z.unknown().optional() });

export const paymentCreateBody = z.object({ plan: z.unknown().optional(), paymentMethod: z.unknown().optional(), bank: z.unknown().optional(), wallet: z.unknown().optional(), phone: z.unknown().optional() });

export function isWallet(value: unknown): value is Wallet {
  return typeof value === "string" && (WALLETS as readonly string[]).includes(value);
}

export function isBank(value: unknown): value is (typeof BANKS)[number] {
  return typeof value === "string" && (BANKS as readonly string[]).includes(value);
}

export const walletActivateBody = z.object({ paymentToken: z.string().max(20_000).optional() });

export interface BankInstructionsJson {
  bank_name: string;
  bank_code: string;
  virtual_account: string;
  account_holder: string;
}

/** POST /api/payment/create → 201 (spec point 3's payment creation response, plus expiresAt). */
export interface PaymentCreatedJson {
  paymentId: string;
  status: "pending";
  paymentUrl: string | null;
  qrCode: string | null;
  googlePayToken: null;
  bankInstructions: BankInstructionsJson | null;
  bankOptions: BankInstructionsJson[] | null;
  expiresAt: string;
  plan: PaidPlan;
  amount: number;
  method: string;
  gateway: string;
  /** The e-wallet of an `ewallet` payment, else null. */
  wallet: Wallet | null;
  /** For `ewallet`: the app link or page that opens the wallet; null for OVO (it pushes) and other methods. */
  walletUrl: string | null;
}

/** GET /api/payment/methods (docs/decisions/0085, 0126). */
export interface PaymentMethodsJson {
  methods: PaymentMethod[];
  /** The e-wallets of `ewallet`, those an enabled gateway offers, in the dialog's order. */
  wallets: Wallet[];
  /** The choices for which the dialog asks the phone: the gateway needs one and the account has no proven phone. */
  needsPhone: { methods: PaymentMethod[]; wallets: Wallet[] };
}

export type PaymentStatus = PaymentStatusValue;

/** GET /api/payment/{id} and each entry of GET /api/payments. */
export interface PaymentJson {
  paymentId: string;
  status: PaymentStatus;
  plan: PaidPlan;
  amount: number;
  currency: string;
  method: string;
  gateway: string;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
}

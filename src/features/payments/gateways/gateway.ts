/**
 * What the payment service asks of a gateway (PAYMENTS.md). Each gateway is a thin `fetch` client
 * written from its own API documentation; the service never sees a gateway's wire format, and a
 * gateway never touches the database.
 */
import type { PaymentMethod } from "../payment-methods";

export const GATEWAY_NAMES = ["midtrans", "xendit", "doku", "ipaymu", "sandbox"] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/** The banks of a bank transfer (spec point 9), as the payment creation response names them. */
export const BANKS = ["BCA", "Mandiri", "BNI", "BRI"] as const;
export type Bank = (typeof BANKS)[number];

/**
 * The e-wallets of the `ewallet` method (PAYMENTS.md 'Calls'): paid in the wallet's own app on the
 * phone in hand, where a QRIS code on that same phone cannot be scanned. Each gateway offers some.
 */
export const WALLETS = ["gopay", "shopeepay", "dana", "ovo", "linkaja"] as const;
export type Wallet = (typeof WALLETS)[number];

/** A charge for one payment. Amounts are whole rupiah; the currency is always IDR. */
export interface ChargeRequest {
  /** Our payment id: the order / reference / invoice id the gateway echoes back. */
  orderId: string;
  amount: number;
  method: PaymentMethod;
  /** The bank of a bank transfer; null for the other methods. */
  bank: Bank | null;
  /** The e-wallet of an `ewallet` charge; null (or absent) for the other methods. */
  wallet?: Wallet | null;
  /**
   * The payer's phone in E.164 (+62…) where the gateway needs one (OVO pushes to the OVO app by
   * number; iPaymu requires a phone on every payment); null when the member has none.
   */
  phone?: string | null;
  /** What the payer sees on the gateway's page and statement, e.g. "Kasih Premium Plus (30 days)". */
  itemName: string;
  customer: { firstName: string; lastName: string; email: string };
  /** When the payment stops being payable; the gateway is told so it refuses later payments. */
  expiresAt: Date;
  /** Absolute URL of POST /api/payment/notify/{gateway} on this server. */
  notifyUrl: string;
  /** Absolute URL the hosted page sends the payer back to when done. */
  returnUrl: string;
  /** Aborts a slow gateway (the service gives each call a few seconds). */
  signal: AbortSignal;
}

/** What the payer needs to pay, as the gateway answered. */
export interface ChargeResult {
  /**
   * What this gateway's notifications and status calls name the payment by (opaque to the
   * service; unique per gateway). Usually the order id; Xendit names it by its own id.
   */
  gatewayOrderId: string;
  /** The gateway's hosted page (card, or a gateway that only has one), else null. */
  paymentUrl: string | null;
  /** The QRIS string to draw as a QR image, for `qris`. */
  qrCode: string | null;
  /** The virtual account (or Mandiri bill key) to transfer to, for `bank`. */
  virtualAccount: string | null;
  /** The code the payer's bank asks for with the account (Mandiri's biller code), else null. */
  bankCode?: string | null;
  /** The gateway's own expiry when it told us one. */
  expiresAt: Date | null;
  /**
   * For `ewallet`: the app link (deeplink) or page that opens the wallet to pay; null for a wallet
   * that pushes the payment to the payer's app by phone number (OVO).
   */
  walletUrl?: string | null;
  /** The gateway's own transaction id when it differs from the order id (refunds name it). */
  gatewayTransactionId?: string | null;
}

/**
 * `refunded`: the gateway says the money of a paid payment went back (a refund it finished after
 * answering "pending"); it only ever moves `refund_pending` (or `paid`) to `refunded`
 * (docs/decisions/0124).
 */
export type GatewayOutcome = "paid" | "pending" | "failed" | "expired" | "cancelled" | "refunded";

/** A payment's state as the gateway itself reports it. */
export interface GatewayStatus {
  gatewayOrderId: string;
  outcome: GatewayOutcome;
  /** Whole rupiah, as the gateway holds it (checked against the payment before activation). */
  amount: number;
  currency: string;
  /** The gateway's own transaction id, when it reports one (shown to the operator; refunds name it). */
  gatewayTransactionId?: string | null;
  /** The payment's refund failed or was cancelled at the gateway: the money stayed (outcome `paid`), so a `refund_pending` payment is paid again. */
  refundFailed?: boolean;
}

/** A notification as it arrived: the raw body, because signatures cover the exact bytes. */
export interface NotificationInput {
  headers: Headers;
  rawBody: string;
  /** The request path, e.g. "/api/payment/notify/doku" (DOKU signs it). */
  path: string;
  signal: AbortSignal;
  /**
   * Whether Kasih has a payment of this gateway under that order id. A client asks it after the
   * signature check and BEFORE any re-query, so a notification for an order Kasih does not know
   * is answered 404 at once without asking the gateway (PAYMENTS.md 'Notifications').
   */
  isKnownOrder?: (gatewayOrderId: string) => Promise<boolean>;
}

export type NotificationResult =
  /** The signature or token is missing or wrong: 401, nothing changes. */
  | { kind: "unauthorized" }
  /** The body does not name a payment this gateway could send: 400, nothing changes. */
  | { kind: "malformed" }
  /** Verified, but for an order Kasih does not know (`isKnownOrder` said no): 404, gateway not asked. */
  | { kind: "unknown"; gatewayOrderId: string }
  /**
   * Verified. `status` is what the gateway says NOW (re-queried where PAYMENTS.md says so), never
   * the notification's own claim; `reportedAmount` is the amount the notification carried, if any.
   */
  | { kind: "verified"; status: GatewayStatus; reportedAmount: number | null };

export interface GatewayClient {
  readonly name: GatewayName;
  /** The methods this gateway can take (googlepay only where it charges a wallet token). */
  readonly methods: readonly PaymentMethod[];
  create(request: ChargeRequest): Promise<ChargeResult>;
  /** Verifies a notification by the gateway's own rule, in constant time, then re-checks it. */
  readNotification(input: NotificationInput): Promise<NotificationResult>;
  /** The payment's status now, asked of the gateway. */
  status(gatewayOrderId: string, signal: AbortSignal): Promise<GatewayStatus>;
  /** The wallet path: charges a wallet token; only the gateway's answer counts. */
  chargeWallet?(gatewayOrderId: string, token: string, signal: AbortSignal): Promise<GatewayStatus>;
  /** The e-wallets this gateway charges for the `ewallet` method (absent or empty: none). */
  readonly wallets?: readonly Wallet[];
  /** Whether a charge by this method (and wallet) cannot be made without the payer's phone. */
  needsPhone?(method: PaymentMethod, wallet: Wallet | null): boolean;
  /** Keys or address of the gateway's test environment, or of its live one (ADMIN.md 'Gateway setup'). */
  readonly mode?: "test" | "live";
  /**
   * One harmless authenticated call (a status query of an order that does not exist): resolves
   * when the gateway accepted the keys, throws GatewayError with the gateway's own message if not.
   */
  testConnection?(signal: AbortSignal): Promise<void>;
  /**
   * Whether `refund` can refund a payment made by this method (else the refund is manual); for
   * `ewallet`, the wallet where the caller knows it (Xendit refunds DANA but not a one-off OVO).
   */
  canRefund?(method: PaymentMethod, wallet?: Wallet | null): boolean;
  /** Refunds a paid payment in full through the gateway's refund API (PAYMENTS.md 'Refunds'). */
  refund?(request: RefundRequest): Promise<RefundResult>;
  /**
   * Set by a gateway whose own notification is trusted and whose status API may only be asked
   * later (DOKU): its pending payments are asked by the later status checks (pending-status-checks.ts).
   */
  readonly statusChecks?: StatusCheckPolicy;
}

/** When the later status checks may ask a gateway about a pending payment. */
export interface StatusCheckPolicy {
  /** Not before this long after the payment was created. */
  afterMs: number;
  /** Not again within this long of the last check of the same payment. */
  everyMs: number;
}

/** A full refund of one paid payment. */
export interface RefundRequest {
  gatewayOrderId: string;
  gatewayTransactionId: string | null;
  method: PaymentMethod;
  /** Whole rupiah: the whole amount paid. */
  amount: number;
  reason: string;
  /** Kasih's own id for this refund, sent where the gateway takes an idempotency key or refund key. */
  refundId: string;
  signal: AbortSignal;
}

/** `refunded`: the gateway says the money went back; `pending`: it will, and notifies when done. */
export interface RefundResult {
  state: "refunded" | "pending";
  gatewayRefundId: string | null;
}

/** A gateway refused, failed or did not answer; `message` is safe to show the member. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/**
 * The sandbox gateway (PAYMENTS.md 'The sandbox gateway'): offline, for the demo and tests. It
 * behaves like a real gateway — a hosted page at /pay/sandbox/{paymentId}, a QRIS string, a
 * virtual account — and its notifications are signed with Midtrans's rule, so they go through the
 * same verification and activation code as the real gateways'. It offers every e-wallet, its
 * wallet link being that same page, so the phone path is testable offline (docs/decisions/0126).
 * It is never on in a plain `serve`.
 */
import { createHash } from "node:crypto";
import { GatewayError, WALLETS, type Bank, type GatewayClient, type GatewayStatus, type NotificationResult } from "./gateway";
import { safeEqual, wholeRupiah } from "./http";
import { qrisPayload } from "./qris-string";

/** What the sandbox "holds" of a payment: the payment row itself (it is its own gateway). */
export type SandboxLookup = (orderId: string) => Promise<{ amount: number; status: GatewayStatus["outcome"] } | null>;

/** Midtrans's notification statuses, the ones the sandbox page sends. */
export const SANDBOX_OUTCOMES = { settlement: "paid", deny: "failed", expire: "expired", cancel: "cancelled", pending: "pending" } as const;
export type SandboxTransactionStatus = keyof typeof SANDBOX_OUTCOMES;

/** Bank Indonesia's bank codes, and the sandbox's VA prefix per bank. */
const SANDBOX_VA_PREFIX: Record<Bank, string> = { BCA: "39358", Mandiri: "88908", BNI: "98812", BRI: "26215" };

/** signature_key = hex(SHA512(order_id + status_code + gross_amount + key)), Midtrans's rule. */
export function sandboxSignature(orderId: string, statusCode: string, grossAmount: string, key: string): string {
  return createHash("sha512").update(orderId + statusCode + grossAmount + key).digest("hex");
}

/** The signed notification the sandbox page sends for a payment (its 'Pay' or 'Decline'). */
export function sandboxNotification(key: string, orderId: string, amount: number, transactionStatus: SandboxTransactionStatus) {
  const grossAmount = `${amount}.00`;
  const statusCode = transactionStatus === "settlement" ? "200" : transactionStatus === "pending" ? "201" : "202";
  return {
    order_id: orderId,
    transaction_status: transactionStatus,
    gross_amount: grossAmount,
    status_code: statusCode,
    signature_key: sandboxSignature(orderId, statusCode, grossAmount, key),
  };
}

export function createSandbox(options: { key: string; lookup: SandboxLookup }): GatewayClient {
  const status = async (orderId: string): Promise<GatewayStatus> => {
    const held = await options.lookup(orderId);
    if (held === null) throw new GatewayError("Payment not found", `sandbox: unknown order ${orderId}`);
    return { gatewayOrderId: orderId, outcome: held.status, amount: held.amount, currency: "IDR" };
  };
  return {
    name: "sandbox",
    methods: ["qris", "credit", "bank", "googlepay", "ewallet"],
    wallets: WALLETS,
    // OVO pushes the payment to the member's OVO app by number: the sandbox asks for it as OVO does.
    needsPhone: (method, wallet) => method === "ewallet" && wallet === "ovo",
    async create(request) {
      if (request.method === "ewallet" && (request.wallet == null || !WALLETS.includes(request.wallet))) throw new GatewayError("Payment method not available", "sandbox: an ewallet charge without a wallet");
      if (request.method === "ewallet" && request.wallet === "ovo" && !request.phone) throw new GatewayError("Phone number required", "sandbox: OVO without a phone");
      const digits = BigInt(`0x${request.orderId.replace(/[^0-9a-f]/gi, "").slice(0, 12) || "0"}`).toString().padStart(11, "0").slice(-11);
      return {
        gatewayOrderId: request.orderId,
        paymentUrl: `/pay/sandbox/${request.orderId}`,
        qrCode: request.method === "qris" ? qrisPayload({ merchantName: "KASIH SANDBOX", city: "JAKARTA", amount: request.amount, reference: request.orderId.slice(0, 25) }) : null,
        virtualAccount: request.method === "bank" && request.bank !== null ? SANDBOX_VA_PREFIX[request.bank] + digits : null,
        expiresAt: null,
        // The wallet's app is the sandbox's own page (OVO too: there is no real OVO app to push to).
        walletUrl: request.method === "ewallet" ? `/pay/sandbox/${request.orderId}` : null,
      };
    },
    async readNotification(input): Promise<NotificationResult> {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(input.rawBody) as Record<string, unknown>;
      } catch {
        return { kind: "malformed" };
      }
      if (typeof body !== "object" || body === null) return { kind: "malformed" };
      const { order_id, status_code, gross_amount, signature_key, transaction_status } = body;
      if (typeof signature_key !== "string" || typeof order_id !== "string" || typeof status_code !== "string" || typeof gross_amount !== "string") return { kind: "unauthorized" };
      if (!safeEqual(signature_key, sandboxSignature(order_id, status_code, gross_amount, options.key))) return { kind: "unauthorized" };
      const outcome = SANDBOX_OUTCOMES[transaction_status as SandboxTransactionStatus];
      if (outcome === undefined) return { kind: "malformed" };
      // The sandbox is its own gateway: the signed notification is its answer.
      const amount = wholeRupiah(gross_amount.replace(/\.00$/, ""));
      return { kind: "verified", status: { gatewayOrderId: order_id, outcome, amount, currency: "IDR" }, reportedAmount: amount };
    },
    status: (orderId) => status(orderId),
    async chargeWallet(orderId, token) {
      // PAYMENTS.md: with the sandbox gateway any non-empty token confirms the sandbox payment.
      const held = await status(orderId);
      if (token.trim() === "") return { ...held, outcome: "failed" };
      return { ...held, outcome: "paid" };
    },
  };
}

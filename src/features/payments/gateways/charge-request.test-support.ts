import type { ChargeRequest } from "./gateway";

/** A charge as the payment service makes one, for the gateway clients' tests. */
export function chargeRequest(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    orderId: `order-${crypto.randomUUID().slice(0, 8)}`,
    amount: 49000,
    method: "qris",
    bank: null,
    itemName: "Kasih Premium Monthly (30 days)",
    customer: { firstName: "Sarah", lastName: "Wijaya", email: "sarah@example.com" },
    expiresAt: new Date(Date.now() + 30 * 60_000),
    notifyUrl: "https://kasih.example/api/payment/notify/gateway",
    returnUrl: "https://kasih.example/settings",
    signal: AbortSignal.timeout(5000),
    ...overrides,
  };
}

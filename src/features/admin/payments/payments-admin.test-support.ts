/** Test helpers of the admin payment views: payments written straight to the database. */
import { payments } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import type { TestApp } from "../../../testing/test-app";

export interface PaymentOptions {
  plan?: "premium" | "premium_plus";
  amount?: number;
  method?: "googlepay" | "qris" | "credit" | "bank";
  gateway?: string;
  status?: "pending" | "paid" | "failed" | "expired" | "cancelled";
  createdAt?: Date;
  paidAt?: Date | null;
}

/** A payment of `user` as a gateway's notification would have left it. */
export async function insertPayment(app: TestApp, user: { id: string }, options: PaymentOptions = {}) {
  const id = newId();
  const status = options.status ?? "paid";
  const createdAt = options.createdAt ?? app.clock.now();
  await app.deps.db.insert(payments).values({
    id,
    userId: user.id,
    plan: options.plan ?? "premium",
    amount: options.amount ?? 49_000,
    method: options.method ?? "qris",
    gateway: options.gateway ?? "midtrans",
    gatewayOrderId: `order-${id}`,
    status,
    createdAt,
    paidAt: options.paidAt === undefined ? (status === "paid" ? createdAt : null) : options.paidAt,
  });
  return id;
}

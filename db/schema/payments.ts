import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export const PAYMENT_METHODS = ["googlepay", "qris", "credit", "bank", "ewallet"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "cancelled"] as const;

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    /** Null once the member's account is deleted: the payment stays in the revenue history. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    plan: text("plan", { enum: ["premium", "premium_plus"] }).notNull(),
    /** Whole rupiah. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("IDR"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    gateway: text("gateway").notNull(),
    /** The gateway's order id; unique so a repeated notification is applied once. */
    gatewayOrderId: text("gateway_order_id").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** JSON: paymentUrl, qrCode, bankInstructions … as shown to the payer. */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at"),
    /** When a pending payment stops being payable (PAYMENTS.md: 24 hours, QRIS 30 minutes). */
    expiresAt: timestamp("expires_at"),
    /**
     * The random id of the confirmation that moved this payment to paid. The plan change in the
     * same batch is conditional on it, so two notifications arriving together extend the plan once.
     */
    activationId: text("activation_id"),
  },
  (t) => [uniqueIndex("payments_gateway_order_unique").on(t.gateway, t.gatewayOrderId), index("payments_user_idx").on(t.userId, t.createdAt), index("payments_pending_expiry_idx").on(t.status, t.expiresAt)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: ["premium", "premium_plus"] }).notNull(),
    status: text("status", { enum: ["pending", "active", "expired", "cancelled"] }).notNull().default("pending"),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at"),
    endsAt: timestamp("ends_at"),
    createdAt: createdAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId, t.createdAt), uniqueIndex("subscriptions_payment_unique").on(t.paymentId)],
);

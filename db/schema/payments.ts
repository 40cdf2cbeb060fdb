import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./columns";
import { PLANS, users } from "./users";

export const PAYMENT_METHODS = ["googlepay", "qris", "credit", "bank", "ewallet"] as const;
/**
 * pending → paid | failed | expired | cancelled; paid → refund_pending → refunded, or paid →
 * refunded at once (PAYMENTS.md 'Calls'). A verified confirmation of late money moves expired,
 * cancelled or failed to paid (docs/decisions/0124).
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "cancelled", "refund_pending", "refunded"] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

/** The operator's flags on a payment (PAYMENTS.md 'Late money is honoured'). */
export const PAYMENT_FLAGS = ["late", "needs_attention"] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

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
    /** The gateway's own transaction id when it reports one (the operator's view; refunds name it). */
    gatewayTransactionId: text("gateway_transaction_id"),
    /** Paid after Kasih had closed it (expired, cancelled, declined): the member's money was honoured. */
    flagLate: bool("flag_late").notNull().default(false),
    /** A confirmation whose amount or currency differs from the payment's: the operator must look. */
    flagNeedsAttention: bool("flag_needs_attention").notNull().default(false),
    /** When an admin marked the flags seen; cleared whenever a flag is raised again. */
    flagsSeenAt: timestamp("flags_seen_at"),
    /** The plan whose days this payment added (Premium paid while Plus ran extends Plus). */
    appliedPlan: text("applied_plan", { enum: ["premium", "premium_plus"] }),
    /** The days this payment added to that plan: a refund takes exactly these off its end. */
    periodStartsAt: timestamp("period_starts_at"),
    periodEndsAt: timestamp("period_ends_at"),
    /** Kasih's id of the refund (the gateway's idempotency or refund key). */
    refundId: text("refund_id"),
    refundReason: text("refund_reason"),
    /** Recorded by hand (no refund API for the method, or the admin chose so), with its note. */
    refundManual: bool("refund_manual"),
    refundNote: text("refund_note"),
    gatewayRefundId: text("gateway_refund_id"),
    refundRequestedAt: timestamp("refund_requested_at"),
    refundedAt: timestamp("refunded_at"),
    refundedBy: text("refunded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("payments_gateway_order_unique").on(t.gateway, t.gatewayOrderId),
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_pending_expiry_idx").on(t.status, t.expiresAt),
    index("payments_paid_at_idx").on(t.paidAt),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Every status a payment took, when (ADMIN.md 'One payment': statusHistory). Written in the batch of the change. */
export const paymentStatusHistory = sqliteTable(
  "payment_status_history",
  {
    id: id(),
    paymentId: text("payment_id").notNull().references(() => payments.id, { onDelete: "cascade" }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    at: timestamp("at").notNull(),
  },
  (t) => [index("payment_status_history_payment_idx").on(t.paymentId, t.at)],
);

/**
 * Every notification a gateway sent, verified or not (ADMIN.md 'One payment'). The body is kept
 * with signatures, tokens and card numbers removed (notification-record.ts).
 */
export const paymentNotifications = sqliteTable(
  "payment_notifications",
  {
    id: id(),
    /** Null when the notification names no payment Kasih knows (or could not be read). */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    gateway: text("gateway").notNull(),
    receivedAt: timestamp("received_at").notNull(),
    /** The gateway's signature or token checked out. */
    verified: bool("verified").notNull(),
    /** What the gateway said (paid, pending, …) or why it was refused (unauthorized, malformed, unknown). */
    status: text("status").notNull(),
    /** The HTTP status Kasih answered. */
    answer: integer("answer").notNull(),
    /** The raw body, secrets and signatures removed. */
    body: text("body").notNull(),
  },
  (t) => [index("payment_notifications_payment_idx").on(t.paymentId, t.receivedAt), index("payment_notifications_received_idx").on(t.receivedAt)],
);

/**
 * Plans set by hand (ADMIN.md 'Plans by hand'): a grant, an extension or a revocation, without a
 * payment. The member's payment history shows them as "Granted by Kasih".
 */
export const planGrants = sqliteTable(
  "plan_grants",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLANS }).notNull(),
    /** The end of the plan; null for free, or a paid plan granted without end (the terminal's old form). */
    until: timestamp("until"),
    kind: text("kind", { enum: ["grant", "extend", "revoke"] }).notNull(),
    reason: text("reason").notNull(),
    /** Null for the operator at the terminal, or once that admin's account is deleted. */
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("plan_grants_user_idx").on(t.userId, t.createdAt)],
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

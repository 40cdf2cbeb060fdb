import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

/** A browser's Web Push subscription (src/features/push): one per device the member turned push on. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The push service URL the browser gave; unique, a device re-subscribing replaces its row. */
    endpoint: text("endpoint").notNull(),
    /** The browser's keys for the payload encryption (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at"),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

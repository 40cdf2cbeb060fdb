import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./columns";
import { reports } from "./matching";
import { users } from "./users";

export const adminActions = sqliteTable(
  "admin_actions",
  {
    id: id(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** Null once the target account is deleted; targetName keeps the record readable. */
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetName: text("target_name").notNull(),
    adminName: text("admin_name").notNull(),
    action: text("action").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  // The member page lists the rows about one member; the log filters by admin (ADMIN.md).
  (t) => [index("admin_actions_created_idx").on(t.createdAt), index("admin_actions_target_idx").on(t.targetUserId, t.createdAt), index("admin_actions_admin_idx").on(t.adminId, t.createdAt)],
);

/** A warning an admin sent a member (ADMIN.md 'One member' warn); shown at the member's next visit until seen. */
export const memberWarnings = sqliteTable(
  "member_warnings",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** The report this warning decided, if any. */
    reportId: text("report_id").references(() => reports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at"),
  },
  (t) => [index("member_warnings_user_idx").on(t.userId, t.seenAt)],
);


/** Feature toggles and admin settings. value is JSON: a boolean, {enabled}, or a string. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  /** Gateway keys are stored AES-256-GCM encrypted; see the premium area. */
  isSecret: bool("is_secret").notNull().default(false),
  updatedAt: timestamp("updated_at").notNull().$defaultFn(() => new Date()),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const AD_TYPES = ["banner", "interstitial", "rewarded", "native"] as const;
export const AD_PLATFORMS = ["admob", "meta"] as const;
export const AD_LOCATIONS = ["swipe_screen", "matches_list", "chat_screen", "profile_view"] as const;

export const adPlacements = sqliteTable("ad_placements", {
  id: id(),
  name: text("name").notNull(),
  adType: text("ad_type", { enum: AD_TYPES }).notNull().default("banner"),
  platform: text("platform", { enum: AD_PLATFORMS }).notNull().default("admob"),
  placement: text("placement", { enum: AD_LOCATIONS }).notNull().default("swipe_screen"),
  /** An ad every N user actions, 1–20. */
  frequency: integer("frequency").notNull().default(3),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at"),
});

export const adConfigs = sqliteTable("ad_configs", {
  platform: text("platform", { enum: AD_PLATFORMS }).primaryKey(),
  appId: text("app_id").notNull(),
  bannerAdUnitId: text("banner_ad_unit_id"),
  interstitialAdUnitId: text("interstitial_ad_unit_id"),
  rewardedAdUnitId: text("rewarded_ad_unit_id"),
  placementId: text("placement_id"),
  /** Encrypted like gateway keys. */
  accessToken: text("access_token"),
  isActive: bool("is_active").notNull().default(true),
  updatedAt: timestamp("updated_at").notNull().$defaultFn(() => new Date()),
});

/** Impressions and clicks reported by the ad slots, for the revenue summary. */
export const adEvents = sqliteTable(
  "ad_events",
  {
    id: id(),
    placementId: text("placement_id").references(() => adPlacements.id, { onDelete: "set null" }),
    /** The member the slot was shown to; null once that account is deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["impression", "click"] }).notNull(),
    /** Unix minute of the event: one per placement, member and kind per minute (ADMIN.md). */
    minute: integer("minute").notNull().default(0),
    /** Estimated revenue in micro-dollars. */
    revenueMicros: integer("revenue_micros").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("ad_events_created_idx").on(t.createdAt), uniqueIndex("ad_events_once_a_minute").on(t.placementId, t.userId, t.kind, t.minute)],
);

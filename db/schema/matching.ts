import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export const swipes = sqliteTable(
  "swipes",
  {
    swiperId: text("swiper_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    swipedId: text("swiped_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    isLike: bool("is_like").notNull(),
    isSuperLike: bool("is_super_like").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // A swipe is its pair: one per pair, and the table is a WITHOUT ROWID table keyed by it
    // (migration 0014, docs/decisions/0109), so a swipe writes two b-trees instead of five.
    // drizzle-kit cannot declare WITHOUT ROWID: a migration that rebuilds this table must add it.
    primaryKey({ columns: [t.swiperId, t.swipedId] }),
    // who liked me: likes received, newest first
    index("swipes_swiped_like_idx").on(t.swipedId, t.isLike, t.createdAt),
  ],
);

/** One row per pair; user1Id < user2Id so a pair can only exist once. */
export const matches = sqliteTable(
  "matches",
  {
    id: id(),
    user1Id: text("user1_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    user2Id: text("user2_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Newest message time, for ordering the matches list by activity. */
    lastMessageAt: timestamp("last_message_at"),
  },
  (t) => [
    uniqueIndex("matches_pair_unique").on(t.user1Id, t.user2Id),
    index("matches_user2_idx").on(t.user2Id),
    check("matches_ordered_pair", sql`${t.user1Id} < ${t.user2Id}`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    matchId: text("match_id").notNull().references(() => matches.id, { onDelete: "cascade" }),
    senderId: text("sender_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** text, or a system line about a call ("missed_call", "call"). */
    kind: text("kind", { enum: ["text", "missed_call", "call"] }).notNull().default("text"),
    createdAt: createdAt(),
    readAt: timestamp("read_at"),
  },
  (t) => [
    index("messages_match_created_idx").on(t.matchId, t.createdAt),
    // Unread messages only: a read receipt, a match's unread count and the tab's badge visit what
    // is unread, not the whole history of each conversation (docs/decisions/0109).
    index("messages_unread_idx").on(t.matchId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

export const REPORT_STATUSES = ["pending", "reviewed", "resolved", "dismissed"] as const;

/** One line of a report's evidence; createdAt in Unix milliseconds. */
export interface ReportEvidenceLine {
  id: string;
  senderId: string;
  content: string;
  kind: "text" | "missed_call" | "call";
  createdAt: number;
}

/**
 * The reported member as they were when the report was filed (ADMIN.md 'Reports that act'): kept
 * with the report, so it outlives the deletion of the account. `photos` are file names under
 * $DATA_DIR (copied under evidence/ by the reports code, so deleting the account's photos keeps them).
 */
export interface ReportedProfileSnapshot {
  name: string;
  age: number | null;
  gender?: string | null;
  city?: string | null;
  bio: string;
  prompts: { id: string; answer: string }[];
  photos: string[];
  takenAt: number;
}

/** What deciding a report did (ADMIN.md 'Reports that act'). */
export const REPORT_ACTIONS = ["dismiss", "warn", "hide", "suspend", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * Reports outlive either member (SECURITY.md 'Privacy and abuse'): both ids are set to null when an
 * account is deleted; the snapshot and the evidence stay (docs/decisions/0127).
 */
export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedUserId: text("reported_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    description: text("description").notNull().default(""),
    /**
     * The last lines of the pair's conversation, copied when the report is filed (a block or an
     * unmatch deletes the conversation); null when they had no match. For the admin only.
     */
    evidence: text("evidence", { mode: "json" }).$type<ReportEvidenceLine[]>(),
    /** The reported profile when filed; null for reports filed before it was kept. */
    reportedSnapshot: text("reported_snapshot", { mode: "json" }).$type<ReportedProfileSnapshot>(),
    /** The reporter's client address when filed: three reporters must come from three addresses to hide someone. */
    reporterIp: text("reporter_ip"),
    /**
     * Whether the reporter met the rules to count toward hiding when filing (a profile, a proven
     * email or phone, an account older than 24 hours, swiped on or matched the reported member).
     */
    countsTowardHiding: bool("counts_toward_hiding").notNull().default(false),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    /** The action taken when the report was decided, its detail (message, days, reason), by whom and when. */
    action: text("action", { enum: REPORT_ACTIONS }),
    actionDetail: text("action_detail"),
    actionBy: text("action_by").references(() => users.id, { onDelete: "set null" }),
    actionAt: timestamp("action_at"),
    /** When the admins were told of it (at once for the urgent reasons, else in the daily digest). */
    notifiedAt: timestamp("notified_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  // The second index serves Discover's "reported by three members, hidden until an admin looks".
  (t) => [
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_reported_status_idx").on(t.reportedUserId, t.status),
    index("reports_reporter_idx").on(t.reporterId),
  ],
);

/**
 * Calls ringing or under way, one per match at most. In the database rather than in one
 * process, so two instances behind a balancer share them: the caller and the callee may be
 * connected to different instances, and a call outlives a restart of either
 * (docs/decisions/0100-operations.md). A row is removed when the call ends.
 */
export const callsInProgress = sqliteTable("calls_in_progress", {
  matchId: text("match_id")
    .primaryKey()
    .references(() => matches.id, { onDelete: "cascade" }),
  /** Tells one call of a match from the next: ending is conditional on it. */
  callId: text("call_id").notNull(),
  callerId: text("caller_id").notNull(),
  calleeId: text("callee_id").notNull(),
  callType: text("call_type", { enum: ["voice", "video"] }).notNull(),
  state: text("state", { enum: ["ringing", "active"] }).notNull(),
  startedAt: timestamp("started_at").notNull(),
  acceptedAt: timestamp("accepted_at"),
  /** When a ringing call becomes missed, whichever instance notices first. */
  ringsUntil: timestamp("rings_until").notNull(),
});

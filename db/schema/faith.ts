/**
 * Faith and values matching (MATCHING.md): values answers, church vouches and the family
 * chaperone. Every row belongs to members and goes with them (cascades); the data export reads
 * them (src/features/account).
 */
import { sql } from "drizzle-orm";
import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./columns";
import { matches } from "./matching";
import { users } from "./users";

/** How much a question matters; points per MATCHING.md 'Values questions'. */
export const IMPORTANCES = ["irrelevant", "little", "somewhat", "very", "mandatory"] as const;
export type Importance = (typeof IMPORTANCES)[number];

/**
 * A member's answer to a values question (the questions live in the code). A WITHOUT ROWID table
 * keyed by (user, question) (migration 0020 adds it; drizzle-kit cannot declare it): the answers
 * of a deck's candidates are one short range each of that key, every column in the b-tree, so
 * computing match % for a deck reads no other index or row.
 */
export const valuesAnswers = sqliteTable(
  "values_answers",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    answerId: text("answer_id").notNull(),
    /** Non-empty JSON array of the question's answer ids the member accepts from a partner. */
    acceptable: text("acceptable", { mode: "json" }).$type<string[]>().notNull(),
    importance: text("importance", { enum: IMPORTANCES }).notNull(),
    /** The question (never the answer) may be named as a reason to others. */
    isPublic: bool("is_public").notNull().default(true),
    updatedAt: timestamp("updated_at").notNull().$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

export const VOUCH_STATUSES = ["pending", "accepted", "declined"] as const;
export type VouchStatus = (typeof VOUCH_STATUSES)[number];

/** One member vouching for another of the same church; shows once the vouched member accepts. */
export const vouches = sqliteTable(
  "vouches",
  {
    id: id(),
    voucherId: text("voucher_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The member vouched for. */
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The church they share, as it was when the vouch was made (directory id and/or the free text). */
    churchId: text("church_id"),
    churchName: text("church_name").notNull().default(""),
    status: text("status", { enum: VOUCH_STATUSES }).notNull().default("pending"),
    note: text("note"),
    createdAt: createdAt(),
    /** When the vouched member accepted or declined. */
    decidedAt: timestamp("decided_at"),
  },
  (t) => [
    uniqueIndex("vouches_pair_unique").on(t.voucherId, t.userId),
    // "At most 5 vouches in 30 days": the voucher's recent ones, counted on the index.
    index("vouches_voucher_created_idx").on(t.voucherId, t.createdAt, t.status),
    // Cards' and profiles' counts of accepted vouches, for a deck of ids.
    index("vouches_user_status_idx").on(t.userId, t.status, t.churchId),
  ],
);

/** A link a member shares so someone from their church can vouch; only its hash is kept. */
export const vouchLinks = sqliteTable(
  "vouch_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("vouch_links_user_idx").on(t.userId)],
);

export const CHAPERONE_INVITATION_STATUSES = ["pending", "accepted", "ended"] as const;
export type ChaperoneInvitationStatus = (typeof CHAPERONE_INVITATION_STATUSES)[number];

/**
 * A member's chaperone: the mailed invitation and, once accepted, the chaperone's account
 * (users.role 'chaperone'). One live (pending or accepted) per member; a new invitation ends the
 * old one, and so does the member removing them.
 */
export const chaperoneInvitations = sqliteTable(
  "chaperone_invitations",
  {
    id: id(),
    memberId: text("member_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** SHA-256 of the mailed link's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: CHAPERONE_INVITATION_STATUSES }).notNull().default("pending"),
    /** The chaperone's account once they accepted. */
    chaperoneId: text("chaperone_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at"),
    endedAt: timestamp("ended_at"),
  },
  (t) => [
    uniqueIndex("chaperone_invitations_token_unique").on(t.tokenHash),
    uniqueIndex("chaperone_invitations_live_member_unique").on(t.memberId).where(sql`${t.status} in ('pending', 'accepted')`),
    index("chaperone_invitations_chaperone_idx").on(t.chaperoneId, t.status),
  ],
);

/**
 * A period during which a member shares one match's conversation with their chaperone: from
 * sharedAt (the moment the other member's chat shows the notice line, never a message) until
 * unsharedAt. The chaperone reads only messages created inside an open period; sharing again is
 * a new row, so it notifies again and shows only what follows.
 */
export const chaperoneShares = sqliteTable(
  "chaperone_shares",
  {
    id: id(),
    matchId: text("match_id").notNull().references(() => matches.id, { onDelete: "cascade" }),
    /** The member who shared (the chaperone's member). */
    memberId: text("member_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sharedAt: timestamp("shared_at").notNull(),
    unsharedAt: timestamp("unshared_at"),
  },
  (t) => [
    index("chaperone_shares_match_idx").on(t.matchId, t.sharedAt),
    uniqueIndex("chaperone_shares_open_unique").on(t.matchId, t.memberId).where(sql`${t.unsharedAt} is null`),
    index("chaperone_shares_member_idx").on(t.memberId),
  ],
);

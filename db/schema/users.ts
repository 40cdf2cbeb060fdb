import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp } from "./columns";

export const PLANS = ["free", "premium", "premium_plus"] as const;
export type Plan = (typeof PLANS)[number];

/**
 * Who a member is to the service (ADMIN.md 'Who', docs/decisions/0127): `moderator` and `admin`
 * open the panel with a second factor; `chaperone` is MATCHING.md's. `isAdmin` stays true for
 * `admin` alone and is written together with `role`.
 */
export const ROLES = ["member", "moderator", "admin", "chaperone"] as const;
export type Role = (typeof ROLES)[number];

export interface NotificationChoices {
  newMatches: boolean;
  messages: boolean;
  likes: boolean;
  emailUpdates: boolean;
}

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /**
     * Lower-cased; unique. Null for an account made by phone until an address is added and proven
     * (docs/decisions/0136): nothing is ever mailed to, or shown as, an address it does not have.
     */
    email: text("email"),
    /** argon2id PHC string; null for accounts that only sign in through a provider. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    profileImageUrl: text("profile_image_url"),
    /** E.164 (+62…). Written with phoneVerifiedAt once a code sent to it is proven (API.md 'Phone sign-in'). */
    phone: text("phone"),
    /** When the owner proved the number with a code; null for a number never proven (one written before 0136). */
    phoneVerifiedAt: timestamp("phone_verified_at"),
    isVerified: bool("is_verified").notNull().default(false),
    /** When the owner proved the address (the mailed link, or a provider that vouches for it); null until then. */
    emailVerifiedAt: timestamp("email_verified_at"),
    /**
     * True for role `admin` only. Kept with `role` by triggers on users (migration 0019,
     * docs/decisions/0127), whoever writes either: a migration that rebuilds users must drop those
     * four triggers first and create them again after.
     */
    isAdmin: bool("is_admin").notNull().default(false),
    role: text("role", { enum: ROLES }).notNull().default("member"),
    /**
     * The TOTP secret of an admin or moderator (RFC 6238), sealed by src/platform/secret-box.ts
     * (AES-256-GCM, key in $DATA_DIR/secrets); set at enrolment, proven by the first good code.
     */
    totpSecret: text("totp_secret"),
    /** When the first good code completed enrolment; null: not enrolled (or reset at the terminal). */
    totpEnrolledAt: timestamp("totp_enrolled_at"),
    /** The last 30-second time step a code was accepted for: each code is accepted once. */
    totpLastStep: integer("totp_last_step"),
    plan: text("plan", { enum: PLANS }).notNull().default("free"),
    /** End of the paid period; null with a paid plan means granted without end (operator). */
    planExpiresAt: timestamp("plan_expires_at"),
    /**
     * When the member's current plan began without a break (a payment or grant that starts a plan
     * fresh sets it; an extension keeps it). A refund takes a payment's days off the plan only if
     * the payment belongs to this run (docs/decisions/0124). Null: before this was recorded.
     */
    planSince: timestamp("plan_since"),
    isBanned: bool("is_banned").notNull().default(false),
    banReason: text("ban_reason"),
    /**
     * A ban for 1, 7 or 30 days (ADMIN.md 'One member'): until this time sign-in answers 403 with
     * suspensionReason and the end; it lifts itself when the time passes. isBanned stays for the
     * permanent ban.
     */
    suspendedUntil: timestamp("suspended_until"),
    suspensionReason: text("suspension_reason"),
    /** Off every deck until an admin reviews (an admin's hide, or the reports threshold, SECURITY.md). */
    hiddenAt: timestamp("hidden_at"),
    hiddenBy: text("hidden_by", { enum: ["admin", "reports"] }),
    /** An admin asked for a new selfie: the badge is withdrawn until a new one is approved. */
    reverifyRequestedAt: timestamp("reverify_requested_at"),
    /** Where the account was made (the admin's member page): the client address and its country code, if known. */
    signupIp: text("signup_ip"),
    signupCountry: text("signup_country"),
    language: text("language", { enum: ["en", "id"] }).notNull().default("en"),
    /** Premium Plus boost: at the front of nearby decks until this time. */
    boostedUntil: timestamp("boosted_until"),
    lastActiveAt: timestamp("last_active_at"),
    // Privacy settings (src/features/settings): kept here so they follow the member to every device.
    /** Off: the member neither sends nor sees read status (both must have it on). */
    readReceipts: bool("read_receipts").notNull().default(true),
    /** Off: others never see "Online" or "Active … ago", and the member does not see theirs. */
    showActivity: bool("show_activity").notNull().default(true),
    /** Off: the member's card shows no distance. */
    showDistance: bool("show_distance").notNull().default(true),
    /** Which notifications the member wants; defaults in src/features/settings/settings.schemas.ts. */
    notifications: text("notifications", { mode: "json" }).$type<NotificationChoices>().notNull().default({ newMatches: true, messages: true, likes: true, emailUpdates: false }),
    /** When an admin approved the member's live selfie (src/features/verification); null = not verified. */
    photoVerifiedAt: timestamp("photo_verified_at"),
    /** Discover shows only photo-verified people. */
    verifiedOnly: bool("verified_only").notNull().default(false),
    /** When the member last opened Matches: newer matches put a dot on its tab. */
    matchesSeenAt: timestamp("matches_seen_at"),
    /** When the member accepted the terms and privacy policy, and confirmed being 18 or older (onboarding). */
    termsAcceptedAt: timestamp("terms_accepted_at"),
    adultConfirmedAt: timestamp("adult_confirmed_at"),
    /**
     * A saved profile and at least one photo: the rest of the app opens (spec point 2's guards).
     * Kept by the database itself, by triggers on profiles and photos (migration 0015,
     * docs/decisions/0109), so every writer agrees and the session lookup reads it from the row it
     * already reads. Never written by the app. A migration that rebuilds users, profiles or
     * photos must drop the four triggers first and create them again after.
     */
    hasPhoto: bool("has_photo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    // A proven number belongs to one account: phone sign-in finds the account by it.
    uniqueIndex("users_proven_phone_unique").on(t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
    index("users_created_at_idx").on(t.createdAt),
    // Discovery walks candidates most recently active first, and finds boosted people (docs/decisions/0060).
    // The activity index carries the columns Discover tests on that walk, so it reads no table row
    // (docs/decisions/0102: 2.9 → 0.3 ms of Discover's 6 at 100,000 members, with the profiles one).
    // Hidden and suspended members are left out on that walk too (docs/decisions/0127).
    index("users_last_active_idx").on(t.lastActiveAt, t.id, t.isBanned, t.photoVerifiedAt, t.hiddenAt, t.suspendedUntil),
    index("users_boosted_until_idx").on(t.boostedUntil),
  ],
);

/**
 * Read on every signed-in request: a WITHOUT ROWID table (migration 0014, docs/decisions/0109), so
 * the lookup is one b-tree search. drizzle-kit cannot declare it: a migration that rebuilds this
 * table must add WITHOUT ROWID again.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp("expires_at").notNull(),
    /** When the admin or moderator proved a TOTP or recovery code in this session; lasts as long as it (ADMIN.md 'Who'). */
    secondFactorAt: timestamp("second_factor_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "facebook", "firebase"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user_id_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** SHA-256 of the token, hex. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** Mailed email-verification links (SHA-256 of the token, hex); see docs/decisions/0083. */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_id_idx").on(t.userId)],
);

/**
 * The one live sign-in code of a phone number (API.md 'Phone sign-in', docs/decisions/0136): a
 * newer code replaces the row, so older ones are void; proving it deletes the row (single use).
 * Only a keyed hash of number and code is kept: six digits are too few for a plain hash.
 */
export const phoneCodes = sqliteTable("phone_codes", {
  /** E.164 (+62…). */
  phone: text("phone").primaryKey(),
  /** HMAC-SHA-256 of "phone:code", hex, key in $DATA_DIR/secrets. */
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  /** Wrong codes tried against this one; the 5th voids it. */
  failedAttempts: integer("failed_attempts").notNull().default(0),
  createdAt: createdAt(),
});

/** Solved ALTCHA challenges, kept until they expire so each solution is accepted once. */
export const usedCaptchas = sqliteTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at").notNull(),
});

/** Free-plan counters per calendar day in Asia/Jakarta ("2026-11-22"). */
export const dailyUsage = sqliteTable(
  "daily_usage",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    swipes: integer("swipes").notNull().default(0),
    chats: integer("chats").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** An admin's or moderator's single-use recovery codes (ADMIN.md 'Who'): only a hash is kept; shown once at enrolment. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the normalised code, hex (the codes are random, 50+ bits; no slow hash needed). */
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * An email address or phone deleted while reports against it were open (SECURITY.md 'Privacy and
 * abuse'): registration with it answers 409 until `until`. Only a keyed hash is kept (HMAC-SHA-256
 * with a key in $DATA_DIR/secrets, of "email:" + the lower-cased address or "phone:" + the E.164 number).
 */
export const blockedRegistrations = sqliteTable(
  "blocked_registrations",
  {
    keyHash: text("key_hash").primaryKey(),
    until: timestamp("until").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blocked_registrations_until_idx").on(t.until)],
);

import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export interface PromptAnswer {
  id: string;
  answer: string;
}

/**
 * Triggers on this table keep users.has_photo (migration 0015): a migration that rebuilds it
 * (drizzle-kit's create, copy, drop, rename) must drop those four triggers first and create them
 * again after, or the rename fails on them.
 */
export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    /** Computed from birthDate when there is one (kept current by src/features/profile/age-refresh.ts). */
    age: integer("age").notNull(),
    /** "YYYY-MM-DD"; set once at onboarding, never edited (docs/decisions/0096). Null for profiles made before it. */
    birthDate: text("birth_date"),
    gender: text("gender", { enum: ["male", "female"] }).notNull(),
    /** A family key (src/features/profile/denominations.ts, docs/decisions/0132); migration 0020 mapped the old English values. */
    denomination: text("denomination").notNull(),
    /** A church of the directory kept in the repository (src/features/churches/church-directory.json); null: none chosen. */
    churchId: text("church_id"),
    /** Free text, a local congregation; "" when only churchId was given (MATCHING.md). */
    churchName: text("church_name").notNull(),
    faithTestimony: text("faith_testimony").notNull(),
    faithDuration: text("faith_duration").notNull(),
    bio: text("bio").notNull(),
    ministryInvolvement: text("ministry_involvement"),
    relationshipGoals: text("relationship_goals"),
    jesusChristMeaning: text("jesus_christ_meaning"),
    /** km, 5–200. */
    searchDistance: integer("search_distance").notNull().default(50),
    /** JSON array of interest keys (src/features/profile/interests.ts), at most 10. */
    interests: text("interests", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Up to three answered prompts (src/features/profile/prompts.ts), in the member's order. */
    prompts: text("prompts", { mode: "json" }).$type<PromptAnswer[]>().notNull().default([]),
    // Discover filters (src/features/discovery/filters.ts); null/empty = no limit.
    filterAgeMin: integer("filter_age_min"),
    filterAgeMax: integer("filter_age_max"),
    /** Denomination family keys. */
    filterDenominations: text("filter_denominations", { mode: "json" }).$type<string[]>().notNull().default([]),
    filterGoals: text("filter_goals", { mode: "json" }).$type<string[]>().notNull().default([]),
    occupation: text("occupation"),
    education: text("education"),
    /** City the user chose; its centre is the only position we keep (never a device location). */
    city: text("city"),
    cityLat: real("city_lat"),
    cityLng: real("city_lng"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull().$defaultFn(() => new Date()),
  },
  (t) => [
    index("profiles_gender_age_idx").on(t.gender, t.age),
    // Discovery reads the people of the other gender in the cities within reach (docs/decisions/0060);
    // the filters' columns are in the index too, so a narrow filter skips rows without reading them (0097).
    index("profiles_discovery_idx").on(t.gender, t.city, t.age, t.denomination, t.relationshipGoals, t.cityLat),
    // Discover's candidates found another way (recently active, likers, boosted) are tested on these
    // columns by user id; with them in an index it reads no profile row, whose texts are long (0102).
    index("profiles_discovery_checks_idx").on(t.userId, t.gender, t.city, t.cityLat, t.age, t.denomination, t.relationshipGoals),
  ],
);

/**
 * Profile photos, stored as files under $DATA_DIR/uploads with server-generated names.
 * Triggers on this table keep users.has_photo (migration 0015): a migration that rebuilds it
 * (drizzle-kit's create, copy, drop, rename) must drop those four triggers first and create them
 * again after, or the rename fails on them.
 */
export const photos = sqliteTable(
  "photos",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** 0 is the main photo. */
    position: integer("position").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    /**
     * When an approved selfie covered this photo (set on the member's photos when a verification is
     * approved). The badge belongs to these photos: once none is left, it is withdrawn until a new
     * selfie is approved (docs/decisions/0127).
     */
    verifiedAt: timestamp("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("photos_user_position_idx").on(t.userId, t.position)],
);

/**
 * Onboarding in progress (docs/decisions/0096): each step's values are saved here, so a closed
 * tab resumes at the same step. Removed in the batch that creates the profile.
 */
export const profileDrafts = sqliteTable("profile_drafts", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  step: integer("step").notNull(),
  values: text("values", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

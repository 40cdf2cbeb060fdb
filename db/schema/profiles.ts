import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    age: integer("age").notNull(),
    gender: text("gender", { enum: ["male", "female"] }).notNull(),
    denomination: text("denomination").notNull(),
    churchName: text("church_name").notNull(),
    faithTestimony: text("faith_testimony").notNull(),
    faithDuration: text("faith_duration").notNull(),
    bio: text("bio").notNull(),
    ministryInvolvement: text("ministry_involvement"),
    relationshipGoals: text("relationship_goals"),
    jesusChristMeaning: text("jesus_christ_meaning"),
    /** km, 5–200. */
    searchDistance: integer("search_distance").notNull().default(50),
    /** JSON array of strings. */
    interests: text("interests", { mode: "json" }).$type<string[]>().notNull().default([]),
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
    // Discovery reads the people of the other gender in the cities within reach (docs/decisions/0060).
    index("profiles_gender_city_idx").on(t.gender, t.city),
  ],
);

/** Profile photos, stored as files under $DATA_DIR/uploads with server-generated names. */
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
    createdAt: createdAt(),
  },
  (t) => [index("photos_user_position_idx").on(t.userId, t.position)],
);

import { integer, text } from "drizzle-orm/sqlite-core";

/** Times are stored as Unix milliseconds; the API turns them into ISO 8601 strings. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const createdAt = () => timestamp("created_at").notNull().$defaultFn(() => new Date());
export const bool = (name: string) => integer(name, { mode: "boolean" });
export const id = () => text("id").primaryKey();

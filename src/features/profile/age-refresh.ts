/**
 * profiles.age is kept for the Discover query's index and ranking, but the birth date is the
 * truth (docs/decisions/0096): this moves every age that a birthday changed. Run at start-up and
 * hourly; a birthday shows within the hour of Jakarta midnight.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { jakartaDayOf } from "../../platform/clock";
import { log } from "../../platform/log";

const REFRESH_EVERY_MS = 60 * 60_000;

/** The same rule as ageOn (birth-date.ts), in SQL over "YYYY-MM-DD" strings. */
export async function refreshAges(db: Database, now: Date): Promise<number> {
  const today = jakartaDayOf(now);
  const computed = sql`(cast(substr(${today}, 1, 4) as integer) - cast(substr(birth_date, 1, 4) as integer) - (substr(birth_date, 6, 5) > substr(${today}, 6, 5)))`;
  const result = await db.run(sql`update profiles set age = ${computed} where birth_date is not null and age <> ${computed}`);
  return result.rowsAffected;
}

export function startAgeRefresh(db: Database, now: () => Date): () => void {
  const run = () => void refreshAges(db, now()).catch((error) => log.error({ err: error }, "profile: age refresh failed"));
  run();
  const timer = setInterval(run, REFRESH_EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

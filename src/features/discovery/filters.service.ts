import { and, eq, sql } from "drizzle-orm";
import { profiles, users } from "../../../db/schema";
import type { Database } from "../../../db/client";
import { preparedQuery } from "../../../db/prepared";
import { canonicalFilters, type DiscoveryFilters } from "./filters";

/** The member's filters, or null without a profile (nothing to filter for yet). */
export async function filtersOf(db: Database, userId: string): Promise<DiscoveryFilters | null> {
  // Prepared once per database: the Discover page reads them on every load.
  const query = preparedQuery(db, "discovery.filters", () =>
    db
      .select({
        ageMin: profiles.filterAgeMin,
        ageMax: profiles.filterAgeMax,
        denominations: profiles.filterDenominations,
        relationshipGoals: profiles.filterGoals,
        maxDistance: profiles.searchDistance,
        verifiedOnly: users.verifiedOnly,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, sql.placeholder("userId")))
      .limit(1)
      .prepare(),
  );
  const [row] = await query.execute({ userId });
  return row ?? null;
}

/** Saves every filter in one batch (the distance and the verified switch live with the profile and the account). */
export async function saveFilters(db: Database, userId: string, now: Date, input: DiscoveryFilters): Promise<DiscoveryFilters | null> {
  const filters = canonicalFilters(input);
  const [profileWrite] = await db.batch([
    db
      .update(profiles)
      .set({ filterAgeMin: filters.ageMin, filterAgeMax: filters.ageMax, filterDenominations: filters.denominations, filterGoals: filters.relationshipGoals, searchDistance: filters.maxDistance, updatedAt: now })
      .where(eq(profiles.userId, userId))
      .returning({ userId: profiles.userId }),
    // Only with a profile: without one the whole save changes nothing.
    db.update(users).set({ verifiedOnly: filters.verifiedOnly }).where(and(eq(users.id, userId), sql`exists (select 1 from profiles where user_id = ${userId})`)),
  ]);
  if (profileWrite.length === 0) return null;
  return filters;
}

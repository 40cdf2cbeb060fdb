/**
 * Discover filters (docs/decisions/0097): who the member wants to see. Applied by the server in
 * the suggestion query (discovery.service.ts), never by hiding cards in the browser. Shared by the
 * API and the filter sheet (islands import it, so zod/mini).
 */
import * as z from "zod/mini";
import { MAX_AGE, MIN_AGE, SEARCH_DISTANCE_KM } from "../../platform/constants";
import { DENOMINATIONS, RELATIONSHIP_GOALS } from "../profile/profile-options";
import { denominationKeyOf } from "../profile/denominations";

export type { DiscoveryFilters } from "./filter-state";
import { ageRangeInOrder, type DiscoveryFilters } from "./filter-state";

export const FILTER_MESSAGES = {
  ageRange: "Choose an age range between 18 and 100, the first no higher than the second",
  denomination: "Please choose denominations from the list",
  goal: "Please choose relationship goals from the list",
  distance: "Search distance must be between 5 and 200 km in steps of 5",
} as const;

const age = z.nullable(z.number({ error: FILTER_MESSAGES.ageRange }).check(z.int(FILTER_MESSAGES.ageRange), z.gte(MIN_AGE, FILTER_MESSAGES.ageRange), z.lte(MAX_AGE, FILTER_MESSAGES.ageRange)));

const rangeInOrder = z.refine<{ ageMin: number | null; ageMax: number | null }>(ageRangeInOrder, {
  message: FILTER_MESSAGES.ageRange,
  path: ["ageMin"],
});

const preferenceShape = {
  ageMin: age,
  ageMax: age,
  maxDistance: z.number({ error: FILTER_MESSAGES.distance }).check(
    z.int(FILTER_MESSAGES.distance),
    z.gte(SEARCH_DISTANCE_KM.min, FILTER_MESSAGES.distance),
    z.lte(SEARCH_DISTANCE_KM.max, FILTER_MESSAGES.distance),
    z.multipleOf(SEARCH_DISTANCE_KM.step, FILTER_MESSAGES.distance),
  ),
};

/** What onboarding's last step asks (who the member would like to meet); the rest of the filters start open. */
export const preferencesSchema = z.object(preferenceShape).check(rangeInOrder);
export type Preferences = z.infer<typeof preferencesSchema>;

/** A family key, or an old English value taken as its key (older clients, docs/decisions/0132). */
const denominationFilter = z.pipe(
  z.pipe(z.string({ error: FILTER_MESSAGES.denomination }), z.transform((value: string) => denominationKeyOf(value) ?? value)),
  z.enum(DENOMINATIONS, { error: FILTER_MESSAGES.denomination }),
);

export const filtersSchema = z
  .object({
    ...preferenceShape,
    // Old values and keys may name one family twice (Lutheran, Anglican): canonicalFilters collapses them.
    denominations: z.array(denominationFilter).check(z.maxLength(DENOMINATIONS.length * 2, FILTER_MESSAGES.denomination)),
    relationshipGoals: z.array(z.enum(RELATIONSHIP_GOALS, { error: FILTER_MESSAGES.goal })).check(z.maxLength(RELATIONSHIP_GOALS.length, FILTER_MESSAGES.goal)),
    verifiedOnly: z.boolean(),
  })
  .check(rangeInOrder);

/** Repeated entries collapse, in the list's order: the stored value is canonical. */
export function canonicalFilters(filters: DiscoveryFilters): DiscoveryFilters {
  return {
    ...filters,
    denominations: DENOMINATIONS.filter((entry) => filters.denominations.includes(entry)),
    relationshipGoals: RELATIONSHIP_GOALS.filter((entry) => filters.relationshipGoals.includes(entry)),
  };
}

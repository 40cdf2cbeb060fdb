/** Discover filters as screens hold them (no zod here: the Discover bundle imports this file; rules in filters.ts). */

export interface DiscoveryFilters {
  /** Both null = any age. */
  ageMin: number | null;
  ageMax: number | null;
  /** Empty = every denomination. */
  denominations: string[];
  /** Empty = any goal (people who gave none included). */
  relationshipGoals: string[];
  /** km, the profile's search distance (Settings shows the same value). */
  maxDistance: number;
  verifiedOnly: boolean;
}

/** No limit beyond the distance. */
export const OPEN_FILTERS: Omit<DiscoveryFilters, "maxDistance"> = { ageMin: null, ageMax: null, denominations: [], relationshipGoals: [], verifiedOnly: false };

/** The age range reads as a range: the first no higher than the second. */
export const ageRangeInOrder = (filters: Pick<DiscoveryFilters, "ageMin" | "ageMax">) => filters.ageMin === null || filters.ageMax === null || filters.ageMin <= filters.ageMax;

/** Whether any filter narrows the deck beyond the distance (the button shows a dot). */
export function filtersActive(filters: DiscoveryFilters): boolean {
  return filters.ageMin !== null || filters.ageMax !== null || filters.denominations.length > 0 || filters.relationshipGoals.length > 0 || filters.verifiedOnly;
}


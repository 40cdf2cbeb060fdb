/** The choices of the profile's select fields (spec point 5), stored as written; screens translate them (i18n options.*). */
import { DENOMINATION_KEYS } from "./denominations";

export const GENDERS = ["male", "female"] as const;
/** Family keys (docs/decisions/0132); the old English values are aliases (denominations.ts). */
export const DENOMINATIONS = DENOMINATION_KEYS;
/** The two screens offer different lists (spec point 5); both are kept as written. */
export const FAITH_DURATIONS_REGISTRATION = ["Less than 1 year", "1-5 years", "5-10 years", "10+ years", "Born into faith"] as const;
export const FAITH_DURATIONS_EDIT = ["1-2 years", "3-5 years", "6-10 years", "More than 10 years", "Born into faith"] as const;
export const FAITH_DURATIONS_KNOWN = [...FAITH_DURATIONS_EDIT, ...FAITH_DURATIONS_REGISTRATION] as const;

/**
 * The faith-duration choices of an edit: the edit list, with the profile's own value first when
 * it came from the registration list, so keeping "5-10 years" unchanged never fails (decision 0079).
 */
export function editFaithDurations(current: string): readonly string[] {
  return current !== "" && !(FAITH_DURATIONS_EDIT as readonly string[]).includes(current) ? [current, ...FAITH_DURATIONS_EDIT] : FAITH_DURATIONS_EDIT;
}
export const RELATIONSHIP_GOALS = ["marriage", "serious-relationship", "friendship", "fellowship"] as const;


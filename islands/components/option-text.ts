import type { TFunction } from "i18next";

export type OptionGroup = "gender" | "denomination" | "faithDuration" | "relationshipGoals";

/**
 * Option values travel as their English texts (API.md); screens show them in the reader's
 * language from `options.*`, and an unknown value as it came.
 */
export function optionText(t: TFunction, group: OptionGroup, value: string): string {
  return t(`options.${group}.${value}`, { defaultValue: value });
}

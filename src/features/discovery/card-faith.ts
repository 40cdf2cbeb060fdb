import type { Lang } from "../../i18n";
import { churchJson } from "../churches/church-json";
import { denominationName } from "../profile/denominations";
import { interestName } from "../profile/interests";

/**
 * A card's denomination, church and interests (MATCHING.md, docs/decisions/0132): the family key
 * and its name, the directory church and the free text, the interest keys with their names in the
 * viewer's language, and the ones the viewer shares (the card highlights them).
 */
export function faithOnCard(row: { denomination: string; church_id: string | null; church_name: string; interests: string }, viewerInterests: readonly string[], lang: Lang) {
  const interests = interestKeys(row.interests);
  return {
    denomination: row.denomination,
    denominationName: denominationName(row.denomination, lang),
    church: churchJson(row.church_id),
    churchName: row.church_name,
    interests,
    interestNames: interests.map((key) => interestName(key, lang)),
    sharedInterests: interests.filter((key) => viewerInterests.includes(key)),
  };
}

function interestKeys(stored: string): string[] {
  try {
    const parsed = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

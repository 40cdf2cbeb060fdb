/**
 * The church directory kept in the repository (church-directory.json, MATCHING.md 'Denominations
 * and churches', docs/decisions/0132): the main synods and church networks and the Catholic
 * dioceses, each with its denomination family. A profile names one by id and may add its local
 * congregation as free text. No server imports.
 */
import type { DenominationKey } from "../profile/denominations";
import directory from "./church-directory.json";

export interface Church {
  id: string;
  name: string;
  abbreviation?: string;
  family: DenominationKey;
  /** Other names people write (searched, and used by migration 0020 to recognise a church name). */
  aliases?: string[];
}

export const CHURCHES: readonly Church[] = directory as Church[];
export const CHURCH_SEARCH_LIMIT = 20;

const BY_ID = new Map(CHURCHES.map((church) => [church.id, church]));

export function churchById(id: string): Church | undefined {
  return BY_ID.get(id);
}

/** Case and accents ignored ("Gereja Kristen Injili" and "gereja kristen injili" compare equal; "é" as "e"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

const SEARCHABLE = CHURCHES.map((church) => ({
  church,
  abbreviation: church.abbreviation === undefined ? "" : foldForSearch(church.abbreviation),
  names: [church.name, ...(church.aliases ?? [])].map(foldForSearch),
}));

/**
 * Churches whose name, abbreviation or alias matches what the member typed, best first: the
 * abbreviation itself, then abbreviations and names that start with it, then names with a word
 * that starts with it, then names that contain it. At most CHURCH_SEARCH_LIMIT.
 */
export function searchChurches(query: string): Church[] {
  const q = foldForSearch(query);
  if (q === "") return CHURCHES.slice(0, CHURCH_SEARCH_LIMIT);
  const scored: { church: Church; score: number; order: number }[] = [];
  SEARCHABLE.forEach(({ church, abbreviation, names }, order) => {
    let score = 0;
    if (abbreviation === q) score = 5;
    else if (abbreviation.startsWith(q) || names.some((name) => name.startsWith(q))) score = 4;
    else if (names.some((name) => name.includes(` ${q}`))) score = 3;
    else if (names.some((name) => name.includes(q)) || (q.length >= 2 && abbreviation.includes(q))) score = 2;
    if (score > 0) scored.push({ church, score, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).slice(0, CHURCH_SEARCH_LIMIT).map((entry) => entry.church);
}

/**
 * Every lower-cased name, abbreviation and alias with its church: what migration 0020 recognised at
 * the start of a stored church name (its table is kept equal to this by a test).
 */
export function churchPrefixPairs(): [string, string][] {
  const pairs = new Map<string, string>();
  for (const church of CHURCHES) {
    for (const name of [church.name, church.abbreviation, ...(church.aliases ?? [])]) if (name !== undefined) pairs.set(name.toLowerCase(), church.id);
  }
  return [...pairs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Built on the first lookup: the demo seeds call churchIdFromName once per person. */
let prefixPairs: [string, string][] | undefined;

/** The directory church a written church name starts with ("HKBP Kernolong Jakarta" → hkbp), longest first. */
export function churchIdFromName(text: string): string | undefined {
  const lower = text.trim().toLowerCase();
  let best: [string, string] | undefined;
  for (const [prefix, id] of (prefixPairs ??= churchPrefixPairs())) {
    if ((lower === prefix || lower.startsWith(`${prefix} `)) && (best === undefined || prefix.length > best[0].length)) best = [prefix, id];
  }
  return best?.[1];
}

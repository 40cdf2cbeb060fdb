/**
 * Denomination families Indonesians recognise (MATCHING.md 'Denominations and churches',
 * docs/decisions/0132). Profiles store the key; the old English values of spec point 5 stay
 * accepted as aliases (older clients, the Android wrapper) and are answered as their key.
 * No server imports: islands import this file.
 */
export const DENOMINATION_KEYS = ["catholic", "protestant", "pentecostal", "charismatic", "evangelical", "baptist", "adventist", "methodist", "reformed", "orthodox", "other"] as const;
export type DenominationKey = (typeof DENOMINATION_KEYS)[number];

export const DENOMINATION_NAMES: Record<DenominationKey, { en: string; id: string }> = {
  catholic: { en: "Catholic", id: "Katolik" },
  protestant: { en: "Protestant (mainline)", id: "Protestan (arus utama)" },
  pentecostal: { en: "Pentecostal", id: "Pentakosta" },
  charismatic: { en: "Charismatic", id: "Karismatik" },
  evangelical: { en: "Evangelical", id: "Injili" },
  baptist: { en: "Baptist", id: "Baptis" },
  adventist: { en: "Adventist", id: "Advent" },
  methodist: { en: "Methodist", id: "Methodist" },
  reformed: { en: "Reformed", id: "Reformed" },
  orthodox: { en: "Orthodox", id: "Ortodoks" },
  other: { en: "Other", id: "Lainnya" },
};

/** The values stored and accepted before the families; migration 0020 maps the stored ones the same way. */
export const OLD_DENOMINATIONS: Record<string, DenominationKey> = {
  Catholic: "catholic",
  Protestant: "protestant",
  Lutheran: "protestant",
  Anglican: "protestant",
  Presbyterian: "reformed",
  Pentecostal: "pentecostal",
  Baptist: "baptist",
  Methodist: "methodist",
  Orthodox: "orthodox",
  Other: "other",
};

/** Everything the API takes for a denomination: the keys, then the old values. */
export const DENOMINATION_INPUTS = [...DENOMINATION_KEYS, ...Object.keys(OLD_DENOMINATIONS)] as [string, ...string[]];

/** A key or an old value as its key; undefined for anything else. */
export function denominationKeyOf(value: string): DenominationKey | undefined {
  if ((DENOMINATION_KEYS as readonly string[]).includes(value)) return value as DenominationKey;
  return OLD_DENOMINATIONS[value];
}

/** The family's name; a value that is not a key (none should be stored) is shown as written. */
export function denominationName(value: string, language: "en" | "id"): string {
  const key = denominationKeyOf(value);
  return key === undefined ? value : DENOMINATION_NAMES[key][language];
}

import i18next, { type TFunction } from "i18next";
import en from "./en.json";
import id from "./id.json";

export const LANGUAGES = ["en", "id"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Lang = "en";
/** localStorage key (spec point 1) and the cookie that mirrors it for the server. */
export const LANGUAGE_STORAGE_KEY = "app-language";

export const resources = { en, id } as const;
export type Messages = typeof en;

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "id";
}

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, id: { translation: id } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export function translator(lang: Lang): TFunction {
  return instance.getFixedT(lang);
}

/** The top-level groups of a language, for shipping only what a page's islands use. */
export function pickNamespaces(lang: Lang, namespaces: readonly string[]): Record<string, unknown> {
  const all = resources[lang] as Record<string, unknown>;
  return Object.fromEntries(namespaces.filter((ns) => ns in all).map((ns) => [ns, all[ns]]));
}

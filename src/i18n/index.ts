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

/** More than every key of a language file, so every real text is kept. */
const PLAIN_TEXTS_KEPT = 10_000;

/**
 * A language's translator. A key asked without options always gives the same text (the
 * resources are built in), so that text is kept after its first lookup: a server-rendered page
 * asks for a hundred or so, and i18next's lookup for each was about 3 % of the server's CPU under
 * bench:load. Calls with options (interpolation, plurals, objects) go to i18next every time.
 */
export function translator(lang: Lang): TFunction {
  const fixed = instance.getFixedT(lang);
  const plain = new Map<string, string>();
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length === 0 && typeof key === "string") {
      let text = plain.get(key);
      if (text === undefined) {
        text = fixed(key);
        // Bounded: keys built from stored values must not grow it without end.
        if (plain.size < PLAIN_TEXTS_KEPT) plain.set(key, text);
      }
      return text;
    }
    return (fixed as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  };
  return t as unknown as TFunction;
}

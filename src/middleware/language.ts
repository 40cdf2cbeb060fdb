import type { Context } from "hono";
import type { TFunction } from "i18next";
import type { AppEnv } from "../app-env";
import { DEFAULT_LANGUAGE, isLang, LANGUAGE_STORAGE_KEY, translator, type Lang } from "../i18n";
import { cookieValue } from "./cookie-value";

/** One translator per language, made once: building it on every request showed in the benchmark. */
const translators = new Map<Lang, TFunction>();
function translatorFor(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (t === undefined) translators.set(lang, (t = translator(lang)));
  return t;
}

/** The language comes from the cookie the switcher writes (mirroring localStorage); default English. */
export function setRequestLanguage(c: Context<AppEnv>, cookieHeader: string | null) {
  const lang = chosenLanguage(cookieHeader) ?? DEFAULT_LANGUAGE;
  c.set("lang", lang);
  c.set("t", translatorFor(lang));
}

/** The language the visitor chose on this device (the switcher's cookie), or null if none. */
export function chosenLanguage(cookieHeader: string | null | undefined): Lang | null {
  const fromCookie = cookieValue(cookieHeader ?? null, LANGUAGE_STORAGE_KEY);
  return isLang(fromCookie) ? fromCookie : null;
}

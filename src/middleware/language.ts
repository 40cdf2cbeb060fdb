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

/**
 * The language comes from the cookie the switcher writes (mirroring localStorage); default English.
 * Returns the cookie's language, or null when the visitor never chose one.
 */
export function setRequestLanguage(c: Context<AppEnv>, cookieHeader: string | null): Lang | null {
  const fromCookie = cookieValue(cookieHeader, LANGUAGE_STORAGE_KEY);
  const chosen = isLang(fromCookie) ? fromCookie : null;
  const lang = chosen ?? DEFAULT_LANGUAGE;
  c.set("lang", lang);
  c.set("t", translatorFor(lang));
  return chosen;
}

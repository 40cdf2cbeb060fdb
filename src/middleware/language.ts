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
 * The language: the visitor's own choice (the cookie the switcher writes, mirroring localStorage)
 * wins; before any choice, the browser's Accept-Language (an `id-ID` Android WebView gets
 * Indonesian on its very first page); else English.
 */
export function setRequestLanguage(c: Context<AppEnv>, cookieHeader: string | null, acceptLanguage: string | null = null) {
  const lang = chosenLanguage(cookieHeader) ?? preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
  c.set("lang", lang);
  c.set("t", translatorFor(lang));
}

/**
 * The best of our languages in an Accept-Language header, by its q values (ties: the order
 * given); null when it names neither. "in" is the code older Android versions use for Indonesian.
 */
export function preferredLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  let best: { lang: Lang; q: number } | null = null;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = tag.trim().split("-")[0];
    const lang: Lang | null = primary === "id" || primary === "in" ? "id" : primary === "en" ? "en" : null;
    if (lang === null) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === null || q > best.q) best = { lang, q };
  }
  return best?.lang ?? null;
}

/** The language the visitor chose on this device (the switcher's cookie), or null if none. */
export function chosenLanguage(cookieHeader: string | null | undefined): Lang | null {
  const fromCookie = cookieValue(cookieHeader ?? null, LANGUAGE_STORAGE_KEY);
  return isLang(fromCookie) ? fromCookie : null;
}

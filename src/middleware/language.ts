import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import type { TFunction } from "i18next";
import type { AppEnv } from "../app-env";
import { DEFAULT_LANGUAGE, isLang, LANGUAGE_STORAGE_KEY, translator, type Lang } from "../i18n";

/** One translator per language, made once: building it on every request showed in the benchmark. */
const translators = new Map<Lang, TFunction>();
function translatorFor(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (t === undefined) translators.set(lang, (t = translator(lang)));
  return t;
}

/** The language comes from the cookie the switcher writes (mirroring localStorage); default English. */
export const language = createMiddleware<AppEnv>(async (c, next) => {
  // Most API calls carry no language cookie at all: skip parsing when the name is absent.
  const header = c.req.header("Cookie");
  const fromCookie = header !== undefined && header.includes(LANGUAGE_STORAGE_KEY) ? getCookie(c, LANGUAGE_STORAGE_KEY) : undefined;
  const lang = isLang(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
  c.set("lang", lang);
  c.set("t", translatorFor(lang));
  await next();
});

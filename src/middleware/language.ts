import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";
import { DEFAULT_LANGUAGE, isLang, LANGUAGE_STORAGE_KEY, translator } from "../i18n";

/** The language comes from the cookie the switcher writes (mirroring localStorage); default English. */
export const language = createMiddleware<AppEnv>(async (c, next) => {
  const fromCookie = getCookie(c, LANGUAGE_STORAGE_KEY);
  const lang = isLang(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
  c.set("lang", lang);
  c.set("t", translator(lang));
  await next();
});

import { createContext, useContext } from "react";
import type { TFunction } from "i18next";

export type Lang = "en" | "id";

export interface I18nValue {
  t: TFunction;
  lang: Lang;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Provided by the server when it renders a page and by the client when it hydrates islands. */
export const I18nProvider = I18nContext.Provider;

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (value === null) throw new Error("useI18n() outside an I18nProvider");
  return value;
}

export function useT(): TFunction {
  return useI18n().t;
}

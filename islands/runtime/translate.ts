/**
 * The browser's translator: the part of i18next the islands use (nested keys, {{value}}
 * interpolation, plurals with i18next's `_zero`, defaultValue), without
 * shipping i18next itself to a slow phone (docs/decisions/0099). The server renders with i18next;
 * translate.test.ts checks both give the same text for every key of both languages.
 */
import type { TFunction } from "i18next";

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: string };

/**
 * The plural category of a count, as Intl.PluralRules gives it for our two languages (English:
 * exactly 1 or -1 is "one"; Indonesian has no plural forms), without building one: Intl objects are
 * costly to build on a slow phone. translate.test.ts compares it with Intl.PluralRules.
 */
export function pluralOf(lang: string, count: number): "one" | "other" {
  return lang === "en" && Math.abs(count) === 1 ? "one" : "other";
}

function lookup(resources: Resources, key: string): unknown {
  let node: unknown = resources;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Resources)[part];
  }
  return node;
}

function interpolate(text: string, options: Options | undefined): string {
  if (options === undefined || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function createTranslator(lang: string, resources: Resources): TFunction {
  const t = (key: string | string[], second?: Options | string, third?: Options): string => {
    const options = typeof second === "object" ? second : third;
    const fallback = typeof second === "string" ? second : options?.defaultValue;
    const keys = Array.isArray(key) ? key : [key];
    for (const candidate of keys) {
      let value: unknown;
      if (typeof options?.count === "number") {
        if (options.count === 0) value = lookup(resources, `${candidate}_zero`);
        value ??= lookup(resources, `${candidate}_${pluralOf(lang, options.count)}`);
      }
      value ??= lookup(resources, candidate);
      if (typeof value === "string") return interpolate(value, options);
    }
    return fallback !== undefined ? interpolate(fallback, options) : keys[keys.length - 1]!;
  };
  return t as unknown as TFunction;
}

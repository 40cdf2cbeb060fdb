/**
 * Every literal key the code asks for exists in both languages, and the two language files have
 * exactly the same keys: missing copy anywhere in the project fails here, not on a screen.
 */
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import en from "./en.json";
import id from "./id.json";
import { messageKey } from "../../islands/runtime/messages";
import { AUTH_MESSAGES } from "../features/auth/auth.schemas";
import { PASSWORD_PROBLEM_MESSAGES } from "../features/auth/password";

const root = join(import.meta.dir, "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** "a.b.c" for every leaf string of a language file. */
function flatten(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

const enKeys = new Set(flatten(en));
const idKeys = new Set(flatten(id));

/** A key exists as itself or as i18next plural forms (key_one, key_other). */
const has = (keys: Set<string>, key: string) => keys.has(key) || keys.has(`${key}_other`);

// t("key"), t('key'), and c.get("t")("key") with a literal key; template literals are dynamic and skipped.
const callPattern = /(?:(?<![\w$.])t|\.get\(\s*["']t["']\s*\))\(\s*(["'])([A-Za-z0-9_]+(?:\.[A-Za-z0-9_-]+)+)\1/g;

function literalKeys() {
  const found: { key: string; file: string }[] = [];
  for (const file of [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "islands"))]) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(callPattern)) found.push({ key: match[2]!, file: relative(root, file) });
  }
  return found;
}

describe("i18n copy", () => {
  it("finds the keys the code asks for (the scan itself works)", () => {
    const keys = literalKeys().map((entry) => entry.key);
    expect(keys).toContain("auth.signIn");
    expect(keys).toContain("landing.tagline");
    expect(keys).toContain("captcha.label");
  });

  it("has every literal key used in src/ and islands/ in English and in Indonesian", () => {
    const missing = literalKeys()
      .flatMap(({ key, file }) => [has(enKeys, key) ? null : `en: ${key} (${file})`, has(idKeys, key) ? null : `id: ${key} (${file})`])
      .filter((line) => line !== null);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("has exactly the same keys in en.json and id.json", () => {
    expect([...enKeys].filter((key) => !idKeys.has(key))).toEqual([]);
    expect([...idKeys].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it("translates every sign-in and registration message the API can answer", () => {
    for (const message of [...Object.values(AUTH_MESSAGES), ...Object.values(PASSWORD_PROBLEM_MESSAGES)]) {
      const key = `messages.${messageKey(message)}`;
      expect({ message, en: enKeys.has(key), id: idKeys.has(key) }).toEqual({ message, en: true, id: true });
    }
  });
});

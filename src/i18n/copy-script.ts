/**
 * The copy a page's islands use, as a script of its own that the browser keeps
 * (docs/decisions/0107): embedded in the page, it was 25 KB of a Discover page's 42, sent,
 * serialized and gzipped again on every visit.
 *
 * Its address names the language and the groups of copy, so any instance (of this release or a
 * later one) can answer it, and a hash of the content, so it is cached for a year. A page asks for
 * the groups its islands use; the same set on two pages is one file.
 */
import { createHash } from "node:crypto";
import { brotliCompress, constants, gzipSync } from "node:zlib";
import { COPY_GLOBAL } from "../../islands/runtime/copy-global";
import { isLang, resources, type Lang } from "./index";

export interface CopyScript {
  /** /assets/copy/<lang>/<group+group…>.<hash>.js */
  path: string;
  body: string;
  gzip: Uint8Array<ArrayBuffer>;
  /** Brotli at quality 11, made off the main thread: null until it is ready, and for sets no page here links. */
  br: Uint8Array<ArrayBuffer> | null;
}

const PREFIX = "/assets/copy/";
const ADDRESS = /^\/assets\/copy\/([a-z]{2})\/([A-Za-z0-9+]{1,400})\.([0-9a-f]{12})\.js$/;
/** A page's islands use a dozen groups at most (Discover: 11); an address may name no more than this. */
const MOST_GROUPS = 16;
/** The sets this process's pages link, kept with their compressed bytes; a bound, not a cache size (pages use a few dozen). */
const SETS_KEPT = 200;
const kept = new Map<string, CopyScript>();

/** The groups that exist in the language, once each, in one order: the same set is one address. */
function groupsOf(lang: Lang, groups: readonly string[]): string[] {
  const all = resources[lang] as Record<string, unknown>;
  return [...new Set(groups)].filter((group) => Object.hasOwn(all, group) && /^[A-Za-z0-9]+$/.test(group)).sort();
}

/**
 * A set a page here links is compressed as hard as the build compresses scripts, brotli on
 * zlib's own thread (about 25 ms for a Discover page's set); until that is ready it goes out
 * gzipped. A set only asked for by address (a page of another instance, or anyone's guess) is
 * gzipped at the level pages use and not kept: answering it costs about what a page costs.
 */
function build(lang: Lang, groups: string[], linked: boolean): CopyScript {
  const all = resources[lang] as Record<string, unknown>;
  const copy = { lang, resources: Object.fromEntries(groups.map((group) => [group, all[group]])) };
  // U+2028/2029 end a line in the JavaScript of older WebViews (before ES2019).
  const body = `window.${COPY_GLOBAL}=${JSON.stringify(copy).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")};`;
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  const script: CopyScript = {
    path: `${PREFIX}${lang}/${groups.join("+")}.${hash}.js`,
    body,
    gzip: new Uint8Array(gzipSync(body, { level: linked ? 9 : 6 })),
    br: null,
  };
  if (linked) {
    brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, (error, bytes) => {
      if (error === null) script.br = new Uint8Array(bytes);
    });
  }
  return script;
}

/** The address of the copy script for these groups of `lang` (the page links it). */
export function copyScriptPath(lang: Lang, groups: readonly string[]): string {
  const set = groupsOf(lang, groups);
  const key = `${lang}/${set.join("+")}`;
  let script = kept.get(key);
  if (script === undefined) {
    script = build(lang, set, true);
    if (kept.size < SETS_KEPT) kept.set(key, script);
  }
  return script.path;
}

/**
 * The script at an address, and whether its hash is this release's (then it may be cached for a
 * year; another release's address gets this release's copy, revalidated). Null when the address
 * names no language, or a group that does not exist, or a set out of order or too large.
 */
export function copyScriptAt(path: string): { script: CopyScript; current: boolean } | null {
  const match = ADDRESS.exec(path);
  if (match === null || !isLang(match[1])) return null;
  const lang = match[1];
  const asked = match[2]!.split("+");
  if (asked.length > MOST_GROUPS) return null;
  const groups = groupsOf(lang, asked);
  if (groups.join("+") !== asked.join("+")) return null;
  const script = kept.get(`${lang}/${match[2]}`) ?? build(lang, groups, false);
  return { script, current: script.path === path };
}

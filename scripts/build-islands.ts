/**
 * Builds the browser code: one file per page (islands/entries/*) with chunks only for what it loads on demand,
 * React's production build, content-hashed names, and the stylesheet. Writes
 * dist/client/manifest.json, which the server reads to link each page's files.
 */
import { readdirSync, rmSync, mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { join, basename, relative } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

const root = join(import.meta.dir, "..");
const outDir = join(root, "dist", "client");
const entriesDir = join(root, "islands", "entries");

export async function buildClient({ quiet = false } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, "assets"), { recursive: true });
  const entrypoints = readdirSync(entriesDir)
    .filter((name) => /\.(tsx?|jsx?)$/.test(name))
    .map((name) => join(entriesDir, name));

  // One build per page: everything a page imports statically lands in its one entry file, and
  // only what it loads on demand (import()) becomes chunks. On a phone over HTTP/1.1 with 150 ms
  // round trips, one file beats a dozen shared chunks queued on six connections (bench/page);
  // chunks that come out identical in several builds share a name and a cache entry (docs/decisions/0099).
  const manifest: { entries: Record<string, { file: string; imports: string[] }>; css: string[]; memberCss: string[] } = { entries: {}, css: [], memberCss: [] };
  const sizes: string[] = [];
  for (const entrypoint of entrypoints) {
    const result = await Bun.build({
      entrypoints: [entrypoint],
      outdir: join(outDir, "assets"),
      target: "browser",
      format: "esm",
      splitting: true,
      minify: true,
      sourcemap: "none",
      naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
      // The equivalent of `bun build --production`: React's production build, dead code dropped.
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [preactCompat],
    });
    if (!result.success) {
      for (const log of result.logs) console.error(log);
      throw new Error("client build failed");
    }
    for (const output of result.outputs) {
      if (output.kind !== "entry-point") continue;
      const file = relative(outDir, output.path);
      const name = basename(output.path).replace(/-[a-z0-9]+\.js$/, "");
      manifest.entries[name] = { file, imports: staticImports(output.path).map((chunk) => relative(outDir, chunk)) };
    }
  }

  // The stylesheets, bundled (their @imports inlined), minified, hashed: the whole one, and the
  // member app's (member.css), which leaves out the admin panel and the operator pages.
  const css = await Bun.build({
    entrypoints: [join(root, "src", "views", "styles", "app.css"), join(root, "src", "views", "styles", "member.css")],
    outdir: join(outDir, "assets"),
    minify: true,
    naming: "[name]-[hash].[ext]",
  });
  if (!css.success) {
    for (const log of css.logs) console.error(log);
    throw new Error("stylesheet build failed");
  }
  manifest.css = css.outputs.filter((output) => basename(output.path).startsWith("app-")).map((output) => relative(outDir, output.path));
  manifest.memberCss = css.outputs.filter((output) => basename(output.path).startsWith("member-")).map((output) => relative(outDir, output.path));

  writeFileSync(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  precompress(join(outDir, "assets"));
  for (const [name, entry] of Object.entries(manifest.entries)) {
    const files = [entry.file, ...entry.imports];
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
    sizes.push(`${name}: ${(gzipped / 1024).toFixed(1)} KB gzipped (${files.length} files)`);
  }
  if (!quiet) console.log(`client build → dist/client\n  ${sizes.join("\n  ")}`);
  return manifest;
}

/**
 * The browser runs the islands on Preact's React-compatible runtime (docs/decisions/0095): the
 * same components and hooks, a tenth of React's bytes and parse time on a slow phone. The
 * server keeps rendering with React; hydration only needs the same HTML.
 */
const REACT_TO_PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
const preactCompat: import("bun").BunPlugin = {
  name: "kasih-preact-compat",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime|\/jsx-dev-runtime)?$/ }, (args) => {
      const target = REACT_TO_PREACT[args.path];
      return target === undefined ? undefined : { path: Bun.resolveSync(target, root) };
    });
  },
};

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every script and stylesheet, made once
 * here so the server sends them as they are (src/middleware/static-files.ts): the smallest bytes
 * on a slow phone network, at no cost per request.
 */
function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css)$/.test(name)) continue;
    const bytes = readFileSync(join(dir, name));
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  }
}

/** Chunks an entry imports statically (recursively), for <link rel="modulepreload">. */
function staticImports(file: string, seen = new Set<string>()): string[] {
  const source = readFileSync(file, "utf8");
  const dir = join(file, "..");
  for (const match of source.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    const chunk = join(dir, match[1]!);
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    staticImports(chunk, seen);
  }
  return [...seen];
}

if (import.meta.main) await buildClient();

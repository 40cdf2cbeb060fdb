import { Hono } from "hono";
import { copyScriptAt } from "../i18n/copy-script";
import { BoundedMemo } from "../platform/bounded-memo";
import type { AssetStore } from "../views/assets";

/** The files of public/ that are served, as routes; publicPaths checks each name in full. */
const publicRoutes = ["/manifest.webmanifest", "/sw.js", "/robots.txt", "/favicon.ico", "/create-facebook-icon.html", "/create-facebook-icon.js", "/icons/:file", "/images/:file"];
const publicPaths = /^\/(manifest\.webmanifest|sw\.js|robots\.txt|favicon\.ico|create-facebook-icon\.(?:html|js)|icons\/[\w.-]+|images\/[\w.-]+)$/;

/**
 * Policy of the static HTML pages of public/ (the icon generator): no nonce exists for them, so
 * scripts come only from our own files, never inline (docs/decisions/0043).
 */
export const STATIC_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const PRECOMPRESSED = { br: "br", gzip: "gz" } as const;
type Encoding = keyof typeof PRECOMPRESSED;

/**
 * Headers already read: browsers send a handful of distinct values, and every compressible answer
 * asks (compression.ts). Bounded, since the header is the caller's to choose.
 */
const encodingsByHeader = new BoundedMemo<readonly Encoding[]>(64);
const NO_ENCODINGS: readonly Encoding[] = Object.freeze([]);

/** The precompressed encodings an Accept-Encoding header takes, best first (brotli, then gzip). */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (!header) return NO_ENCODINGS;
  return encodingsByHeader.get(header, () => Object.freeze(parseAcceptEncoding(header)));
}

function parseAcceptEncoding(header: string): Encoding[] {
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    q.set(name.trim(), weight === undefined ? 1 : Number(weight.slice(2)));
  }
  const wildcard = q.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((encoding) => (q.get(encoding) ?? wildcard) > 0);
}

/**
 * Built client files under /assets/ carry a content hash in their name, so they can be cached
 * for a year; files of public/ keep their names and are revalidated. These are routes, not a
 * middleware every request passes: an API call never looks at them.
 */
export function staticFileRoutes(assets: AssetStore) {
  const app = new Hono();
  // Pages' copy (src/i18n/copy-script.ts): built from the language files, not by the build.
  app.get("/assets/copy/*", (c) => {
    const found = copyScriptAt(c.req.path);
    if (found === null) return c.text("Not found", 404);
    const headers: Record<string, string> = {
      "Content-Type": "text/javascript; charset=utf-8",
      // Another release's address gets this release's copy: not kept under that address.
      "Cache-Control": found.current ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
    };
    const encodings = acceptedEncodings(c.req.header("Accept-Encoding"));
    const { br, gzip, body } = found.script;
    if (br !== null && encodings.includes("br")) return c.body(br, 200, { ...headers, "Content-Encoding": "br" });
    if (encodings.includes("gzip")) return c.body(gzip, 200, { ...headers, "Content-Encoding": "gzip" });
    return c.body(body, 200, headers);
  });
  app.get("/assets/*", (c) => {
    const path = c.req.path.slice(1);
    const file = assets.asset(path);
    if (file === null) return c.text("Not found", 404);
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    };
    // The build's brotli or gzip copy (scripts/build-islands.ts), when the browser takes it.
    for (const encoding of acceptedEncodings(c.req.header("Accept-Encoding"))) {
      const encoded = assets.asset(`${path}.${PRECOMPRESSED[encoding]}`);
      if (encoded === null) continue;
      headers["Content-Encoding"] = encoding;
      return c.body(encoded.body.stream(), 200, headers);
    }
    return c.body(file.body.stream(), 200, headers);
  });
  app.on("GET", publicRoutes, (c, next) => {
    const path = c.req.path;
    const file = publicPaths.test(path) ? assets.publicFile(path.slice(1)) : null;
    if (file === null) return next();
    // The service worker is checked for updates on every visit (it must not outlive a release).
    const headers: Record<string, string> = { "Content-Type": file.contentType, "Cache-Control": path === "/sw.js" ? "no-cache" : "public, max-age=3600" };
    if (file.contentType.startsWith("text/html")) headers["Content-Security-Policy"] = STATIC_PAGE_CSP;
    return Promise.resolve(c.body(file.body.stream(), 200, headers));
  });
  return app;
}

import { createMiddleware } from "hono/factory";
import type { AssetStore } from "../views/assets";

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

/**
 * Built client files under /assets/ carry a content hash in their name, so they can be cached
 * for a year; files of public/ keep their names and are revalidated.
 */
export function staticFiles(assets: AssetStore) {
  return createMiddleware(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const path = c.req.path;
    if (path.startsWith("/assets/")) {
      const file = assets.asset(path.slice(1));
      if (file === null) return c.text("Not found", 404);
      return c.body(file.body.stream(), 200, {
        "Content-Type": file.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
      });
    }
    if (publicPaths.test(path)) {
      const file = assets.publicFile(path.slice(1));
      if (file !== null) {
        const headers: Record<string, string> = { "Content-Type": file.contentType, "Cache-Control": "public, max-age=3600" };
        if (file.contentType.startsWith("text/html")) headers["Content-Security-Policy"] = STATIC_PAGE_CSP;
        return c.body(file.body.stream(), 200, headers);
      }
    }
    return next();
  });
}

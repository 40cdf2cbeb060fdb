import { Hono } from "hono";
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

/**
 * Built client files under /assets/ carry a content hash in their name, so they can be cached
 * for a year; files of public/ keep their names and are revalidated. These are routes, not a
 * middleware every request passes: an API call never looks at them.
 */
export function staticFileRoutes(assets: AssetStore) {
  const app = new Hono();
  app.get("/assets/*", (c) => {
    const file = assets.asset(c.req.path.slice(1));
    if (file === null) return c.text("Not found", 404);
    return c.body(file.body.stream(), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  app.on("GET", publicRoutes, (c, next) => {
    const path = c.req.path;
    const file = publicPaths.test(path) ? assets.publicFile(path.slice(1)) : null;
    if (file === null) return next();
    const headers: Record<string, string> = { "Content-Type": file.contentType, "Cache-Control": "public, max-age=3600" };
    if (file.contentType.startsWith("text/html")) headers["Content-Security-Policy"] = STATIC_PAGE_CSP;
    return Promise.resolve(c.body(file.body.stream(), 200, headers));
  });
  return app;
}

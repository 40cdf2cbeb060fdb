import { createMiddleware } from "hono/factory";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must come from our own pages: its Origin must be APP_ORIGIN.
 * Hono's csrf() only looks at form content types, so JSON bodies are checked here too.
 */
export function requireSameOrigin(appOrigin: string) {
  return createMiddleware(async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header("Origin");
    if (origin !== appOrigin) return c.json({ message: "Forbidden" }, 403);
    return next();
  });
}

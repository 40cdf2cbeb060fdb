import type { Context } from "hono";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must come from our own pages: its Origin must be APP_ORIGIN.
 * Hono's csrf() only looks at form content types, so JSON bodies are checked here too.
 */
export function isSameOriginOrSafe(c: Context, appOrigin: string): boolean {
  return safeMethods.has(c.req.method) || c.req.header("Origin") === appOrigin;
}

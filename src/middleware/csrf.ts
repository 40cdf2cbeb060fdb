import type { Context } from "hono";
import { log } from "../platform/log";
import { httpOrigin, wrongOriginMessage } from "../platform/wrong-origin";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request must come from our own pages: its Origin must be APP_ORIGIN.
 * Hono's csrf() only looks at form content types, so JSON bodies are checked here too.
 */
export function isSameOriginOrSafe(c: Context, appOrigin: string): boolean {
  return safeMethods.has(c.req.method) || c.req.header("Origin") === appOrigin;
}

/**
 * The refusal of a request whose Origin is not APP_ORIGIN. The request is still refused; when
 * the Origin is a plain http(s) address (a page opened at 127.0.0.1 or a LAN address, not a
 * forged "null"), the message says which address to use, and the log says it once.
 */
export function refuseForeignOrigin(c: Context, appOrigin: string): Response {
  const opened = httpOrigin(c.req.header("Origin"));
  if (opened === null) return c.json({ message: "Forbidden" }, 403);
  warnOpenedElsewhere(opened, appOrigin);
  return c.json({ message: wrongOriginMessage(opened, appOrigin) }, 403);
}

/** Origins already warned about: a few in practice, bounded because callers choose them. */
const warned = new Set<string>();
const MAX_WARNED_ORIGINS = 100;

/**
 * One warning per address a page was opened at (not per request): an operator reading the log
 * learns why sign-in fails there. Past MAX_WARNED_ORIGINS addresses nothing more is logged.
 */
export function warnOpenedElsewhere(opened: string, appOrigin: string) {
  const key = `${opened} ${appOrigin}`;
  if (warned.has(key) || warned.size >= MAX_WARNED_ORIGINS) return;
  warned.add(key);
  log.warn({ openedAt: opened, appOrigin }, `this page was opened at ${opened}; APP_ORIGIN is ${appOrigin}: sign-in and every change are refused there (open ${appOrigin}, or set APP_ORIGIN to the address people use)`);
}

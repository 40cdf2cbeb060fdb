import { deleteCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../app-env";
import { validateSessionToken } from "../features/auth/session";
import { turnQueue } from "../platform/turn-queue";
import { cookieValue } from "./cookie-value";
import { clearPageCacheKeyCookie, pageCacheKey, pageCacheKeyCookieName, setPageCacheKeyCookie } from "./page-cache-key";

export function sessionCookieName(isHttps: boolean): string {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain) over https.
  return isHttps ? "__Host-kasih_session" : "kasih_session";
}

/**
 * The kind of a request, for grouping the requests of one turn: its method and its path's first
 * two segments ("POST/api/swipe", "GET/api/auth"; a page by its id: "GET/chat/m1"). Compared as
 * text, so the pages of one area still sort next to each other.
 */
export function requestKind(method: string, path: string): string {
  const second = path.indexOf("/", 1);
  const third = second === -1 ? -1 : path.indexOf("/", second + 1);
  return method + (third === -1 ? path : path.slice(0, third));
}

/**
 * Loads the signed-in user, if any, for every request; a cookie that opens no session is cleared.
 * The lookups of the requests that arrived in one turn of the event loop run together, by kind of
 * request (src/platform/turn-queue.ts, docs/decisions/0111-session-lookups-by-turn.md).
 */
export function sessionLoader(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  lookUp: (token: string, kind: string) => ReturnType<typeof validateSessionToken> = turnQueue((token: string) => validateSessionToken(deps.db, deps.clock, token)),
) {
  const cookieName = sessionCookieName(deps.config.isHttps);
  const keyCookieName = pageCacheKeyCookieName(deps.config.isHttps);
  return async (c: Context<AppEnv>, cookieHeader: string | null) => {
    const token = cookieValue(cookieHeader, cookieName);
    const result = token !== undefined && token.length > 0 && token.length < 100 ? await lookUp(token, requestKind(c.req.method, c.req.path)) : null;
    if (result === null && token !== undefined) {
      deleteCookie(c, cookieName, { path: "/", secure: deps.config.isHttps });
      clearPageCacheKeyCookie(c, deps.config);
    } else if (result !== null && token !== undefined && cookieValue(cookieHeader, keyCookieName) !== pageCacheKey(token)) {
      // A session from before the key existed, or a key that is not this session's: the service
      // worker must not file this member's pages under another key (public/sw.js).
      setPageCacheKeyCookie(c, deps.config, token, result.session.expiresAt);
    }
    c.set("user", result?.user ?? null);
    c.set("session", result?.session ?? null);
  };
}

export function setSessionCookie(c: Context, config: { isHttps: boolean }, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(config.isHttps), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.isHttps,
    expires: expiresAt,
  });
  setPageCacheKeyCookie(c, config, token, expiresAt);
}

export function clearSessionCookie(c: Context, config: { isHttps: boolean }) {
  deleteCookie(c, sessionCookieName(config.isHttps), { path: "/", secure: config.isHttps });
  clearPageCacheKeyCookie(c, config);
}

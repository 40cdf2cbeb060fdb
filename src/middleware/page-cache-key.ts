import { createHash } from "node:crypto";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";

/**
 * The key the service worker files this session's cached pages under (public/sw.js,
 * docs/decisions/0140-faster-on-a-cheap-phone.md). The session cookie is HttpOnly, so the worker
 * cannot tell who is signed in; this companion cookie, readable by script, names the session
 * without being it: a one-way digest of the token, useless as a credential and different from
 * the session's stored id. Another session (sign-out, another member) has another key or none,
 * and the worker then drops every page it kept.
 */
export function pageCacheKeyCookieName(isHttps: boolean): string {
  return isHttps ? "__Host-kasih_cache" : "kasih_cache";
}

export function pageCacheKey(token: string): string {
  return createHash("sha256").update(`kasih-page-cache\0${token}`).digest("base64url").slice(0, 22);
}

export function setPageCacheKeyCookie(c: Context, config: { isHttps: boolean }, token: string, expiresAt: Date) {
  setCookie(c, pageCacheKeyCookieName(config.isHttps), pageCacheKey(token), { sameSite: "Lax", path: "/", secure: config.isHttps, expires: expiresAt });
}

export function clearPageCacheKeyCookie(c: Context, config: { isHttps: boolean }) {
  deleteCookie(c, pageCacheKeyCookieName(config.isHttps), { path: "/", secure: config.isHttps });
}

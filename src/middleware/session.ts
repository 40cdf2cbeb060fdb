import { createMiddleware } from "hono/factory";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../app-env";
import { validateSessionToken } from "../features/auth/session";

export function sessionCookieName(isHttps: boolean): string {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain) over https.
  return isHttps ? "__Host-kasih_session" : "kasih_session";
}

/** Loads the signed-in user, if any, for every request. */
export function loadSession(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const cookieName = sessionCookieName(deps.config.isHttps);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    c.set("session", null);
    const token = getCookie(c, cookieName);
    if (token !== undefined && token.length > 0 && token.length < 100) {
      const result = await validateSessionToken(deps.db, deps.clock, token);
      if (result === null) deleteCookie(c, cookieName, { path: "/", secure: deps.config.isHttps });
      else {
        c.set("user", result.user);
        c.set("session", result.session);
      }
    }
    await next();
  });
}

export function setSessionCookie(c: Context, config: { isHttps: boolean }, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(config.isHttps), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.isHttps,
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, config: { isHttps: boolean }) {
  deleteCookie(c, sessionCookieName(config.isHttps), { path: "/", secure: config.isHttps });
}

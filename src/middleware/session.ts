import { deleteCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../app-env";
import { validateSessionToken } from "../features/auth/session";
import { cookieValue } from "./cookie-value";

export function sessionCookieName(isHttps: boolean): string {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain) over https.
  return isHttps ? "__Host-kasih_session" : "kasih_session";
}

/** Loads the signed-in user, if any, for every request; a cookie that opens no session is cleared. */
export function sessionLoader(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const cookieName = sessionCookieName(deps.config.isHttps);
  return async (c: Context<AppEnv>, cookieHeader: string | null) => {
    const token = cookieValue(cookieHeader, cookieName);
    const result = token !== undefined && token.length > 0 && token.length < 100 ? await validateSessionToken(deps.db, deps.clock, token) : null;
    if (result === null && token !== undefined) deleteCookie(c, cookieName, { path: "/", secure: deps.config.isHttps });
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
}

export function clearSessionCookie(c: Context, config: { isHttps: boolean }) {
  deleteCookie(c, sessionCookieName(config.isHttps), { path: "/", secure: config.isHttps });
}

import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../app-env";
import { isSameOriginOrSafe, refuseForeignOrigin } from "./csrf";
import { setRequestLanguage } from "./language";
import { sessionLoader } from "./session";

/**
 * What every route may rely on, in this order: the language (c.var.lang, c.var.t), the CSRF
 * Origin check of state-changing requests, then the signed-in user (c.var.user, c.var.session).
 *
 * One middleware layer rather than three: each Hono layer is an async frame on every request,
 * and the Cookie header is read once for both cookies (docs/decisions/0074-one-request-context-layer.md).
 */
/**
 * Payment gateways post their notifications from their own servers, with no Origin of ours:
 * those, and only those, skip the Origin check; each is verified by its gateway's own signature
 * or token instead (PAYMENTS.md 'Notifications').
 */
export function isGatewayNotification(path: string): boolean {
  return path.startsWith("/api/payment/notify/") && !path.includes("..");
}

export function requestContext(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const loadSession = sessionLoader(deps);
  const appOrigin = deps.config.appOrigin;
  return createMiddleware<AppEnv>(async (c, next) => {
    const cookieHeader = c.req.raw.headers.get("Cookie");
    setRequestLanguage(c, cookieHeader, c.req.raw.headers.get("Accept-Language"));
    if (!isSameOriginOrSafe(c, appOrigin) && !isGatewayNotification(c.req.path)) return refuseForeignOrigin(c, appOrigin);
    await loadSession(c, cookieHeader);
    return next();
  });
}

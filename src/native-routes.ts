import { generateCookie } from "hono/cookie";
import type { AppDeps } from "./app-env";
import { currentUserBody } from "./features/auth/auth.service";
import { validateSessionToken, type SessionUser } from "./features/auth/session";
import { cookieValue } from "./middleware/cookie-value";
import { everyResponseHeaders } from "./middleware/security-headers";
import { sessionCookieName } from "./middleware/session";
import { apiGateFor, TOO_MANY_REQUESTS } from "./middleware/api-rate";
import { clientAddress } from "./middleware/client-ip";
import { observeNative } from "./operations/request-observer";
import { log } from "./platform/log";
import type { Server } from "bun";

/** A read-only JSON call of a signed-in member: the response body as JSON text. */
type SignedInRead = (deps: AppDeps, user: SessionUser) => Promise<string>;

/**
 * The hot, read-only JSON calls every page makes, answered by Bun's native router in front of
 * the Hono app (docs/decisions/0074-native-routes-for-hot-reads.md). A request through Hono's
 * middleware chain costs about as much again as the work itself; these skip the chain but keep
 * its rules: the session cookie checked the same way (a cookie that opens no session is cleared),
 * 401 {"message":"Unauthorized"} without one, the security headers of every response, no-store.
 *
 * Each path is also a Hono route with the same guards (src/features/*), which is what
 * app.request() tests and a server without Bun's router reach; native-routes.test.ts checks
 * that both answer alike.
 */
export const signedInReads: Record<string, SignedInRead> = {
  "/api/auth/user": currentUserBody,
};

export function nativeRoutes(deps: AppDeps) {
  const cookieName = sessionCookieName(deps.config.isHttps);
  const security = everyResponseHeaders(deps.config.isHttps);
  // Headers objects made once: the Response copies them, which costs half of converting a plain object.
  const okHeaders = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store", ...security });
  const unauthorizedBody = JSON.stringify({ message: "Unauthorized" });
  const clearCookie = generateCookie(cookieName, "", { path: "/", secure: deps.config.isHttps, maxAge: 0 });

  const unauthorizedHeaders = new Headers({ "Content-Type": "application/json", ...security });
  const clearingHeaders = new Headers({ "Content-Type": "application/json", ...security, "Set-Cookie": clearCookie });
  const unauthorized = (hadCookie: boolean) => new Response(unauthorizedBody, { status: 401, headers: hadCookie ? clearingHeaders : unauthorizedHeaders });

  const gate = apiGateFor(deps);
  const tooManyHeaders = { "Content-Type": "application/json", ...security };
  const tooManyBody = JSON.stringify({ message: TOO_MANY_REQUESTS });

  const handler = (read: SignedInRead) => async (request: Request, server?: Server<unknown>) => {
    // The flood guard of every API call (src/middleware/api-rate.ts), before any work.
    const address = clientAddress(deps.config.trustProxy, request.headers.get("X-Forwarded-For"), server?.requestIP(request)?.address);
    if (!gate.allow(address)) return new Response(tooManyBody, { status: 429, headers: { ...tooManyHeaders, "Retry-After": String(gate.retryAfterSeconds(address)) } });
    try {
      const token = cookieValue(request.headers.get("Cookie"), cookieName);
      const found = token !== undefined && token.length > 0 && token.length < 100 ? await validateSessionToken(deps.db, deps.clock, token) : null;
      if (found === null) return unauthorized(token !== undefined);
      return new Response(await read(deps, found.user), { headers: okHeaders });
    } catch (error) {
      log.error({ err: error, route: new URL(request.url).pathname }, "request failed with an exception");
      return new Response(JSON.stringify({ message: "Internal server error" }), { status: 500, headers: { "Content-Type": "application/json", ...security } });
    }
  };

  return Object.fromEntries(
    Object.entries(signedInReads).map(([path, read]) => {
      const answer = handler(read);
      return [path, { GET: (request: Request, server: Server<unknown>) => observeNative(path, (observed) => answer(observed, server))(request) }];
    }),
  );
}

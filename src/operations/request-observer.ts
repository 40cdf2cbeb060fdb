/**
 * Every request: a request id
 * (the caller's `X-Request-Id` when it is a plain token, e.g. from nginx's $request_id, else a
 * new one) on every log line written while it runs and on the response; its latency and status
 * in the metrics under its route pattern; one access-log line with the pattern, never the path
 * or query (they can carry reset and verification tokens).
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { accessLog, withRequestId } from "../platform/log";
import { httpDuration, httpRequests } from "./metrics";

const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | null | undefined): string {
  return header !== null && header !== undefined && CALLER_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

function record(method: string, route: string, status: number, startedAt: number, requestId: string) {
  const seconds = (performance.now() - startedAt) / 1000;
  httpRequests.inc(method, route, String(status));
  httpDuration.observe(seconds, method, route);
  const fields = { requestId, method, route, status, ms: Math.round(seconds * 10_000) / 10 };
  if (status >= 500) accessLog.error(fields, "request failed");
  else accessLog.info(fields, "request");
}

/**
 * The route pattern that answered (Hono records the matched handlers). Unmatched: "(none)" — also
 * when the last handler to run was a middleware (`use`, method ALL) that let the request fall
 * through to the 404, such as the chaperone guard on /api/*.
 */
function routeOf(c: Context): string {
  if (c.res.status === 404 && matchedRoutes(c)[c.req.routeIndex]?.method === "ALL") return "(none)";
  const pattern = routePath(c, c.req.routeIndex);
  return pattern === "" || pattern === "/*" || pattern === "*" ? "(none)" : pattern;
}

/** First in the Hono app: everything after it runs with the request id attached. */
export function observeRequests(): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header("X-Request-Id"));
    const startedAt = performance.now();
    await withRequestId(requestId, next);
    c.res.headers.set("X-Request-Id", requestId);
    record(c.req.method, routeOf(c), c.res.status, startedAt, requestId);
  };
}

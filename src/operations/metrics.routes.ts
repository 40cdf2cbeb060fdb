/**
 * GET /metrics for Prometheus. Open to the machine itself (a scraper or `curl` on the host);
 * from anywhere else only with `Authorization: Bearer $METRICS_TOKEN`. A request that came
 * through a reverse proxy on the same host counts as from elsewhere: the proxy's loopback address
 * says nothing about the caller. Any of the headers proxies add marks it (a usual nginx set-up
 * adds only X-Real-IP): docs/decisions/0118-metrics-behind-a-proxy-and-fan-out-catch-up.md.
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { getConnInfo } from "hono/bun";
import type { AppDeps, AppEnv } from "../app-env";
import { metricsText } from "./metrics";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
/** Headers a proxy adds: present at all (even empty, in any case) means the request was relayed. */
const PROXY_HEADERS = ["X-Forwarded-For", "X-Real-IP", "Forwarded"];

function fromThisMachine(c: Parameters<typeof getConnInfo>[0]): boolean {
  if (PROXY_HEADERS.some((name) => c.req.raw.headers.has(name))) return false;
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? "");
  } catch {
    return false; // app.request() in tests: no socket, so no loopback either
  }
}

function hasToken(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined || header === undefined || !header.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function metricsRoutes(deps: Pick<AppDeps, "config">) {
  return new Hono<AppEnv>().get("/metrics", async (c) => {
    if (!fromThisMachine(c) && !hasToken(c.req.header("Authorization"), deps.config.metricsToken)) return c.json({ message: "Forbidden" }, 403);
    c.header("Cache-Control", "no-store");
    return c.body(await metricsText(), 200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" });
  });
}

/**
 * GET /metrics for Prometheus. Open to the machine itself (a scraper or `curl` on the host);
 * from anywhere else only with `Authorization: Bearer $METRICS_TOKEN`. A request that came
 * through a reverse proxy on the same host (it carries X-Forwarded-For) counts as from elsewhere:
 * the proxy's loopback address says nothing about the caller.
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { getConnInfo } from "hono/bun";
import type { AppDeps, AppEnv } from "../app-env";
import { metricsText } from "./metrics";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function fromThisMachine(c: Parameters<typeof getConnInfo>[0]): boolean {
  if (c.req.header("X-Forwarded-For") !== undefined || c.req.header("Forwarded") !== undefined) return false;
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

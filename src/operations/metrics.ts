/**
 * The process's Prometheus metrics (prom-client), served at GET /metrics (metrics.routes.ts):
 * requests by route and status with their latency, open sockets, messages delivered, swipes,
 * matches, payments by status, database query time, event-loop lag, and the runtime's own
 * (memory, CPU, handles). Names follow Prometheus conventions: base units, `_total` counters.
 *
 * Routes are labelled by their pattern ("/api/matches/:matchId/messages"), never the raw path,
 * so a crawler cannot create a series per URL (docs/decisions/0100-operations.md).
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import { PositionalCounter, PositionalHistogram } from "./hot-path-metrics";

export const registry = new Registry();
// The runtime's own: CPU, memory, file descriptors, garbage collection, and event-loop lag
// (kasih_nodejs_eventloop_lag_p99_seconds and its siblings): a busy loop delays every request and frame.
collectDefaultMetrics({ register: registry, prefix: "kasih_" });

/**
 * prom-client names three of its gauges like counters (`kasih_nodejs_active_handles_total`, …),
 * which promtool's lint refuses: the same values are served as `…_all` instead
 * (docs/decisions/0118-metrics-behind-a-proxy-and-fan-out-catch-up.md).
 */
for (const kind of ["handles", "requests", "resources"]) {
  const named = `kasih_nodejs_active_${kind}_total`;
  const original = registry.getSingleMetric(named);
  if (original === undefined) continue; // a runtime without it (prom-client skips the collector)
  registry.removeSingleMetric(named);
  new Gauge({
    name: `kasih_nodejs_active_${kind}_all`,
    help: `Active ${kind} of every type together (the sum of kasih_nodejs_active_${kind}).`,
    registers: [registry],
    async collect() {
      const { values } = await original.get();
      this.set(values[0]?.value ?? 0);
    },
  });
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Written on every request and database call: served through the registry, counted without
// prom-client's per-call label checks (hot-path-metrics.ts). Label values are given in order
// (`inc(method, route, status)`, `observe(seconds, method, route)`).
export const httpRequests = new PositionalCounter("kasih_http_requests_total", "HTTP requests answered, by method, route pattern and status.", ["method", "route", "status"], registry);
export const httpDuration = new PositionalHistogram("kasih_http_request_duration_seconds", "Time to answer an HTTP request, by method and route pattern.", ["method", "route"], LATENCY_BUCKETS, registry);
export const dbQueryDuration = new PositionalHistogram("kasih_db_query_duration_seconds", "Time of database calls (one statement, or one batch), by kind.", ["kind"], [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1], registry);
export const messagesDelivered = new Counter({ name: "kasih_messages_delivered_total", help: "Chat messages handed to a recipient's open page.", registers: [registry] });
export const messagesSent = new Counter({ name: "kasih_messages_sent_total", help: "Chat messages stored.", registers: [registry] });
export const swipes = new Counter({ name: "kasih_swipes_total", help: "Swipes recorded, by kind.", labelNames: ["kind"], registers: [registry] });
export const matchesMade = new Counter({ name: "kasih_matches_total", help: "Matches made.", registers: [registry] });
export const rateLimited = new Counter({ name: "kasih_rate_limited_total", help: "API requests refused with 429 by the per-address limit.", registers: [registry] });

/** Gauges read when scraped: set by the server (sockets here, payments in the database). */
export const openSockets = new Gauge({ name: "kasih_websocket_connections", help: "WebSocket connections open on this instance.", registers: [registry] });
export const paymentsByStatus = new Gauge({ name: "kasih_payments", help: "Payments in the database, by status.", labelNames: ["status"], registers: [registry] });

/** Called at each scrape before the text is written (the server registers its readers). */
const beforeScrape: (() => Promise<void> | void)[] = [];

export function onScrape(read: () => Promise<void> | void): () => void {
  beforeScrape.push(read);
  return () => void beforeScrape.splice(beforeScrape.indexOf(read), 1);
}

export async function metricsText(): Promise<string> {
  await Promise.all(beforeScrape.map((read) => read()));
  return registry.metrics();
}

/**
 * The /metrics text passes promtool's lint (`promtool check metrics`), checked here with the same
 * rules (src/testing/prometheus-lint.ts) on the real exposition, so CI needs no promtool.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { realtimeFor } from "../realtime/realtime";
import { createTestApp, type TestApp } from "../testing/test-app";
import { lintExposition } from "../testing/prometheus-lint";
import { startAppMetrics } from "./app-metrics";

setDefaultTimeout(30_000);

const METRICS_TOKEN = "a-metrics-token-for-the-lint-test";
let t: TestApp;
let stopAppMetrics: () => void;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  // The server's own scrape readers (open sockets, payments by status), as src/server.ts starts them.
  stopAppMetrics = startAppMetrics(t.deps, realtimeFor(t.deps).hub);
});
afterAll(async () => {
  stopAppMetrics();
  await t.close();
});

describe("the /metrics exposition", () => {
  it("has nothing promtool's lint would report, and serves the runtime's active counts as gauges without _total", async () => {
    await t.request("GET", "/healthz");
    await t.request("GET", "/api/no-such-call");
    const response = await t.request("GET", "/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(lintExposition(text)).toEqual([]);
    for (const kind of ["handles", "requests", "resources"]) {
      expect(text).toContain(`# TYPE kasih_nodejs_active_${kind}_all gauge`);
      expect(text).toMatch(new RegExp(`^kasih_nodejs_active_${kind}_all \\d+$`, "m"));
      expect(text).not.toContain(`kasih_nodejs_active_${kind}_total`);
    }
    // Each kind of family the lint reads: counters, gauges, histograms, with samples.
    expect(text).toMatch(/^kasih_http_requests_total\{/m);
    expect(text).toMatch(/^kasih_payments\{status="paid"\} \d+$/m);
    expect(text).toMatch(/^kasih_http_request_duration_seconds_bucket\{/m);
  });
});

describe("the lint", () => {
  it("reports what promtool reports", () => {
    const bad = [
      "# HELP kasih_nodejs_active_handles_total Total number of active handles.",
      "# TYPE kasih_nodejs_active_handles_total gauge",
      "kasih_nodejs_active_handles_total 3",
      "# HELP kasih_logins Sign-ins.",
      "# TYPE kasih_logins counter",
      "kasih_logins 1",
      "# TYPE kasih_undocumented gauge",
      "kasih_undocumented 1",
      "kasih_no_family_lines 2",
      "# HELP kasih_latency_milliseconds Time.",
      "# TYPE kasih_latency_milliseconds gauge",
      "# HELP kasih_queue_count Waiting.",
      "# TYPE kasih_queue_count gauge",
      "# HELP kasih_cpuTime Time.",
      "# TYPE kasih_cpuTime gauge",
      "# HELP kasih_wait_ms Time.",
      "# TYPE kasih_wait_ms gauge",
      "# HELP kasih_sockets_gauge Sockets.",
      "# TYPE kasih_sockets_gauge gauge",
      "# HELP kasih_fine_seconds A histogram.",
      "# TYPE kasih_fine_seconds histogram",
      'kasih_fine_seconds_bucket{le="+Inf"} 1',
      "kasih_fine_seconds_sum 0.2",
      "kasih_fine_seconds_count 1",
    ].join("\n");
    expect(lintExposition(bad)).toEqual([
      'kasih_nodejs_active_handles_total: non-counter metrics should not have "_total" suffix',
      'kasih_logins: counter metrics should have "_total" suffix',
      "kasih_undocumented: no help text",
      "kasih_no_family_lines: no help text",
      "kasih_no_family_lines: no TYPE line",
      'kasih_latency_milliseconds: use base unit "seconds" instead of "milliseconds"',
      'kasih_queue_count: non-histogram and non-summary metrics should not have "_count" suffix',
      "kasih_cpuTime: metric names should be written in 'snake_case' not 'camelCase'",
      'kasih_wait_ms: metric names should not contain abbreviated units ("ms")',
      "kasih_sockets_gauge: metric name should not include type 'gauge'",
    ]);
  });
});

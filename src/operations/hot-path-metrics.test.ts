import { describe, expect, it } from "bun:test";
import { Counter, Histogram, Registry } from "prom-client";
import { PositionalCounter, PositionalHistogram } from "./hot-path-metrics";

const BOUNDS = [0.001, 0.01, 0.1, 1];

describe("the hot path's metrics", () => {
  it("write exactly the exposition text prom-client's own counter and histogram write for the same observations", async () => {
    const theirs = new Registry();
    const mine = new Registry();
    const counter = new Counter({ name: "t_requests_total", help: "Requests.", labelNames: ["method", "route", "status"], registers: [theirs] });
    const histogram = new Histogram({ name: "t_duration_seconds", help: "Durations.", labelNames: ["method", "route"], buckets: BOUNDS, registers: [theirs] });
    const hotCounter = new PositionalCounter("t_requests_total", "Requests.", ["method", "route", "status"], mine);
    const hotHistogram = new PositionalHistogram("t_duration_seconds", "Durations.", ["method", "route"], BOUNDS, mine);
    const calls: [string, string, string, number][] = [
      ["GET", "/api/auth/user", "200", 0.0004],
      ["GET", "/api/auth/user", "200", 0.002],
      ["POST", "/api/swipe", "200", 0.05],
      ["POST", "/api/swipe", "429", 0.001],
      ["GET", "/api/matches/:matchId/messages", "200", 3],
      ["GET", '/quote"and\\slash', "404", 0.1],
    ];
    for (const [method, route, status, seconds] of calls) {
      counter.inc({ method, route, status });
      histogram.observe({ method, route }, seconds);
      hotCounter.inc(method, route, status);
      hotHistogram.observe(seconds, method, route);
    }
    expect(await mine.metrics()).toBe(await theirs.metrics());
  });

  it("start again empty on reset, and leave out a value that is not a number", async () => {
    const registry = new Registry();
    const histogram = new PositionalHistogram("t_seconds", "Durations.", ["kind"], BOUNDS, registry);
    histogram.observe(Number.NaN, "statement");
    expect(await registry.metrics()).not.toContain("t_seconds_count");
    histogram.observe(0.005, "statement");
    expect(await registry.metrics()).toContain('t_seconds_bucket{le="0.01",kind="statement"} 1');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("t_seconds_count");
  });

  it("take one value per label name, which the type checks (tsconfig.json includes the tests)", async () => {
    const registry = new Registry();
    const counter = new PositionalCounter("t_total", "Things.", ["method", "status"], registry);
    counter.inc("GET", "200");
    const wrongCalls = () => {
      // @ts-expect-error a value missing
      counter.inc("GET");
      // @ts-expect-error a value too many
      counter.inc("GET", "200", "extra");
    };
    expect(typeof wrongCalls).toBe("function");
    expect(await registry.metrics()).toContain('t_total{method="GET",status="200"} 1');
  });
});

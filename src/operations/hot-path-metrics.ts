/**
 * The two metrics written on every request and every database call, as objects prom-client's
 * registry serves like its own (`name`, `help`, `type`, `get()`: the same exposition text).
 *
 * prom-client checks and hashes a label object on every observation; with a request's counter and
 * histogram and a histogram per statement, that was about 2.5 % of the server's thread under
 * bench:load (docs/decisions/0113). Here a series is found by its label values joined into one
 * key, and counting is a few array writes; label values come from the server (methods, route
 * patterns, statuses, kinds), never from the caller.
 */
import type { Registry } from "prom-client";

/** Between label values in a series key: cannot occur in a method, route pattern or status. */
const JOIN = "\u0000";

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** A counter by label values (`inc` adds one). */
export class HotCounter {
  readonly type = "counter";
  readonly #series = new Map<string, { values: string[]; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  inc(...values: string[]): void {
    const key = values.join(JOIN);
    const series = this.#series.get(key);
    if (series === undefined) this.#series.set(key, { values, count: 1 });
    else series.count += 1;
  }

  reset(): void {
    this.#series.clear();
  }

  async get(): Promise<{ name: string; help: string; type: string; values: MetricValue[]; aggregator: string }> {
    const values = [...this.#series.values()].map(({ values: labelValues, count }) => ({ labels: labelsOf(this.labelNames, labelValues), value: count }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: "sum" };
  }
}

/** A histogram by label values, with fixed upper bounds (seconds). */
export class HotHistogram {
  readonly type = "histogram";
  readonly #bounds: readonly number[];
  readonly #series = new Map<string, { values: string[]; buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    bounds: readonly number[],
    registry: Registry,
  ) {
    this.#bounds = [...bounds].sort((a, b) => a - b);
    registry.registerMetric(this as never);
  }

  observe(value: number, ...values: string[]): void {
    if (!Number.isFinite(value)) return;
    const key = values.join(JOIN);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { values, buckets: new Float64Array(this.#bounds.length), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    series.sum += value;
    series.count += 1;
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.buckets[i]! += 1;
        break;
      }
    }
  }

  reset(): void {
    this.#series.clear();
  }

  /** prom-client's shape: cumulative `_bucket` lines with `le` first, then `+Inf`, `_sum` and `_count`. */
  async get(): Promise<{ name: string; help: string; type: string; values: MetricValue[]; aggregator: string }> {
    const values: MetricValue[] = [];
    for (const series of this.#series.values()) {
      const labels = labelsOf(this.labelNames, series.values);
      let cumulative = 0;
      this.#bounds.forEach((bound, i) => {
        cumulative += series.buckets[i]!;
        values.push({ labels: { le: bound, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...labels }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: "sum" };
  }
}

function labelsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  names.forEach((name, i) => {
    labels[name] = values[i] ?? "";
  });
  return labels;
}

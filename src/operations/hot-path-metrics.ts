/**
 * The metrics written on every request and every database call, as metrics prom-client's registry
 * serves like its own (it reads `name`, `help`, `type` and `get()`, and writes the same
 * exposition text: tested against prom-client's Counter and Histogram).
 *
 * prom-client checks and hashes a label object on every observation; for a request's counter and
 * histogram and a histogram per statement, that was about 2.5 % of the server's thread in its CPU
 * profile under bench:load (docs/decisions/0113). Here label values are given in order, as
 * arguments (their names and count fixed by the type), a series is found by those values joined
 * into one key, and counting is a few additions. The values are the server's own bounded sets:
 * route patterns, statuses, kinds, and methods (Bun accepts only its known methods).
 */
import type { Registry } from "prom-client";

/** Between label values in a series key: not a character of a method, route pattern, status or kind. */
const SERIES_KEY_SEPARATOR = "\u0000";

/** One value per label name, in the order of the names. */
type LabelValues<Names extends readonly string[]> = { [K in keyof Names]: string };

interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** What prom-client's registry reads from a metric to write its lines. */
interface ExposedMetric {
  name: string;
  help: string;
  type: string;
  values: ExposedValue[];
  aggregator: "sum";
}

/** Registers a metric of this file: the registry's type names its own classes, of which it reads only the fields above. */
function register(registry: Registry, metric: { name: string; get(): Promise<ExposedMetric> }): void {
  registry.registerMetric(metric as unknown as Parameters<Registry["registerMetric"]>[0]);
}

function seriesKey(values: readonly string[]): string {
  return values.join(SERIES_KEY_SEPARATOR);
}

function labelsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  names.forEach((name, i) => {
    labels[name] = values[i]!;
  });
  return labels;
}

/** A counter whose label values come as arguments; `inc` adds one. */
export class PositionalCounter<const Names extends readonly string[]> {
  readonly type = "counter";
  readonly #series = new Map<string, { values: readonly string[]; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: Names,
    registry: Registry,
  ) {
    register(registry, this);
  }

  inc(...values: LabelValues<Names>): void {
    const key = seriesKey(values);
    const series = this.#series.get(key);
    if (series === undefined) this.#series.set(key, { values, count: 1 });
    else series.count += 1;
  }

  reset(): void {
    this.#series.clear();
  }

  async get(): Promise<ExposedMetric> {
    const values = [...this.#series.values()].map(({ values: labelValues, count }) => ({ labels: labelsOf(this.labelNames, labelValues), value: count }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: "sum" };
  }
}

/** A histogram with fixed upper bounds whose label values come as arguments after the value. */
export class PositionalHistogram<const Names extends readonly string[]> {
  readonly type = "histogram";
  readonly #bounds: readonly number[];
  readonly #series = new Map<string, { values: readonly string[]; buckets: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: Names,
    bounds: readonly number[],
    registry: Registry,
  ) {
    this.#bounds = [...bounds].sort((a, b) => a - b);
    register(registry, this);
  }

  /** Not a finite number: left out (prom-client throws; a metric must not fail a request). */
  observe(value: number, ...values: LabelValues<Names>): void {
    if (!Number.isFinite(value)) return;
    const key = seriesKey(values);
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

  /** prom-client's lines: cumulative `_bucket` with `le` first, then `+Inf`, `_sum` and `_count`. */
  async get(): Promise<ExposedMetric> {
    const values: ExposedValue[] = [];
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

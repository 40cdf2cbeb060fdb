import { useI18n, useT } from "../../../../islands/runtime/i18n-context";

/**
 * Bar charts drawn on the server as SVG (docs/decisions/0082: readable without JavaScript, nothing
 * to download). The text sits in an outer SVG measured in CSS pixels, so labels stay crisp and
 * legible at any width; only the bars live in an inner SVG that stretches with the card.
 */

export interface ChartPoint {
  /** A Jakarta day, "YYYY-MM-DD". */
  date: string;
  value: number;
}

/** "14 Nov" in the admin's language; the day is a calendar date, so it is read in UTC. */
export function formatDay(lang: string, day: string): string {
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** Total, and the day with the most (the earliest of equal days); null when every day is zero. */
export function chartFacts(points: ChartPoint[]): { total: number; peak: ChartPoint } | null {
  let total = 0;
  let peak: ChartPoint | null = null;
  for (const point of points) {
    total += point.value;
    if (point.value > 0 && (peak === null || point.value > peak.value)) peak = point;
  }
  return peak === null ? null : { total, peak };
}

/** Which days carry a date label: the first, the last and about every week between. */
export function labelledIndexes(count: number): number[] {
  if (count <= 1) return count === 1 ? [0] : [];
  const step = Math.max(1, Math.round((count - 1) / 4));
  const indexes = new Set<number>([0, count - 1]);
  for (let index = step; index < count - 1 - step / 2; index += step) indexes.add(index);
  return [...indexes].sort((a, b) => a - b);
}

/** The faint bars behind an empty chart's message: a chart's shape, with no data in it. */
const GHOST_BARS = [10, 18, 14, 24, 16, 28, 20, 12, 22, 30, 18, 26];

const SLOT = 10;
const BAR = 7;
const PLOT_TOP = 22;
const PLOT_HEIGHT = 128;
const HEIGHT = PLOT_TOP + PLOT_HEIGHT + 26;

export interface BarChartProps {
  id: string;
  /** The chart's accessible name, e.g. "Sign-ups per day". */
  title: string;
  points: ChartPoint[];
  /** A value as the admin reads it (a count, rupiah). */
  format: (value: number) => string;
  /** One sentence naming the total and the busiest day; also the SVG's description. */
  summary: string;
  /** The header of the values column in the data table. */
  valueLabel: string;
  emptyTitle: string;
  emptyBody?: string;
  tone?: "primary" | "plum";
}

export function BarChart({ id, title, points, format, summary, valueLabel, emptyTitle, emptyBody, tone = "primary" }: BarChartProps) {
  const t = useT();
  const { lang } = useI18n();
  const facts = chartFacts(points);
  if (facts === null) {
    return (
      <div className="admin-chart-empty" id={id}>
        <svg className="admin-chart-empty-art" viewBox="0 0 120 40" aria-hidden="true" focusable="false">
          {GHOST_BARS.map((height, index) => (
            <rect key={index} x={index * 10 + 1.5} y={38 - height} width={7} height={height} rx={1.5} />
          ))}
        </svg>
        <p className="admin-empty-title">{emptyTitle}</p>
        {emptyBody ? <p className="muted">{emptyBody}</p> : null}
      </div>
    );
  }
  const max = facts.peak.value;
  const width = points.length * SLOT;
  const labelled = labelledIndexes(points.length);
  const positionOf = (index: number) => `${(((index + 0.5) * SLOT) / width) * 100}%`;
  return (
    <figure className="admin-chart-figure" id={id}>
      <svg className={`admin-chart admin-chart-${tone}`} width="100%" height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`} focusable="false">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <text className="admin-chart-max" x="0" y="14" data-testid="chart-max">
          {format(max)}
        </text>
        <svg x="0" y={PLOT_TOP} width="100%" height={PLOT_HEIGHT} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" overflow="visible">
          <line className="admin-chart-grid" x1="0" x2={width} y1="0" y2="0" vectorEffect="non-scaling-stroke" />
          <line className="admin-chart-grid" x1="0" x2={width} y1="50" y2="50" vectorEffect="non-scaling-stroke" />
          {points.map((point, index) => {
            if (point.value <= 0) return null;
            // A day with anything at all shows at least a sliver, so a 1 beside a 500 is not lost.
            const height = Math.max(2, (point.value / max) * 100);
            return (
              <rect key={point.date} className="admin-chart-bar" x={index * SLOT + (SLOT - BAR) / 2} y={100 - height} width={BAR} height={height}>
                <title>{`${formatDay(lang, point.date)}: ${format(point.value)}`}</title>
              </rect>
            );
          })}
          <line className="admin-chart-axis" x1="0" x2={width} y1="100" y2="100" vectorEffect="non-scaling-stroke" />
        </svg>
        {labelled.map((index) => {
          const anchor = index === 0 ? "start" : index === points.length - 1 ? "end" : "middle";
          const x = index === 0 ? "0" : index === points.length - 1 ? "100%" : positionOf(index);
          return (
            <text key={index} className="admin-chart-label" x={x} y={HEIGHT - 6} textAnchor={anchor}>
              {formatDay(lang, points[index]!.date)}
            </text>
          );
        })}
      </svg>
      <figcaption className="admin-chart-summary">{summary}</figcaption>
      <details className="admin-chart-data">
        <summary>{t("admin.overview.charts.showData")}</summary>
        <div className="admin-chart-data-scroll">
          <table className="admin-chart-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.overview.charts.day")}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDay(lang, point.date)}</th>
                  <td>{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

import { describe, expect, it } from "bun:test";
import { renderToString } from "react-dom/server";
import { I18nProvider } from "../../../../islands/runtime/i18n-context";
import { translator, type Lang } from "../../../i18n";
import { BarChart, chartFacts, formatDay, labelledIndexes, type ChartPoint } from "./charts";

const days = (values: number[]): ChartPoint[] =>
  values.map((value, index) => ({ date: new Date(Date.UTC(2026, 9, 24 + index)).toISOString().slice(0, 10), value }));

function render(points: ChartPoint[], lang: Lang = "en") {
  return renderToString(
    <I18nProvider value={{ t: translator(lang), lang }}>
      <BarChart
        id="chart-test"
        title="Sign-ups per day"
        points={points}
        format={(value) => new Intl.NumberFormat("en-US").format(value)}
        summary="SUMMARY LINE"
        valueLabel="Sign-ups"
        emptyTitle="No sign-ups in the last 30 days"
      />
    </I18nProvider>,
  );
}

describe("chartFacts", () => {
  it("totals the days and finds the busiest one (the earliest of a tie)", () => {
    const points = days([0, 3, 27, 5, 27]);
    expect(chartFacts(points)).toEqual({ total: 62, peak: points[2]! });
  });

  it("has no facts when every day is zero", () => {
    expect(chartFacts(days([0, 0, 0]))).toBeNull();
  });
});

describe("labelledIndexes", () => {
  it("labels the first and last of 30 days and about one a week between", () => {
    expect(labelledIndexes(30)).toEqual([0, 7, 14, 21, 29]);
  });

  it("copes with very short series", () => {
    expect(labelledIndexes(0)).toEqual([]);
    expect(labelledIndexes(1)).toEqual([0]);
    expect(labelledIndexes(2)).toEqual([0, 1]);
  });
});

describe("formatDay", () => {
  it("writes a calendar day short in the admin's language, whatever the server's time zone", () => {
    expect(formatDay("en", "2026-11-14")).toBe("14 Nov");
    expect(formatDay("id", "2026-08-17")).toBe("17 Agu");
  });
});

describe("BarChart", () => {
  const values = Array.from({ length: 30 }, (_, index) => (index === 21 ? 1234 : index % 3));
  const html = render(days(values));

  it("draws one bar per day with something in it, as an SVG sized by its container", () => {
    expect(html).toContain('<svg class="admin-chart admin-chart-primary" width="100%"');
    const bars = html.match(/class="admin-chart-bar"/g) ?? [];
    expect(bars).toHaveLength(values.filter((value) => value > 0).length);
    expect(html).toMatch(/viewBox="0 0 300 100" preserveAspectRatio="none"/);
  });

  it("labels the largest value and a few dates", () => {
    expect(html).toMatch(/data-testid="chart-max">1,234</);
    expect(html).toContain(">24 Oct</text>");
    expect(html).toContain(">22 Nov</text>");
  });

  it("names itself for assistive technology and shows the summary line", () => {
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="chart-test-title chart-test-desc"');
    expect(html).toContain('<title id="chart-test-title">Sign-ups per day</title>');
    expect(html).toContain('<desc id="chart-test-desc">SUMMARY LINE</desc>');
    expect(html).toContain('<figcaption class="admin-chart-summary">SUMMARY LINE</figcaption>');
  });

  it("offers every day's number as a table, without JavaScript", () => {
    expect(html).toContain("<details");
    expect((html.match(/<th scope="row">/g) ?? []).length).toBe(30);
    expect(html).toContain("<td>1,234</td>");
  });

  it("gives a day with a tiny value a visible sliver next to a tall one", () => {
    const tiny = render(days([1, 1000]));
    expect(tiny).toMatch(/height="2"/);
  });

  it("shows a real empty state instead of an empty axis when every day is zero", () => {
    const empty = render(days(Array.from({ length: 30 }, () => 0)));
    expect(empty).toContain("No sign-ups in the last 30 days");
    expect(empty).not.toContain('role="img"');
    expect(empty).not.toContain("admin-chart-bar");
  });
});

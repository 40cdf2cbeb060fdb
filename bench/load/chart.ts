/**
 * The capacity curve as an SVG image (bench/README.md shows it): the worst p99 of any call
 * against the number of members, one line per configuration, the 100 ms limit dashed.
 */
export interface Curve {
  label: string;
  points: { members: number; p99: number; held: boolean }[];
}

const COLORS = ["#b4236b", "#2563eb", "#15803d"];

export function drawCapacityChart(curves: Curve[], limitMs: number): string {
  const width = 720;
  const height = 400;
  const margin = { left: 64, right: 24, top: 40, bottom: 52 };
  const all = curves.flatMap((curve) => curve.points);
  const maxMembers = Math.max(1000, ...all.map((point) => point.members));
  const maxMs = Math.max(limitMs * 1.5, ...all.map((point) => Math.min(point.p99, limitMs * 4)));
  const x = (members: number) => margin.left + (members / maxMembers) * (width - margin.left - margin.right);
  const y = (value: number) => height - margin.bottom - (Math.min(value, maxMs) / maxMs) * (height - margin.top - margin.bottom);
  // Round steps (1, 2 or 5 × a power of ten), about `count` of them.
  const ticks = (max: number, count: number) => {
    const raw = max / count;
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
    return Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
  };
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${margin.left}" y="22" font-size="14" font-weight="600">bench:load: worst p99 of any call by concurrent members</text>`,
  ];
  for (const tick of ticks(maxMembers, 6)) parts.push(`<line x1="${x(tick)}" x2="${x(tick)}" y1="${margin.top}" y2="${height - margin.bottom}" stroke="#eee"/><text x="${x(tick)}" y="${height - margin.bottom + 18}" text-anchor="middle">${tick.toLocaleString("en")}</text>`);
  for (const tick of ticks(maxMs, 5)) parts.push(`<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#eee"/><text x="${margin.left - 8}" y="${y(tick) + 4}" text-anchor="end">${tick} ms</text>`);
  parts.push(`<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(limitMs)}" y2="${y(limitMs)}" stroke="#dc2626" stroke-dasharray="6 4"/><text x="${width - margin.right}" y="${y(limitMs) - 6}" text-anchor="end" fill="#dc2626">p99 limit ${limitMs} ms</text>`);
  parts.push(`<text x="${(margin.left + width - margin.right) / 2}" y="${height - 12}" text-anchor="middle">members online at once (hollow: not held; values past the top are drawn at it)</text>`);
  curves.forEach((curve, index) => {
    const color = COLORS[index % COLORS.length]!;
    const path = curve.points.map((point, i) => `${i === 0 ? "M" : "L"}${x(point.members).toFixed(1)},${y(point.p99).toFixed(1)}`).join(" ");
    parts.push(`<path d="${path}" fill="none" stroke="${color}" stroke-width="2.5"/>`);
    for (const point of curve.points) parts.push(`<circle cx="${x(point.members).toFixed(1)}" cy="${y(point.p99).toFixed(1)}" r="4" fill="${point.held ? color : "#fff"}" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<rect x="${margin.left + 12}" y="${margin.top + 8 + index * 20}" width="14" height="4" fill="${color}"/><text x="${margin.left + 32}" y="${margin.top + 14 + index * 20}">${curve.label}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}

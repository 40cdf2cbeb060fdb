/** "30s", "15m", "6h", "1d" → milliseconds; null when it is not one of those. */
export function parseInterval(text: string): number | null {
  const match = /^(\d+)(s|m|h|d)$/.exec(text.trim());
  if (match === null) return null;
  const amount = Number(match[1]);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
  return amount > 0 ? amount * unit : null;
}

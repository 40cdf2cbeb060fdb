/**
 * A suspension (ADMIN.md 'One member'; docs/decisions/0128): a ban for 1, 7 or 30 days. It holds
 * while its end is ahead of now and lifts itself when the end passes, so no job has to clear it.
 */
export function suspensionOf(row: { suspendedUntil: Date | null; suspensionReason: string | null }, now: Date): { until: Date; reason: string } | null {
  if (row.suspendedUntil === null || row.suspendedUntil.getTime() <= now.getTime()) return null;
  return { until: row.suspendedUntil, reason: row.suspensionReason ?? "" };
}

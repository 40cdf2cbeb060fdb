/**
 * What the app's areas do, as metrics (metrics.ts): counted from the events they emit, and read
 * at each scrape (open sockets here; payments by status from the database, so every instance
 * reports the same totals).
 */
import { sql } from "drizzle-orm";
import type { AppDeps } from "../app-env";
import { PAYMENT_STATUSES } from "../../db/schema/payments";
import type { RealtimeHub } from "../realtime/hub";
import { matchesMade, messagesSent, onScrape, openSockets, paymentsByStatus, swipes } from "./metrics";


export function startAppMetrics(deps: Pick<AppDeps, "db" | "events">, hub: RealtimeHub): () => void {
  const offs = [
    deps.events.on("swipe.recorded", ({ kind }) => swipes.inc({ kind })),
    deps.events.on("match.created", () => matchesMade.inc()),
    deps.events.on("message.sent", () => messagesSent.inc()),
    onScrape(() => openSockets.set(hub.localSocketCount)),
    onScrape(async () => {
      const rows = await deps.db.all<{ status: string; count: number }>(sql`select status, count(*) as count from payments group by status`);
      for (const status of PAYMENT_STATUSES) paymentsByStatus.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
    }),
  ];
  return () => offs.forEach((off) => off());
}

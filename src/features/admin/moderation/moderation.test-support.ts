/** Test helpers of the moderation views: reports and messages written straight to the database. */
import { eq, sql } from "drizzle-orm";
import { matches, messages, reports } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import type { TestApp } from "../../../testing/test-app";
import type { ReportStatus } from "./moderation.schemas";

export async function insertReport(
  app: TestApp,
  reporter: { id: string },
  reported: { id: string },
  options: { reason?: string; description?: string; status?: ReportStatus; createdAt?: Date } = {},
) {
  const id = newId();
  await app.deps.db.insert(reports).values({
    id,
    reporterId: reporter.id,
    reportedUserId: reported.id,
    reason: options.reason ?? "harassment",
    description: options.description ?? "Kept messaging me after I asked them to stop.",
    status: options.status ?? "pending",
    createdAt: options.createdAt ?? app.clock.now(),
  });
  return id;
}

/** A message as the chat writes it: the row, and the match's lastMessageAt moved to its newest message. */
export async function insertMessage(app: TestApp, matchId: string, sender: { id: string }, content: string, createdAt: Date, kind: "text" | "missed_call" | "call" = "text") {
  const id = newId();
  await app.deps.db.batch([
    app.deps.db.insert(messages).values({ id, matchId, senderId: sender.id, content, kind, createdAt }),
    app.deps.db
      .update(matches)
      .set({ lastMessageAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.matchId} = ${matches.id})` })
      .where(eq(matches.id, matchId)),
  ]);
  return id;
}

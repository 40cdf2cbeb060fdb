/**
 * Stores a chat message: the row, and the match's activity time for the matches list, in one
 * db.batch (all or nothing).
 *
 * Messages used to wait here for the messages of the same moment, one group stored after the
 * other. The local client now commits the batches of one turn of the event loop together
 * (db/local-client.ts, docs/decisions/0103), so that wait only added latency: under bench:load
 * up to two commits stood in front of a message, and its p99 was the worst of the calls
 * (docs/decisions/0104).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { matches, messages } from "../../../db/schema";

type MessageRow = typeof messages.$inferSelect;

/** Resolves once the message is committed; rejects when its match is gone (the foreign key). */
export async function storeMessage(db: Database, row: MessageRow): Promise<void> {
  await db.batch([
    db.insert(messages).values(row),
    // The matches list orders by activity: the newest message time of the match.
    db
      .update(matches)
      .set({ lastMessageAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.matchId} = ${matches.id})` })
      .where(eq(matches.id, row.matchId)),
  ]);
}

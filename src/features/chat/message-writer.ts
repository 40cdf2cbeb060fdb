/**
 * Stores a chat message: the row, and the match's activity time for the matches list, in one
 * batch (all or nothing).
 *
 * Messages used to wait here for the messages of the same moment, one group stored after the
 * other. The local client now commits the batches of one turn of the event loop together
 * (db/local-client.ts, docs/decisions/0103), so that wait only added latency: under bench:load
 * up to two commits stood in front of a message, and its p99 was the worst of the calls.
 *
 * The two statements are fixed SQL text sent to the client as they are: building them with
 * drizzle on every message took about 0.1 ms, more than running them (docs/decisions/0104).
 * message-writer.test.ts checks them against the schema.
 */
import type { Database } from "../../../db/client";
import type { messages } from "../../../db/schema";

type MessageRow = typeof messages.$inferSelect;

export const INSERT_MESSAGE_SQL = "insert into messages (id, match_id, sender_id, content, kind, created_at, read_at) values (?, ?, ?, ?, ?, ?, ?)";
/** The matches list orders by activity: the newest message time of the match. */
export const TOUCH_MATCH_SQL = "update matches set last_message_at = (select max(created_at) from messages where match_id = ?1) where id = ?1";

/** Resolves once the message is committed; rejects when its match is gone (the foreign key). */
export async function storeMessage(db: Database, row: MessageRow): Promise<void> {
  await db.$client.batch(
    [
      { sql: INSERT_MESSAGE_SQL, args: [row.id, row.matchId, row.senderId, row.content, row.kind, row.createdAt.getTime(), row.readAt === null ? null : row.readAt.getTime()] },
      { sql: TOUCH_MATCH_SQL, args: [row.matchId] },
    ],
    "write",
  );
}

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
 *
 * A free member's message and the day's allowance it uses go in the same batch
 * (storeCountedMessage): a write refused half-way (a full disk, docs/decisions/0116) keeps neither.
 */
import type { Database } from "../../../db/client";
import type { messages } from "../../../db/schema";

type MessageRow = typeof messages.$inferSelect;

export const INSERT_MESSAGE_SQL = "insert into messages (id, match_id, sender_id, content, kind, created_at, read_at) values (?, ?, ?, ?, ?, ?, ?)";
/** The matches list orders by activity: the newest message time of the match. */
export const TOUCH_MATCH_SQL = "update matches set last_message_at = (select max(created_at) from messages where match_id = ?1) where id = ?1";

const rowArgs = (row: MessageRow) => [row.id, row.matchId, row.senderId, row.content, row.kind, row.createdAt.getTime(), row.readAt === null ? null : row.readAt.getTime()];

/**
 * ?1 the sender, ?2 the Jakarta day, ?3 the limit: counts one chat while under the limit, in one
 * statement, so concurrent sends can never pass it (decision 0002). Returns the count after it,
 * or no row when the limit is reached.
 */
export const TAKE_CHAT_ALLOWANCE_SQL = `insert into daily_usage (user_id, day, swipes, chats) values (?1, ?2, 0, 1)
  on conflict (user_id, day) do update set chats = daily_usage.chats + 1 where daily_usage.chats < ?3
  returning chats`;
/** The message, only when the statement right before it (the allowance) changed a row: changes() is its count. */
export const INSERT_ALLOWED_MESSAGE_SQL = "insert into messages (id, match_id, sender_id, content, kind, created_at, read_at) select ?, ?, ?, ?, ?, ?, ? where changes() > 0";

/** Resolves once the message is committed; rejects when its match is gone (the foreign key). */
export async function storeMessage(db: Database, row: MessageRow): Promise<void> {
  await db.$client.batch(
    [
      { sql: INSERT_MESSAGE_SQL, args: rowArgs(row) },
      { sql: TOUCH_MATCH_SQL, args: [row.matchId] },
    ],
    "write",
  );
}

/**
 * A free member's message: the day's allowance and the message in one batch. Resolves with the
 * chats counted today after it, or null when the limit was reached (nothing stored); rejects,
 * keeping neither, when its match is gone or the write is refused.
 */
export async function storeCountedMessage(db: Database, row: MessageRow, day: string, dailyLimit: number): Promise<number | null> {
  const [counted] = await db.$client.batch(
    [
      { sql: TAKE_CHAT_ALLOWANCE_SQL, args: [row.senderId, day, dailyLimit] },
      { sql: INSERT_ALLOWED_MESSAGE_SQL, args: rowArgs(row) },
      { sql: TOUCH_MATCH_SQL, args: [row.matchId] },
    ],
    "write",
  );
  const chats = counted!.rows[0]?.[0];
  return chats === undefined ? null : Number(chats);
}

/** Whether a failed store means the match is gone (its foreign key), rather than a refused write. */
export function isMissingMatch(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_FOREIGNKEY" || (typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT") && /FOREIGN KEY/i.test(current.message))) return true;
  }
  return false;
}

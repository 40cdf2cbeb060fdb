/**
 * Group commit for chat messages: the messages that arrive while a write is being prepared
 * are stored together in ONE db.batch (one transaction, one fsync), instead of one fsync each.
 * That is what lets a busy server keep delivery under 50 ms
 * (bench/ws). If the group fails (e.g. one match was deleted meanwhile), each message is
 * retried alone, so one failure never takes the others with it.
 */
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { matches, messages } from "../../../db/schema";

type MessageRow = typeof messages.$inferSelect;

interface Pending {
  row: MessageRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

class MessageWriter {
  #pending: Pending[] = [];
  #scheduled = false;
  #flushing = false;

  constructor(private readonly db: Database) {}

  write(row: MessageRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ row, resolve, reject });
      // One write in flight at a time: what arrives meanwhile goes into the next group.
      if (!this.#scheduled && !this.#flushing) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush() {
    this.#scheduled = false;
    this.#flushing = true;
    while (this.#pending.length > 0) {
      const group = this.#pending;
      this.#pending = [];
      await this.#flushGroup(group);
    }
    this.#flushing = false;
  }

  async #flushGroup(group: Pending[]) {
    try {
      await this.#store(group.map((item) => item.row));
      for (const item of group) item.resolve();
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const item of group) {
        try {
          await this.#store([item.row]);
          item.resolve();
        } catch (single) {
          item.reject(single);
        }
      }
    }
  }

  async #store(rows: MessageRow[]) {
    const matchIds = [...new Set(rows.map((row) => row.matchId))];
    await this.db.batch([
      this.db.insert(messages).values(rows),
      // The matches list orders by activity: the newest message time of each match touched.
      this.db
        .update(matches)
        .set({ lastMessageAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.matchId} = ${matches.id})` })
        .where(inArray(matches.id, matchIds)),
    ]);
  }
}

const writers = new WeakMap<Database, MessageWriter>();

/** Stores a message (with others arriving at the same moment); resolves once it is committed. */
export function storeMessage(db: Database, row: MessageRow): Promise<void> {
  let writer = writers.get(db);
  if (writer === undefined) writers.set(db, (writer = new MessageWriter(db)));
  return writer.write(row);
}

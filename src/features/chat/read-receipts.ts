import type { Database } from "../../../db/client";
import type { ServerFrame } from "../../realtime/frames";
import { receiptsShared } from "../settings/settings.service";

/**
 * Tells the reader's own pages (their unread counts clear) and, only when both have read
 * receipts on, the other person's pages, that the reader has read the chat (src/features/settings).
 */
export async function announceRead(db: Database, hub: { sendToUsers(userIds: string[], frame: ServerFrame): void }, matchId: string, readerId: string, otherId: string, readAt: string) {
  const frame: ServerFrame = { type: "message_read", matchId, readAt, readerId };
  hub.sendToUsers((await receiptsShared(db, readerId, otherId)) ? [otherId, readerId] : [readerId], frame);
}

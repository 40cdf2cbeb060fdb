/**
 * Messages of a match (spec point 3, Message): paged history, sending with the free daily limit,
 * and read receipts. Both the HTTP routes and the /ws socket go through here, so the rules
 * (membership, blocks, limit, length) are written once.
 */
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { fixedRows, preparedQuery } from "../../../db/prepared";
import { callsInProgress, matches, messages, users } from "../../../db/schema";
import { jakartaDayOf } from "../../platform/clock";
import { FREE_DAILY_CHATS, MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from "../../platform/constants";
import { newId } from "../../platform/ids";
import { cleanText, isBlank } from "../../platform/text";
import { scamCaution, type Caution } from "../safety/scam-guard";
import { hasPremium } from "../premium/plan-rules";
import { isMissingMatch, storeCountedMessage, storeMessage } from "./message-writer";

type MessageRow = typeof messages.$inferSelect;

export interface MessageJson {
  id: string;
  matchId: string;
  senderId: string;
  sender: { id: string; firstName: string };
  content: string;
  kind: "text" | "missed_call" | "call";
  createdAt: string;
  readAt: string | null;
  /** The scam guard's caution for the receiver (src/features/safety/scam-guard.ts), else null. */
  caution: Caution | null;
}

export function messageToJson(row: MessageRow, senderFirstName: string): MessageJson {
  return {
    id: row.id,
    matchId: row.matchId,
    senderId: row.senderId,
    sender: { id: row.senderId, firstName: senderFirstName },
    content: row.content,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt === null ? null : row.readAt.toISOString(),
    caution: row.kind === "text" ? scamCaution(row.content) : null,
  };
}

/**
 * One page of history, newest last. `before` is a message id or an ISO time. Without
 * `showReceipts` (one of the two has read receipts off) no message carries its read time.
 */
export async function listMessages(db: Database, matchId: string, options: { before?: string; limit?: number; showReceipts?: boolean } = {}) {
  const limit = Math.min(Math.max(options.limit ?? MESSAGE_PAGE_SIZE, 1), MESSAGE_PAGE_SIZE);
  let beforeTime: Date | null = null;
  let beforeRowid: number | null = null;
  if (options.before !== undefined) {
    const asDate = new Date(options.before);
    if (!Number.isNaN(asDate.getTime()) && /^\d{4}-\d{2}-\d{2}T/.test(options.before)) beforeTime = asDate;
    else {
      const [anchor] = await db.select({ createdAt: messages.createdAt, rowid: sql<number>`rowid` }).from(messages).where(and(eq(messages.id, options.before), eq(messages.matchId, matchId))).limit(1);
      if (anchor === undefined) return [];
      beforeTime = anchor.createdAt;
      beforeRowid = anchor.rowid;
    }
  }
  const cursor =
    beforeTime === null
      ? undefined
      : beforeRowid === null
        ? lt(messages.createdAt, beforeTime)
        : or(lt(messages.createdAt, beforeTime), and(eq(messages.createdAt, beforeTime), sql`${messages}.rowid < ${beforeRowid}`));
  const page = (where: SQL | undefined) =>
    db
      .select({ message: messages, firstName: users.firstName })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(where)
      // rowid breaks ties between messages of the same millisecond in the order they were stored.
      .orderBy(desc(messages.createdAt), sql`${messages}.rowid desc`);
  // The latest page (every chat page's first read) is prepared once per database; older pages,
  // read as the member scrolls back, are built for their cursor.
  const latest = preparedQuery(db, "chat.latest-messages", () => page(eq(messages.matchId, sql.placeholder("matchId"))).limit(sql.placeholder("limit")).prepare());
  const rows = cursor === undefined ? await latest.execute({ matchId, limit }) : await page(and(eq(messages.matchId, matchId), cursor)).limit(limit);
  const showReceipts = options.showReceipts ?? true;
  return rows.reverse().map((row) => messageToJson(showReceipts ? row.message : { ...row.message, readAt: null }, row.firstName));
}

export type SendResult =
  | { ok: true; message: MessageJson; recipientId: string; remaining: number | null }
  | { ok: false; status: 400 | 404 | 429; message: string };

/** Trims and checks a message text (spec point 5: empty or whitespace-only is not sent). */
export function cleanContent(raw: unknown): { ok: true; content: string } | { ok: false; message: string } {
  if (typeof raw !== "string") return { ok: false, message: "Message cannot be empty" };
  // NFC, no control characters or direction overrides; zero-width-only texts are empty.
  const content = cleanText(raw, { multiline: true });
  if (isBlank(content)) return { ok: false, message: "Message cannot be empty" };
  if (content.length > MAX_MESSAGE_LENGTH) return { ok: false, message: `Message must be at most ${MAX_MESSAGE_LENGTH} characters` };
  return { ok: true, content };
}

/**
 * Counts one chat message against a free user's Jakarta day, in ONE statement: the upsert only
 * increments while under the limit, so concurrent sends can never pass it (decision 0002).
 * Returns the count after this message, or null when the limit is reached.
 */
export async function takeChatAllowance(db: Database, userId: string, now: Date): Promise<number | null> {
  const day = jakartaDayOf(now);
  const rows = (await db.all(sql`
    insert into daily_usage (user_id, day, swipes, chats) values (${userId}, ${day}, 0, 1)
    on conflict (user_id, day) do update set chats = daily_usage.chats + 1 where daily_usage.chats < ${FREE_DAILY_CHATS}
    returning chats
  `)) as { chats: number }[];
  return rows[0]?.chats ?? null;
}

export async function chatsUsedToday(db: Database, userId: string, now: Date): Promise<number> {
  const rows = (await db.all(sql`select chats from daily_usage where user_id = ${userId} and day = ${jakartaDayOf(now)}`)) as { chats: number }[];
  return rows[0]?.chats ?? 0;
}

interface SendContextRow {
  user1_id: string;
  user2_id: string;
  first_name: string;
  plan: "free" | "premium" | "premium_plus";
  plan_expires_at: number | null;
  is_admin: number;
  blocked: number;
}

/**
 * ?1 the sender, ?2 the match: the match's two people, the sender's name and plan, and whether
 * the pair is closed to talk. Fixed SQL text, like the message's own statements (0104).
 */
const SEND_CONTEXT_SQL = `select m.user1_id, m.user2_id, u.first_name, u.plan, u.plan_expires_at, u.is_admin,
    (exists(select 1 from blocks b where (b.blocker_id = m.user1_id and b.blocked_id = m.user2_id)
                                    or (b.blocker_id = m.user2_id and b.blocked_id = m.user1_id))
     or exists(select 1 from users o where o.id in (m.user1_id, m.user2_id) and o.id <> ?1 and o.is_banned = 1)) as blocked
  from matches m join users u on u.id = ?1
  where m.id = ?2 and (m.user1_id = ?1 or m.user2_id = ?1)`;

/**
 * Sends a text message as `senderId`: membership, blocks, length, then the daily allowance.
 * Membership, block and plan come from ONE read; the write is one batch (message-writer.ts).
 */
export async function sendMessage(db: Database, now: Date, senderId: string, matchId: string, rawContent: unknown): Promise<SendResult> {
  const [context] = await fixedRows<SendContextRow>(db, SEND_CONTEXT_SQL, [senderId, matchId]);
  // A blocked pair has no match (blocking removes it); the check guards a match made afterwards.
  // A banned partner's matches stay stored (an unban brings them back) but are closed to talk.
  if (context === undefined || Number(context.blocked) === 1) return { ok: false, status: 404, message: "Match not found" };
  const cleaned = cleanContent(rawContent);
  if (!cleaned.ok) return { ok: false, status: 400, message: cleaned.message };
  const sender = { plan: context.plan, planExpiresAt: context.plan_expires_at === null ? null : new Date(context.plan_expires_at), isAdmin: Number(context.is_admin) === 1 };
  const row: MessageRow = { id: newId(), matchId, senderId, content: cleaned.content, kind: "text", createdAt: now, readAt: null };
  const stored = await storeSent(db, row, !hasPremium(sender, now));
  if (!stored.ok) return stored;
  const recipientId = context.user1_id === senderId ? context.user2_id : context.user1_id;
  return { ok: true, message: messageToJson(row, context.first_name), recipientId, remaining: stored.remaining };
}

/**
 * Stores a member's message, with the day's allowance when `limited`, in one batch: the limit
 * reached is 429 and a match removed between the check and the write (unmatch, block) is 404,
 * with nothing kept. A refused write (full disk, read-only database) is thrown as it is, so the
 * route answers 503 and the socket an error frame (docs/decisions/0116): it is not a removed match.
 */
async function storeSent(db: Database, row: MessageRow, limited: boolean): Promise<{ ok: true; remaining: number | null } | { ok: false; status: 404 | 429; message: string }> {
  try {
    if (!limited) {
      await storeMessage(db, row);
      return { ok: true, remaining: null };
    }
    const used = await storeCountedMessage(db, row, jakartaDayOf(row.createdAt), FREE_DAILY_CHATS);
    if (used === null) return { ok: false, status: 429, message: "Daily chat limit reached" };
    return { ok: true, remaining: FREE_DAILY_CHATS - used };
  } catch (error) {
    if (isMissingMatch(error)) return { ok: false, status: 404, message: "Match not found" };
    throw error;
  }
}

export interface KnownSender {
  id: string;
  firstName: string;
  /** Premium (or admin) as last read; the socket re-reads it every SENDER_PLAN_TTL_MS. */
  premium: boolean;
}

/** How long a socket may trust the plan it read for its user (a plan bought shows within this). */
export const SENDER_PLAN_TTL_MS = 30_000;

/** The sender's name and whether the daily limit applies, for a socket's cache. */
export async function loadSender(db: Database, now: Date, senderId: string): Promise<KnownSender | null> {
  const [row] = await db
    .select({ firstName: users.firstName, plan: users.plan, planExpiresAt: users.planExpiresAt, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, senderId))
    .limit(1);
  return row === undefined ? null : { id: senderId, firstName: row.firstName, premium: hasPremium(row, now) };
}

/**
 * The socket's fast path: membership (and no block) was checked when the socket first used the
 * match and is dropped when the match goes (unmatch and block delete it; the write then fails
 * on the foreign key), so only the allowance and the write remain.
 */
export async function sendMessageAsKnown(db: Database, now: Date, sender: KnownSender, matchId: string, recipientId: string, rawContent: unknown): Promise<SendResult> {
  const cleaned = cleanContent(rawContent);
  if (!cleaned.ok) return { ok: false, status: 400, message: cleaned.message };
  const row: MessageRow = { id: newId(), matchId, senderId: sender.id, content: cleaned.content, kind: "text", createdAt: now, readAt: null };
  const stored = await storeSent(db, row, !sender.premium);
  if (!stored.ok) return stored;
  return { ok: true, message: messageToJson(row, sender.firstName), recipientId, remaining: stored.remaining };
}

/** A system line about a call (missed/declined or finished); not counted against the limit. */
/**
 * Ends a call (src/features/calls): its row goes and its chat line ("call" with its length, or
 * "missed_call") is written, in one batch and only while the row of THIS call is still there, so
 * a call ends once however many instances try. "already" when it had ended; null when the line
 * has no chat to go in (the match went while it rang).
 */
export async function endCall(
  db: Database,
  now: Date,
  call: { matchId: string; callId: string; callerId: string },
  line: { kind: "missed_call" | "call"; content: string },
): Promise<MessageJson | null | "already"> {
  const row: MessageRow = { id: newId(), matchId: call.matchId, senderId: call.callerId, content: line.content, kind: line.kind, createdAt: now, readAt: null };
  const stillThisCall = sql`exists (select 1 from ${callsInProgress} where ${callsInProgress.matchId} = ${call.matchId} and ${callsInProgress.callId} = ${call.callId})`;
  const [inserted, , ended] = await db.batch([
    db.run(sql`insert into ${messages} (id, match_id, sender_id, content, kind, created_at, read_at)
      select ${row.id}, ${row.matchId}, ${row.senderId}, ${row.content}, ${row.kind}, ${now.getTime()}, null where ${stillThisCall}`),
    db.update(matches).set({ lastMessageAt: now }).where(and(eq(matches.id, call.matchId), stillThisCall)),
    db.delete(callsInProgress).where(and(eq(callsInProgress.matchId, call.matchId), eq(callsInProgress.callId, call.callId))).returning({ callId: callsInProgress.callId }),
  ]);
  if (ended.length === 0) return "already";
  if (inserted.rowsAffected === 0) return null;
  const [caller] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, call.callerId)).limit(1);
  return messageToJson(row, caller?.firstName ?? "");
}

/**
 * ?1 the time, ?2 the match, ?3 the reader. Fixed SQL text (docs/decisions/0104): a read receipt
 * follows every message, and building this update with drizzle cost more than running it.
 */
export const MARK_READ_SQL = "update messages set read_at = ?1 where match_id = ?2 and sender_id <> ?3 and read_at is null returning id";

/** Marks the other person's unread messages read; returns when, if anything changed. */
export async function markRead(db: Database, now: Date, matchId: string, readerId: string): Promise<string | null> {
  const { rows } = await db.$client.execute({ sql: MARK_READ_SQL, args: [now.getTime(), matchId, readerId] });
  return rows.length > 0 ? now.toISOString() : null;
}

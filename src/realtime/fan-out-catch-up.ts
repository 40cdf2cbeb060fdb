/**
 * What an instance's open sockets missed while the fan-out between instances was broken (Redis
 * away, a publish lost), delivered from the database once it works again, as the usual frames:
 * new_message for each missed message, message_read for each missed receipt (so unread counts
 * follow), message_delivered to the senders (only between members who share their activity,
 * docs/decisions/0130). docs/decisions/0118-metrics-behind-a-proxy-and-fan-out-catch-up.md.
 *
 * When: an instance notes when its fan-out broke (less a margin for the other instances' view
 * and clocks), and when it is whole again it catches up and asks every other instance to catch
 * up since then too (a peer may have been cut off alone, or resubscribed before this one
 * published again). Asks arriving within CATCH_UP_SETTLE_MS make one query; one runs at a time.
 *
 * What: one query for every member with a socket here. A socket gets what it has not had:
 * nothing this instance delivered already (the hub remembers messages and receipts it
 * delivered), nothing older than the socket (its page was rendered with it).
 */
import type { AppDeps } from "../app-env";
import { fixedRows } from "../../db/prepared";
import { messageToJson } from "../features/chat/chat.service";
import { messagesDelivered } from "../operations/metrics";
import { log } from "../platform/log";
import type { ServerFrame } from "./frames";
import { seenKeyOf, type RealtimeHub, type RealtimeSocket } from "./hub";

/** Taken off the moment the fan-out broke: other instances may have noticed later, and clocks differ. */
export const CATCH_UP_MARGIN_MS = 10_000;
/** Asks for a catch-up (this instance's return, the other instances') within this time make one query. */
export const CATCH_UP_SETTLE_MS = 1_000;
/** Rows one catch-up reads at most; beyond that the pages reconnect and fetch what they show. */
export const CATCH_UP_MAX_ROWS = 5_000;
/** The close a restarting server sends: pages reconnect at once and fetch what they missed. */
const CLOSE_RECONNECT = 1012;

interface CatchUpRow {
  row_kind: "message" | "read";
  match_id: string;
  user1_id: string;
  user2_id: string;
  shared: number;
  /** Both share their activity: only then is a message announced delivered (docs/decisions/0130). */
  activity: number;
  id: string;
  sender_id: string;
  content: string | null;
  kind: "text" | "missed_call" | "call";
  created_at: number;
  read_at: number | null;
  first_name: string | null;
  reader_id: string | null;
}

/**
 * ?1 the members with a socket here (a JSON array), ?2 since (ms), ?3 the row limit. Their open
 * matches (no block, nobody banned); each message created since; and for each match and reader
 * the newest message they have read (read times grow with the messages: a read marks every
 * unread one), when it was read since.
 */
export const CATCH_UP_SQL = `with here(id) as (select value from json_each(?1)),
open as materialized (
  select m.id, m.user1_id, m.user2_id, u1.first_name as first1, u2.first_name as first2, (u1.read_receipts = 1 and u2.read_receipts = 1) as shared,
    (u1.show_activity = 1 and u2.show_activity = 1) as activity
  from matches m join users u1 on u1.id = m.user1_id join users u2 on u2.id = m.user2_id
  where (m.user1_id in (select id from here) or m.user2_id in (select id from here))
    and u1.is_banned = 0 and u2.is_banned = 0
    and not exists (select 1 from blocks b where (b.blocker_id = m.user1_id and b.blocked_id = m.user2_id) or (b.blocker_id = m.user2_id and b.blocked_id = m.user1_id))
),
readers as (select id, user1_id, user2_id, shared, activity, user1_id as reader_id from open union all select id, user1_id, user2_id, shared, activity, user2_id from open),
reads as (
  select r.*, (select x.rowid from messages x where x.match_id = r.id and x.sender_id <> r.reader_id and x.read_at is not null order by x.created_at desc, x.rowid desc limit 1) as last_read
  from readers r
)
select 'message' as row_kind, o.id as match_id, o.user1_id, o.user2_id, o.shared, o.activity, msg.id, msg.sender_id, msg.content, msg.kind, msg.created_at, msg.read_at,
    case when msg.sender_id = o.user1_id then o.first1 else o.first2 end as first_name, null as reader_id
  from open o join messages msg on msg.match_id = o.id and msg.created_at >= ?2
union all
select 'read', r.id, r.user1_id, r.user2_id, r.shared, r.activity, x.id, x.sender_id, null, x.kind, x.created_at, x.read_at, null, r.reader_id
  from reads r join messages x on x.rowid = r.last_read and x.read_at >= ?2
limit ?3`;

interface CatchUpEvent {
  at: number;
  row: CatchUpRow;
  key: string;
  frame: ServerFrame;
}

export interface FanOutCatchUp {
  /** Asks for a catch-up since `since` (ms on the app's clock); returns when the one it joined is done. */
  request(since: number): Promise<void>;
  close(): void;
}

export function startFanOutCatchUp(deps: Pick<AppDeps, "db" | "clock">, hub: RealtimeHub): FanOutCatchUp {
  let brokenSince: number | null = null;
  let pending: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let waiters: (() => void)[] = [];
  let closed = false;

  const stopWatching =
    hub.pubsub.onFanOut?.((state) => {
      const now = deps.clock.now().getTime();
      if (state === "lost") {
        brokenSince ??= now - CATCH_UP_MARGIN_MS;
        return;
      }
      const since = brokenSince ?? now - CATCH_UP_MARGIN_MS;
      brokenSince = null;
      hub.askCatchUp(since);
      void request(since);
    }) ?? (() => {});
  hub.onCatchUpAsked = (since) => void request(since);

  function request(since: number): Promise<void> {
    if (closed) return Promise.resolve();
    pending = pending === null ? since : Math.min(pending, since);
    if (timer === null && running === null) timer = setTimeout(run, CATCH_UP_SETTLE_MS);
    return new Promise((resolve) => waiters.push(resolve));
  }

  function run() {
    timer = null;
    if (pending === null || closed) return;
    const since = pending;
    const done = waiters;
    pending = null;
    waiters = [];
    running = catchUp(since)
      .catch((error) => log.error({ err: error }, "realtime: catching up after the fan-out came back failed"))
      .finally(() => {
        running = null;
        for (const resolve of done) resolve();
        if (pending !== null && !closed) timer = setTimeout(run, CATCH_UP_SETTLE_MS);
      });
  }

  async function catchUp(since: number) {
    const sockets = [...hub.localSockets()];
    if (sockets.length === 0) return;
    const members = [...new Set(sockets.map((ws) => ws.data.userId))];
    const rows = await fixedRows<CatchUpRow>(deps.db, CATCH_UP_SQL, [JSON.stringify(members), since, CATCH_UP_MAX_ROWS + 1]);
    if (closed) return;
    if (rows.length > CATCH_UP_MAX_ROWS) {
      // Too much to replay frame by frame: the pages fetch it themselves, as after a restart.
      log.warn({ since: new Date(since).toISOString(), sockets: sockets.length }, "realtime: too much missed to catch up frame by frame; open pages reconnect and fetch it");
      for (const ws of sockets) ws.close(CLOSE_RECONNECT, "Reconnect to catch up");
      return;
    }
    const events = rows.map(eventOf).sort((a, b) => a.at - b.at || (a.row.row_kind === b.row.row_kind ? 0 : a.row.row_kind === "message" ? -1 : 1));
    const deliveredTo = new Set<CatchUpEvent>();
    let sent = 0;
    for (const ws of sockets) sent += catchUpSocket(ws, events, deliveredTo);
    for (const event of events) hub.markSeen(event.key);
    // "Delivered" (decision 0071): the recipient's page has the message now; said to the sender
    // only when both share their activity, as live (docs/decisions/0130).
    for (const { row } of deliveredTo) {
      messagesDelivered.inc();
      if (Number(row.activity) === 1) hub.sendToUsers([row.sender_id], { type: "message_delivered", matchId: row.match_id, messageId: row.id });
    }
    log.info({ since: new Date(since).toISOString(), rows: rows.length, frames: sent, sockets: sockets.length }, "realtime: caught up on what the fan-out missed");
  }

  /** Sends one socket what it has not had, oldest first; returns how many frames. */
  function catchUpSocket(ws: RealtimeSocket, events: CatchUpEvent[], deliveredTo: Set<CatchUpEvent>): number {
    const userId = ws.data.userId;
    const openedAt = ws.data.openedAt ?? 0;
    let sent = 0;
    for (const event of events) {
      const { row } = event;
      if (row.user1_id !== userId && row.user2_id !== userId) continue;
      if (event.at < openedAt || hub.hasSeen(event.key)) continue;
      let frame = event.frame;
      if (row.row_kind === "read") {
        // The other person's reads only when both share receipts (src/features/settings).
        if (row.reader_id !== userId && row.shared !== 1) continue;
        // One's own read on another page: what stays unread is what came after it and is on this
        // page already (what comes after it in this catch-up counts itself).
        if (row.reader_id === userId) frame = { ...(frame as Extract<ServerFrame, { type: "message_read" }>), unreadCount: unreadAfter(events, row.match_id, userId, event.at) };
      } else if (row.sender_id !== userId && row.kind === "text") deliveredTo.add(event);
      ws.send(JSON.stringify(frame));
      sent++;
    }
    return sent;
  }

  /** The other person's messages of a match after `at` that this instance delivered already. */
  function unreadAfter(events: CatchUpEvent[], matchId: string, readerId: string, at: number): number {
    let count = 0;
    for (const { row, key } of events) if (row.row_kind === "message" && row.match_id === matchId && row.sender_id !== readerId && row.created_at > at && hub.hasSeen(key)) count++;
    return count;
  }

  return {
    request,
    close() {
      closed = true;
      stopWatching();
      if (timer !== null) clearTimeout(timer);
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  };
}

function eventOf(row: CatchUpRow): CatchUpEvent {
  let frame: ServerFrame;
  if (row.row_kind === "message") {
    // As the live frame was: a new message carries no read time (receipts follow as their own frames).
    const message = messageToJson({ id: row.id, matchId: row.match_id, senderId: row.sender_id, content: row.content ?? "", kind: row.kind, createdAt: new Date(row.created_at), readAt: null }, row.first_name ?? "");
    frame = { type: "new_message", matchId: row.match_id, message };
  } else {
    // upTo: the newest message the read covers; later ones on the page stay unread.
    frame = { type: "message_read", matchId: row.match_id, readAt: new Date(row.read_at!).toISOString(), readerId: row.reader_id!, upTo: new Date(row.created_at).toISOString() };
  }
  return { at: row.row_kind === "message" ? row.created_at : row.read_at!, row, key: seenKeyOf(frame)!, frame };
}

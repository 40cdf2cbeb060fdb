/**
 * The sockets this instance holds, by user, and delivery to them through the PubSub. Areas
 * never touch sockets: they ask the hub to send a frame to users, close a user's sockets
 * (logout, ban) or forget a match (unmatch, block); the hub publishes that, and every
 * instance applies it to its own sockets.
 */
import type { ServerWebSocket } from "bun";
import type { PubSub } from "./pubsub";
import type { ServerFrame } from "./frames";
import { messagesDelivered } from "../operations/metrics";
import { log } from "../platform/log";

export interface SocketData {
  userId: string;
  sessionId: string;
  /** Matches this socket was authorized for: matchId → the other person's id. */
  matches: Map<string, string>;
  /** The user's name and plan as last read (send_message), with when it was read. */
  sender: { firstName: string; premium: boolean; readAt: number } | null;
  /** Fixed one-second window of the per-socket rate limit. */
  windowStart: number;
  frameCount: number;
  /**
   * When the socket opened (the app's clock, ms): its page was rendered just before, so what is
   * older is on the page already, and a catch-up after a Redis outage skips it (fan-out-catch-up.ts).
   */
  openedAt?: number;
}

export type RealtimeSocket = ServerWebSocket<SocketData>;

type Envelope =
  /**
   * Deliver `frame` (a JSON text) to every socket of these users. `seen` names a message or a
   * read receipt, so a catch-up after a Redis outage knows this instance's sockets have it.
   */
  | { t: "send"; users: string[]; frame: string; delivered?: { senderId: string; matchId: string; messageId: string }; planChanged?: true; seen?: string }
  /** An instance's fan-out was broken from `since` (ms) and is whole again: each catches up. */
  | { t: "catch_up"; since: number }
  /** Close a user's sockets: all of them, or those of the given sessions. */
  | { t: "close"; user: string; sessions: string[] | null; code: number; reason: string }
  /** A match ended: drop it from the sockets' authorizations and tell the two people. */
  | { t: "forget"; match: string; users: string[] };

export const CLOSE_SESSION_ENDED = 4001;

/** Messages and receipts remembered as delivered here: the newest this many (about 2 MB at most). */
const SEEN_KEPT = 20_000;

/** What names a frame a catch-up may send again: a message by its id, a receipt by its match, reader and time. */
export function seenKeyOf(frame: ServerFrame): string | undefined {
  if (frame.type === "new_message") return `m:${frame.message.id}`;
  if (frame.type === "message_read") return `r:${frame.matchId}:${frame.readerId}:${frame.readAt}`;
  return undefined;
}

export class RealtimeHub {
  /**
   * Counts matches forgotten (unmatch, block) in this process: a socket that looked a match up
   * while one was forgotten may hold a row read just before the removal, and reads it again.
   */
  forgottenMatches = 0;
  #sockets = new Map<string, Set<RealtimeSocket>>();
  #unsubscribe: () => void;
  /** Messages and receipts delivered here (sent, received, or caught up), oldest first. */
  #seen = new Set<string>();
  /** Called once for a forgotten match, on the instance that forgot it (its call, if any, ends). */
  onMatchForgotten: (matchId: string) => void = () => {};
  /** Called when another instance's fan-out came back: what it published meanwhile may be missing here. */
  onCatchUpAsked: (since: number) => void = () => {};
  /**
   * Whether the sender may hear that their message reached the recipient's open page: "delivered"
   * says the recipient is online, so it passes only between two members who both share their
   * activity (SECURITY.md 'Privacy and abuse', docs/decisions/0130). realtime.ts reads the
   * settings; a hub on its own (tests) says yes.
   */
  deliveryShown: (senderId: string, recipientId: string) => boolean | Promise<boolean> = () => true;

  constructor(readonly pubsub: PubSub) {
    this.#unsubscribe = pubsub.subscribe((message) => this.#receive(message));
  }

  add(ws: RealtimeSocket) {
    let set = this.#sockets.get(ws.data.userId);
    if (set === undefined) this.#sockets.set(ws.data.userId, (set = new Set()));
    set.add(ws);
  }

  remove(ws: RealtimeSocket) {
    const set = this.#sockets.get(ws.data.userId);
    if (set === undefined) return;
    set.delete(ws);
    if (set.size === 0) this.#sockets.delete(ws.data.userId);
  }

  /** Sockets held by this instance (for tests and the benchmark). */
  get localSocketCount(): number {
    let count = 0;
    for (const set of this.#sockets.values()) count += set.size;
    return count;
  }

  /** Every socket this instance holds (the session sweep walks them). */
  *localSockets(): Iterable<RealtimeSocket> {
    for (const set of this.#sockets.values()) yield* set;
  }

  /** The sockets this instance holds for one member. */
  socketCountOf(userId: string): number {
    return this.#sockets.get(userId)?.size ?? 0;
  }

  isConnectedHere(userId: string): boolean {
    return this.#sockets.has(userId);
  }

  sendToUsers(userIds: string[], frame: ServerFrame) {
    const envelope: Envelope = { t: "send", users: userIds, frame: JSON.stringify(frame) };
    if (frame.type === "new_message" && frame.message.kind === "text") {
      envelope.delivered = { senderId: frame.message.senderId, matchId: frame.matchId, messageId: frame.message.id };
    }
    if (frame.type === "premium_activated") envelope.planChanged = true;
    const seen = seenKeyOf(frame);
    if (seen !== undefined) envelope.seen = seen;
    this.#publish(envelope);
  }

  /**
   * Tells the sender that the recipient's page has the message (decision 0071), when their
   * settings allow it (deliveryShown); otherwise the sender hears nothing, as when the recipient
   * is away. Used by live delivery and by the catch-up after a Redis outage.
   */
  async announceDelivered(delivered: { senderId: string; matchId: string; messageId: string }, recipientId: string): Promise<void> {
    const { senderId, matchId, messageId } = delivered;
    try {
      if (!(await this.deliveryShown(senderId, recipientId))) return;
    } catch (error) {
      // Unknown settings: say nothing rather than risk telling a hidden member's presence.
      log.warn({ err: error }, "realtime: could not read whether a delivery may be shown");
      return;
    }
    this.sendToUsers([senderId], { type: "message_delivered", matchId, messageId });
  }

  /** Whether this message or receipt (seenKeyOf) was delivered to this instance's sockets. */
  hasSeen(key: string): boolean {
    return this.#seen.has(key);
  }

  /** Remembers a message or receipt as delivered here (the newest SEEN_KEPT are kept). */
  markSeen(key: string) {
    this.#seen.add(key);
    if (this.#seen.size > SEEN_KEPT) this.#seen.delete(this.#seen.values().next().value!);
  }

  /** Tells the other instances to catch up on what they may have missed since `since` (ms). */
  askCatchUp(since: number) {
    if (!this.pubsub.inProcess) this.pubsub.publish(JSON.stringify({ t: "catch_up", since } satisfies Envelope));
  }

  /**
   * Applied here first, to this instance's own sockets, then sent to the other instances (as
   * JSON through Redis): so members on this instance are served even while Redis is away.
   */
  #publish(envelope: Envelope) {
    this.#apply(envelope);
    if (!this.pubsub.inProcess) this.pubsub.publish(JSON.stringify(envelope));
  }

  closeUser(userId: string, sessionIds: string[] | null, code = CLOSE_SESSION_ENDED, reason = "Session ended") {
    this.#publish({ t: "close", user: userId, sessions: sessionIds, code, reason });
  }

  forgetMatch(matchId: string, userIds: string[]) {
    this.#publish({ t: "forget", match: matchId, users: userIds });
    this.onMatchForgotten(matchId);
  }

  /** Closes every socket here: 1001 when the server goes away, 1012 when it restarts (the page reconnects at once). */
  close(code = 1001, reason = "Server shutting down") {
    this.#unsubscribe();
    for (const set of this.#sockets.values()) for (const ws of [...set]) ws.close(code, reason);
    this.#sockets.clear();
  }

  #receive(message: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    this.#apply(envelope);
  }

  #apply(envelope: Envelope) {
    switch (envelope.t) {
      case "send": {
        if (envelope.seen !== undefined) this.markSeen(envelope.seen);
        let deliveredTo: string | null = null;
        for (const userId of envelope.users) {
          const set = this.#sockets.get(userId);
          if (set === undefined) continue;
          for (const ws of set) {
            // A new plan counts for this socket's next message at once, not after the cached read expires.
            if (envelope.planChanged) ws.data.sender = null;
            ws.send(envelope.frame);
          }
          if (envelope.delivered !== undefined && userId !== envelope.delivered.senderId) deliveredTo = userId;
        }
        // "Delivered": the recipient had a page open when the message arrived (decision 0071).
        if (deliveredTo !== null && envelope.delivered !== undefined) {
          messagesDelivered.inc();
          void this.announceDelivered(envelope.delivered, deliveredTo);
        }
        return;
      }
      case "close": {
        const set = this.#sockets.get(envelope.user);
        if (set === undefined) return;
        for (const ws of [...set]) {
          if (envelope.sessions === null || envelope.sessions.includes(ws.data.sessionId)) ws.close(envelope.code, envelope.reason);
        }
        return;
      }
      case "forget": {
        this.forgottenMatches++;
        const frame = JSON.stringify({ type: "match_removed", matchId: envelope.match } satisfies ServerFrame);
        // A call of the match ends with it (a page with no call under way ignores this).
        const callEnded = JSON.stringify({ type: "call_ended", matchId: envelope.match, reason: "unavailable" } satisfies ServerFrame);
        for (const userId of envelope.users) {
          for (const ws of this.#sockets.get(userId) ?? []) {
            ws.data.matches.delete(envelope.match);
            ws.send(frame);
            ws.send(callEnded);
          }
        }
        return;
      }
      case "catch_up": {
        if (typeof envelope.since === "number") this.onCatchUpAsked(envelope.since);
        return;
      }
    }
  }
}

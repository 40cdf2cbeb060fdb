/**
 * The /ws endpoint (API.md): the handshake (session cookie, Origin), the Bun WebSocket
 * handler, per-frame authorization and rate limit, and the dispatch of frames to chat and
 * calls. One Realtime per app (realtimeFor(deps)), shared by the HTTP routes and Bun.serve.
 */
import { matchMomentFor } from "../features/matches/match-moment";
import type { WebSocketHandler } from "bun";
import { Hono } from "hono";
import { and, gt, inArray, or, sql } from "drizzle-orm";
import { matches, sessions } from "../../db/schema";
import type { AppDeps, AppEnv } from "../app-env";
import { CallService } from "../features/calls/calls.service";
import { loadSender, markRead, SENDER_PLAN_TTL_MS, sendMessageAsKnown } from "../features/chat/chat.service";
import { announceRead } from "../features/chat/read-receipts";
import { activityShared } from "../features/settings/settings.service";
import { findOpenMatchFor } from "../features/matches/matches.service";
import { WS_FRAMES_PER_SECOND, WS_MAX_FRAME_BYTES, WS_MAX_SOCKETS_PER_MEMBER } from "../platform/constants";
import { startPushNotifier } from "../features/push/push-notifier";
import { messageRateFor, TOO_MANY_MESSAGES } from "../features/chat/message-rate";
import { clientFrameSchema, type ClientFrame, type ServerFrame } from "./frames";
import { RealtimeHub, type RealtimeSocket, type SocketData } from "./hub";
import { InProcessPubSub, type PubSub } from "./pubsub";
import { RedisPubSub } from "./redis-pubsub";
import { startFanOutCatchUp } from "./fan-out-catch-up";
import { STORAGE_UNAVAILABLE, storageFaultCode } from "../../db/storage-faults";
import { storageHealthOf } from "../operations/storage-health";
import { log } from "../platform/log";

/** Closes for the frame-size limit (RFC 6455 "message too big") and for abuse. */
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_POLICY = 1008;
/** How often open sockets are checked against their sessions (expiry, a ban from the CLI). */
export const SESSION_SWEEP_MS = 60_000;

export interface Realtime {
  hub: RealtimeHub;
  calls: CallService;
  websocket: WebSocketHandler<SocketData>;
  routes: Hono<AppEnv>;
  /** Closes sockets whose session has ended (runs every SESSION_SWEEP_MS). */
  sweepSessions(): Promise<void>;
  /** Stops everything; sockets close with `code` (1001 going away, 1012 restarting). */
  close(code?: number, reason?: string): void;
}

const instances = new WeakMap<AppDeps, Realtime>();

/** The app's realtime endpoint, created once per deps (the app and Bun.serve share it). */
export function realtimeFor(deps: AppDeps): Realtime {
  let realtime = instances.get(deps);
  if (realtime === undefined) {
    const pubsub: PubSub = deps.config.redisUrl ? new RedisPubSub(deps.config.redisUrl) : new InProcessPubSub();
    realtime = createRealtime(deps, pubsub);
    instances.set(deps, realtime);
  }
  return realtime;
}

function send(ws: RealtimeSocket, frame: ServerFrame) {
  ws.send(JSON.stringify(frame));
}

export function createRealtime(deps: AppDeps, pubsub: PubSub): Realtime {
  const hub = new RealtimeHub(pubsub);
  const calls = new CallService(deps.db, deps.clock, hub);
  const sendsPerUser = messageRateFor(deps);
  // Presence passes only between members who both share their activity (docs/decisions/0130).
  hub.deliveryShown = (senderId, recipientId) => activityShared(deps.db, senderId, recipientId);
  hub.onMatchForgotten = (matchId) => void calls.forget(matchId).catch((error) => log.error({ err: error }, "calls: ending the call of a removed match failed"));
  calls.onRinging = (ringing) => deps.events.emit("call.ringing", ringing);
  // Push reaches members with no page open here (src/features/push); the service worker skips a
  // notification when one of their pages is visible elsewhere.
  const stopPush = startPushNotifier(deps, (userId) => hub.isConnectedHere(userId));
  // After a Redis outage, open pages get what crossed no instance meanwhile (decision 0118).
  const catchUp = startFanOutCatchUp(deps, hub);

  // Sessions that end close their sockets; a ban closes all of the user's.
  const offs = [
    deps.events.on("sessions.revoked", ({ userId, sessionIds }) => hub.closeUser(userId, sessionIds)),
    deps.events.on("user.banned", ({ userId }) => {
      hub.closeUser(userId, null, 4003, "Account suspended");
      deps.background.run("realtime: forgetting a banned user's matches", () => forgetMatchesOf([userId]));
    }),
    // A suspension ends the sessions like a ban; the matches are there again when it lifts.
    deps.events.on("user.suspended", ({ userId }) => hub.closeUser(userId, null, 4003, "Account suspended")),
    deps.events.on("user.deleted", ({ userId }) => hub.closeUser(userId, null)),
    deps.events.on("match.removed", ({ matchId, userIds }) => hub.forgetMatch(matchId, userIds)),
    // The match moment for the one who liked first: the swiper saw it in the swipe's answer.
    deps.events.on("match.created", ({ matchId, userIds: [swiperId, otherId] }) => {
      deps.background.run("realtime: announcing a match", async () => {
        const moment = await matchMomentFor(deps.db, swiperId, otherId);
        if (moment) hub.sendToUsers([otherId], { type: "match_created", matchId, ...moment });
      });
    }),
    deps.events.on("plan.changed", ({ userId, plan, planExpiresAt, paymentId }) =>
      hub.sendToUsers([userId], { type: "premium_activated", plan, planExpiresAt: planExpiresAt?.toISOString() ?? null, paymentId }),
    ),
  ];

  /** Matches closed by a ban that the sweep already announced (see sweepSessions). */
  const announcedBanClosures = new Set<string>();

  /**
   * Sessions also end without an event in this process (absolute expiry, `kasih` CLI commands):
   * every minute the sockets whose session is gone or expired are closed.
   */
  async function sweepSessions() {
    const bySession = new Map<string, RealtimeSocket[]>();
    for (const ws of hub.localSockets()) bySession.set(ws.data.sessionId, [...(bySession.get(ws.data.sessionId) ?? []), ws]);
    const ids = [...bySession.keys()];
    const alive = new Set<string>();
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids.slice(start, start + 500)), gt(sessions.expiresAt, deps.clock.now())));
      for (const row of rows) alive.add(row.id);
    }
    for (const [sessionId, sockets] of bySession) if (!alive.has(sessionId)) for (const ws of sockets) ws.close(4001, "Session ended");
    // Partners banned from another process (the CLI): their matches close on the open pages
    // (chat and matches list) of the people still connected. Announced once per ban.
    const connected = [...new Set([...hub.localSockets()].map((ws) => ws.data.userId))];
    const closed = new Set<string>();
    for (let start = 0; start < connected.length; start += 500) {
      const ids = connected.slice(start, start + 500);
      const rows = await deps.db.all<{ id: string; user1_id: string; user2_id: string }>(sql`
        select m.id, m.user1_id, m.user2_id from matches m
        join users u on u.id in (m.user1_id, m.user2_id) and u.is_banned = 1
        where m.user1_id in (${sql.join(ids, sql`, `)}) or m.user2_id in (${sql.join(ids, sql`, `)})`);
      for (const row of rows) {
        closed.add(row.id);
        if (!announcedBanClosures.has(row.id)) hub.forgetMatch(row.id, [row.user1_id, row.user2_id]);
      }
    }
    // Forget what is no longer closed (an unban), so a later ban is announced again.
    announcedBanClosures.clear();
    for (const id of closed) announcedBanClosures.add(id);
  }

  /** A banned person's matches close for both sides: match_removed to every open page, calls ended. */
  async function forgetMatchesOf(userIds: string[]) {
    if (userIds.length === 0) return;
    const rows = await deps.db
      .select({ id: matches.id, user1Id: matches.user1Id, user2Id: matches.user2Id })
      .from(matches)
      .where(or(inArray(matches.user1Id, userIds), inArray(matches.user2Id, userIds)));
    for (const row of rows) hub.forgetMatch(row.id, [row.user1Id, row.user2Id]);
  }
  const sweepTimer = setInterval(() => void sweepSessions().catch((error) => log.error({ err: error }, "realtime: session sweep failed")), SESSION_SWEEP_MS);
  sweepTimer.unref?.();

  /**
   * Per-frame authorization: the match must be the user's, with no block between the two.
   * Cached on the socket until the match is forgotten (unmatch, block).
   */
  async function otherPersonOf(ws: RealtimeSocket, matchId: string): Promise<string | null> {
    const cached = ws.data.matches.get(matchId);
    if (cached !== undefined) return cached;
    // An unmatch or block that lands during the lookup would be missed by the cache (its
    // "forget" ran before the entry existed): then the row may predate the removal, read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const forgottenBefore = hub.forgottenMatches;
      const match = await findOpenMatchFor(deps.db, matchId, ws.data.userId);
      if (hub.forgottenMatches !== forgottenBefore) continue;
      if (match === null) return null;
      ws.data.matches.set(matchId, match.otherUserId);
      return match.otherUserId;
    }
    return null; // removals keep landing: refuse rather than trust a row that may be stale
  }

  async function dispatch(ws: RealtimeSocket, frame: ClientFrame) {
    const userId = ws.data.userId;
    const other = await otherPersonOf(ws, frame.matchId);
    if (other === null) return send(ws, { type: "error", message: "Match not found", matchId: frame.matchId, frame: frame.type });
    const fail = (message: string) => send(ws, { type: "error", message, matchId: frame.matchId, frame: frame.type });
    switch (frame.type) {
      case "join_match":
        return send(ws, { type: "joined", matchId: frame.matchId });
      case "send_message": {
        if (!sendsPerUser.hit(userId)) return fail(TOO_MANY_MESSAGES);
        const now = deps.clock.now();
        let sender = ws.data.sender;
        if (sender === null || Date.now() - sender.readAt > SENDER_PLAN_TTL_MS) {
          const loaded = await loadSender(deps.db, now, userId);
          if (loaded === null) return fail("Match not found");
          sender = ws.data.sender = { firstName: loaded.firstName, premium: loaded.premium, readAt: Date.now() };
        }
        const result = await sendMessageAsKnown(deps.db, now, { id: userId, firstName: sender.firstName, premium: sender.premium }, frame.matchId, other, frame.content);
        if (!result.ok) {
          if (result.status === 404) ws.data.matches.delete(frame.matchId);
          return fail(result.message);
        }
        hub.sendToUsers([userId, result.recipientId], { type: "new_message", matchId: frame.matchId, message: result.message });
        deps.events.emit("message.sent", { matchId: frame.matchId, senderId: userId, senderName: sender.firstName, recipientId: result.recipientId, text: result.message.content });
        return;
      }
      case "typing":
        // Typing says "online now": dropped unless both share their activity (docs/decisions/0130).
        if (!(await activityShared(deps.db, userId, other))) return;
        return hub.sendToUsers([other], { type: "typing", matchId: frame.matchId, userId });
      case "read": {
        const readAt = await markRead(deps.db, deps.clock.now(), frame.matchId, userId);
        if (readAt !== null) await announceRead(deps.db, hub, frame.matchId, userId, other, readAt);
        return;
      }
      case "start_call": {
        const result = await calls.start(userId, frame.matchId, other, frame.callType);
        return result.ok ? undefined : fail(result.message);
      }
      case "call_accept": {
        const result = await calls.accept(userId, frame.matchId);
        return result.ok ? undefined : fail(result.message);
      }
      case "call_decline": {
        const result = await calls.decline(userId, frame.matchId);
        return result.ok ? undefined : fail(result.message);
      }
      case "end_call": {
        await calls.end(userId, frame.matchId);
        return;
      }
      case "call_offer":
      case "call_answer":
      case "ice_candidate": {
        const result = await calls.relay(userId, frame as Extract<ServerFrame, { type: "call_offer" | "call_answer" | "ice_candidate" }>);
        return result.ok ? undefined : fail(result.message);
      }
    }
  }

  const websocket: WebSocketHandler<SocketData> = {
    // Bun refuses bigger frames itself, closing with 1009; the check in message() is the backstop.
    maxPayloadLength: WS_MAX_FRAME_BYTES,
    idleTimeout: 120,
    sendPings: true,
    open(ws) {
      hub.add(ws);
      send(ws, { type: "ready", userId: ws.data.userId });
    },
    close(ws) {
      hub.remove(ws);
    },
    async message(ws, raw) {
      const size = typeof raw === "string" ? Buffer.byteLength(raw) : raw.byteLength;
      if (size > WS_MAX_FRAME_BYTES) return ws.close(CLOSE_TOO_BIG, "Frame too large");
      const now = Date.now();
      if (now - ws.data.windowStart >= 1000) {
        ws.data.windowStart = now;
        ws.data.frameCount = 0;
      }
      ws.data.frameCount++;
      if (ws.data.frameCount > WS_FRAMES_PER_SECOND * 3) return ws.close(CLOSE_POLICY, "Too many messages");
      if (ws.data.frameCount > WS_FRAMES_PER_SECOND) return send(ws, { type: "error", message: "Too many messages. Please slow down" });
      let parsed: unknown;
      try {
        parsed = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
      } catch {
        return send(ws, { type: "error", message: "Invalid message" });
      }
      const frame = clientFrameSchema.safeParse(parsed);
      if (!frame.success) return send(ws, { type: "error", message: "Invalid message" });
      try {
        await dispatch(ws, frame.data);
      } catch (error) {
        // A refused write (full disk, read-only database) is said as such, for the frame's match,
        // so the page keeps the text for a retry (docs/decisions/0116).
        if (storageHealthOf(deps.db).noteFault(error)) {
          log.warn({ code: storageFaultCode(error) }, `ws ${frame.data.type}: a write was refused by the database's storage`);
          return send(ws, { type: "error", message: STORAGE_UNAVAILABLE, matchId: frame.data.matchId, frame: frame.data.type });
        }
        log.error({ err: error }, `ws ${frame.data.type} failed`);
        send(ws, { type: "error", message: "Internal server error", matchId: frame.data.matchId, frame: frame.data.type });
      }
    },
  };

  /** Set by close(): a handshake whose session lookup finished after it gets no socket. */
  let closed = false;

  // The handshake: loadSession has already read the cookie; the Origin must be ours.
  const routes = new Hono<AppEnv>().get("/ws", (c) => {
    // A stopping server closes its sockets once (1012); one opened after that would hold the drain.
    if (closed) return c.json({ message: "Service restarting" }, 503, { "Retry-After": "1" });
    if (c.req.header("Origin") !== deps.config.appOrigin) return c.json({ message: "Forbidden" }, 403);
    const user = c.get("user");
    const session = c.get("session");
    if (user === null || session === null) return c.json({ message: "Unauthorized" }, 401);
    // A chaperone reads over HTTP only: no live frames, no calls (MATCHING.md 'Chaperone').
    if (user.role === "chaperone") return c.json({ message: "Forbidden" }, 403);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return c.json({ message: "Expected a WebSocket upgrade" }, 426);
    const server = (c.env as { upgrade?: (request: Request, options: { data: SocketData }) => boolean } | undefined) ?? undefined;
    if (server?.upgrade === undefined) return c.json({ message: "WebSocket is not available" }, 500);
    // A member's tabs and devices, bounded: each socket holds memory and a subscription.
    if (hub.socketCountOf(user.id) >= WS_MAX_SOCKETS_PER_MEMBER) return c.json({ message: "Too many open connections" }, 429);
    const data: SocketData = { userId: user.id, sessionId: session.id, matches: new Map(), sender: null, windowStart: 0, frameCount: 0, openedAt: deps.clock.now().getTime() };
    if (!server.upgrade(c.req.raw, { data })) return c.json({ message: "WebSocket upgrade failed" }, 400);
    return new Response(null);
  });

  return {
    hub,
    calls,
    websocket,
    routes,
    sweepSessions,
    close(code, reason) {
      closed = true;
      clearInterval(sweepTimer);
      for (const off of offs) off();
      stopPush();
      catchUp.close();
      calls.close();
      hub.close(code, reason);
      pubsub.close();
    },
  };
}

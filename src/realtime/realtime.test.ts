import { afterEach, beforeEach, describe, expect, setDefaultTimeout, spyOn, test } from "bun:test";

// Registration hashes passwords (argon2): on a shared machine a test with several users takes seconds.
setDefaultTimeout(30_000);
import { eq } from "drizzle-orm";
import type { Server } from "bun";
import { messages } from "../../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { matchUsers, setPlan } from "../testing/match-fixtures";
import * as matchesService from "../features/matches/matches.service";
import { realtimeFor } from "./realtime";
import { createMember } from "../features/discovery/discovery.test-support";
import type { ServerFrame } from "./frames";

let app: TestApp;
let server: Server<unknown>;
let url: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await createTestApp();
  // The real thing: Bun.serve with the app and the realtime WebSocket handler, on a free port.
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.app.fetch, websocket: realtimeFor(app.deps).websocket });
  url = `ws://127.0.0.1:${server.port}/ws`;
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  realtimeFor(app.deps).close();
  await server.stop(true);
  await app.close();
});

/** A connected socket that records frames; `next(type)` waits for one. */
async function connect(cookie: string | undefined, origin = TEST_ORIGIN) {
  const headers: Record<string, string> = { Origin: origin };
  if (cookie) headers.Cookie = cookie;
  const ws = new WebSocket(url, { headers } as unknown as string[]);
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  const waiters: { type: string; resolve: (frame: ServerFrame) => void }[] = [];
  ws.onmessage = (event) => {
    const frame = JSON.parse(String(event.data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of waiters.filter((w) => w.type === frame.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  };
  const closed = new Promise<{ code: number }>((resolve) => (ws.onclose = (event) => resolve({ code: event.code })));
  const opened = await new Promise<boolean>((resolve) => {
    ws.onopen = () => resolve(true);
    ws.onerror = () => resolve(false);
  });
  const next = <T extends ServerFrame["type"]>(type: T, timeoutMs = 2000) =>
    new Promise<Extract<ServerFrame, { type: T }>>((resolve, reject) => {
      const seen = frames.find((frame) => frame.type === type);
      if (seen !== undefined) {
        frames.splice(frames.indexOf(seen), 1);
        return resolve(seen as Extract<ServerFrame, { type: T }>);
      }
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        type,
        resolve: (frame) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(frame), 1);
          resolve(frame as Extract<ServerFrame, { type: T }>);
        },
      });
    });
  if (opened) await next("ready");
  const send = (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame));
  return { ws, opened, frames, next, send, closed };
}

async function pair() {
  const a = await app.registerUser({ firstName: "Ana" });
  const b = await app.registerUser({ firstName: "Budi" });
  const matchId = await matchUsers(app, a, b);
  return { a, b, matchId };
}

describe("GET /ws handshake", () => {
  test("a socket without a session is refused with 401", async () => {
    const response = await fetch(url.replace("ws:", "http:"), { headers: { Origin: TEST_ORIGIN, Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==" } });
    expect(response.status).toBe(401);
    const socket = await connect(undefined);
    expect(socket.opened).toBe(false);
  });

  test("a foreign Origin is refused with 403, even with a valid session", async () => {
    const user = await app.registerUser();
    const response = await fetch(url.replace("ws:", "http:"), { headers: { Cookie: user.cookie, Origin: "https://evil.example", Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==" } });
    expect(response.status).toBe(403);
    const socket = await connect(user.cookie, "https://evil.example");
    expect(socket.opened).toBe(false);
  });

  test("a signed-in user on our Origin connects", async () => {
    const user = await app.registerUser();
    const socket = await connect(user.cookie);
    expect(socket.opened).toBe(true);
  });

  test("once the sockets are closed for a stop, a handshake is refused with 503 instead of opening one", async () => {
    const user = await app.registerUser();
    realtimeFor(app.deps).close(1012, "Service restart");
    const response = await fetch(url.replace("ws:", "http:"), { headers: { Cookie: user.cookie, Origin: TEST_ORIGIN, Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==" } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Service restarting" });
    expect(realtimeFor(app.deps).hub.socketCountOf(user.id)).toBe(0);
  });
});

describe("limits", () => {
  test("the 60-a-minute message limit counts HTTP and the socket together (the hole: /ws had none)", async () => {
    const { a, matchId } = await pair();
    await setPlan(app, a, "premium_plus");
    for (let sent = 0; sent < 55; sent++) {
      const response = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: `hello ${sent}` } });
      expect(response.status).toBe(201);
    }
    const socket = await connect(a.cookie);
    for (let sent = 0; sent < 6; sent++) {
      socket.send({ type: "send_message", matchId, content: `socket ${sent}` });
      await Bun.sleep(40);
    }
    const refused = await socket.next("error", 3000);
    expect(refused).toMatchObject({ message: "Too many messages. Please slow down", frame: "send_message" });
    await Bun.sleep(100);
    expect(await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).toHaveLength(60);
  });

  test("a member may hold at most 10 sockets; the 11th is refused", async () => {
    const user = await app.registerUser();
    const open = await Promise.all(Array.from({ length: 10 }, () => connect(user.cookie)));
    expect(open.every((socket) => socket.opened)).toBe(true);
    expect((await connect(user.cookie)).opened).toBe(false);
    // Closing one makes room again.
    open[0]!.ws.close();
    await open[0]!.closed;
    await Bun.sleep(50);
    expect((await connect(user.cookie)).opened).toBe(true);
  });
});

describe("frames", () => {
  test("a payment that makes a member Premium reaches every open page of theirs as premium_activated", async () => {
    const user = await app.registerUser();
    const [first, second] = [await connect(user.cookie), await connect(user.cookie)];
    const planExpiresAt = new Date("2026-12-22T03:00:00Z");
    app.deps.events.emit("plan.changed", { userId: user.id, plan: "premium_plus", planExpiresAt, paymentId: "pay-1" });
    const expected = { type: "premium_activated", plan: "premium_plus", planExpiresAt: planExpiresAt.toISOString(), paymentId: "pay-1" };
    expect(await first.next("premium_activated")).toEqual(expected as never);
    expect(await second.next("premium_activated")).toEqual(expected as never);
  });

  test("send_message delivers new_message to the other person at once and stores it", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    sa.send({ type: "send_message", matchId, content: "  Selamat pagi " });
    const received = await sb.next("new_message");
    expect(received.matchId).toBe(matchId);
    expect(received.message).toMatchObject({ content: "Selamat pagi", senderId: a.id, sender: { firstName: "Ana" } });
    expect((await sa.next("new_message")).message.id).toBe(received.message.id);
    expect((await sa.next("message_delivered")).messageId).toBe(received.message.id);
    expect(await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).toHaveLength(1);
  });

  test("an HTTP POST also reaches the other person's socket; read sends message_read to the sender", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "via http" } });
    expect((await sb.next("new_message")).message.content).toBe("via http");
    sb.send({ type: "read", matchId });
    const read = await sa.next("message_read");
    expect(read).toMatchObject({ matchId, readerId: b.id });
    sb.send({ type: "typing", matchId });
    expect(await sa.next("typing")).toMatchObject({ matchId, userId: b.id });
  });

  test("a third user gets an error frame and nothing is delivered for join_match / send_message on their match", async () => {
    const { a, b, matchId } = await pair();
    const stranger = await app.registerUser();
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    const ss = await connect(stranger.cookie);
    ss.send({ type: "join_match", matchId });
    expect(await ss.next("error")).toMatchObject({ message: "Match not found", matchId, frame: "join_match" });
    ss.send({ type: "send_message", matchId, content: "let me in" });
    expect(await ss.next("error")).toMatchObject({ message: "Match not found", frame: "send_message" });
    ss.send({ type: "typing", matchId });
    expect(await ss.next("error")).toMatchObject({ frame: "typing" });
    await Bun.sleep(100);
    for (const socket of [sa, sb]) expect(socket.frames.filter((f) => f.type === "new_message" || f.type === "typing")).toEqual([]);
    expect(await app.deps.db.select().from(messages)).toHaveLength(0);
  });

  test("invalid JSON and unknown frames get an error frame; a frame over 64 KiB closes with 1009", async () => {
    const user = await app.registerUser();
    const socket = await connect(user.cookie);
    socket.ws.send("not json");
    expect((await socket.next("error")).message).toBe("Invalid message");
    socket.send({ type: "launch_rockets" });
    expect((await socket.next("error")).message).toBe("Invalid message");
    socket.ws.send(JSON.stringify({ type: "send_message", matchId: "x", content: "x".repeat(70 * 1024) }));
    expect((await socket.closed).code).toBe(1009);
  });

  test("a socket sending too fast is throttled with an error frame", async () => {
    const user = await app.registerUser();
    const socket = await connect(user.cookie);
    for (let i = 0; i < 40; i++) socket.ws.send("{}");
    const error = await new Promise<ServerFrame>((resolve) => {
      const check = setInterval(() => {
        const found = socket.frames.find((f) => f.type === "error" && f.message.startsWith("Too many"));
        if (found) {
          clearInterval(check);
          resolve(found);
        }
      }, 10);
    });
    expect(error).toMatchObject({ type: "error", message: "Too many messages. Please slow down" });
  });

  test("the daily chat limit applies over the socket too", async () => {
    const { a, b, matchId } = await pair();
    const { dailyUsage } = await import("../../db/schema");
    const { jakartaDayOf } = await import("../platform/clock");
    await app.deps.db.insert(dailyUsage).values({ userId: a.id, day: jakartaDayOf(app.clock.now()), swipes: 0, chats: 25 });
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    sa.send({ type: "send_message", matchId, content: "one more?" });
    expect(await sa.next("error")).toMatchObject({ message: "Daily chat limit reached" });
    await Bun.sleep(50);
    expect(sb.frames.filter((f) => f.type === "new_message")).toEqual([]);
  });
});

describe("the match moment", () => {
  test("the one who liked first hears of the match live, with both photos and the match to open; the swiper's own answer says it", async () => {
    const ana = await createMember(app, { firstName: "Ana", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const anaSocket = await connect(ana.cookie);
    const budiSocket = await connect(budi.cookie);
    expect((await app.request("POST", "/api/swipe", { cookie: ana.cookie, body: { swipedId: budi.id, isLike: true } })).status).toBe(200);
    const answer = await (await app.request("POST", "/api/swipe", { cookie: budi.cookie, body: { swipedId: ana.id, isLike: true } })).json();
    expect(answer.isMatch).toBe(true);
    const moment = await anaSocket.next("match_created");
    expect(moment).toMatchObject({ matchId: answer.matchId, other: { id: budi.id, firstName: "Budi", photo: expect.stringMatching(/\?size=thumb$/) }, myPhoto: expect.stringMatching(/\?size=thumb$/) });
    await Bun.sleep(100);
    expect(budiSocket.frames.filter((frame) => frame.type === "match_created")).toHaveLength(0);
  });
});

describe("sockets follow sessions and matches", () => {
  test("logout closes that session's socket", async () => {
    const user = await app.registerUser();
    const socket = await connect(user.cookie);
    await app.request("GET", "/api/logout", { cookie: user.cookie });
    expect((await socket.closed).code).toBe(4001);
  });

  test("a session deleted elsewhere (the CLI, expiry) is closed by the sweep", async () => {
    const user = await app.registerUser();
    const other = await app.registerUser();
    const socket = await connect(user.cookie);
    const kept = await connect(other.cookie);
    const { invalidateUserSessions } = await import("../features/auth/session");
    await invalidateUserSessions(app.deps.db, user.id);
    await realtimeFor(app.deps).sweepSessions();
    expect((await socket.closed).code).toBe(4001);
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
  });

  test("a ban closes all of the user's sockets", async () => {
    const user = await app.registerUser();
    const one = await connect(user.cookie);
    const two = await connect(user.cookie);
    app.deps.events.emit("user.banned", { userId: user.id });
    expect((await one.closed).code).toBe(4003);
    expect((await two.closed).code).toBe(4003);
  });

  test("a ban from the terminal (another process) closes the person's sockets at the next sweep", async () => {
    const user = await app.registerUser();
    const other = await app.registerUser();
    const socket = await connect(user.cookie);
    const kept = await connect(other.cookie);
    const { banUser } = await import("../features/admin/operator-commands");
    expect((await banUser(app.deps.db, user.email, "Spam")).ok).toBe(true);
    await realtimeFor(app.deps).sweepSessions();
    expect((await socket.closed).code).toBe(4001);
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
  });

  test("a partner banned from the terminal: the sweep closes the match on the other person's page", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    sa.send({ type: "join_match", matchId });
    await sa.next("joined");
    const { banUser } = await import("../features/admin/operator-commands");
    await banUser(app.deps.db, b.email, "Scam");
    await realtimeFor(app.deps).sweepSessions();
    expect(await sa.next("match_removed")).toEqual({ type: "match_removed", matchId });
    sa.send({ type: "send_message", matchId, content: "still there?" });
    expect(await sa.next("error")).toMatchObject({ message: "Match not found" });
  });

  test("a partner banned from the terminal: a page that never joined the match (the matches list) hears it once", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    const { banUser } = await import("../features/admin/operator-commands");
    await banUser(app.deps.db, b.email);
    const realtime = realtimeFor(app.deps);
    await realtime.sweepSessions();
    expect(await sa.next("match_removed")).toEqual({ type: "match_removed", matchId });
    await realtime.sweepSessions();
    sa.send({ type: "typing", matchId });
    expect(await sa.next("error")).toMatchObject({ message: "Match not found" });
    // Frames arrive in order: a second announcement would be here by now.
    expect(sa.frames.filter((frame) => frame.type === "match_removed")).toEqual([]);
  });

  test("a ban announced in this process closes the banned person's matches for their partners at once", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    sa.send({ type: "join_match", matchId });
    await sa.next("joined");
    app.deps.events.emit("user.banned", { userId: b.id });
    expect(await sa.next("match_removed")).toEqual({ type: "match_removed", matchId });
  });

  test("unmatch tells both sockets and the match's frames are refused afterwards", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    sa.send({ type: "join_match", matchId });
    await sa.next("joined");
    await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: b.cookie });
    expect(await sa.next("match_removed")).toEqual({ type: "match_removed", matchId });
    expect(await sb.next("match_removed")).toEqual({ type: "match_removed", matchId });
    sa.send({ type: "send_message", matchId, content: "hello?" });
    expect(await sa.next("error")).toMatchObject({ message: "Match not found" });
  });

  test("an unmatch landing while a socket looks the match up is not missed", async () => {
    const { a, b, matchId } = await pair();
    const sa = await connect(a.cookie);
    // The lookup reads the match, then the unmatch commits and is announced before the socket
    // would have cached what it read.
    const original = matchesService.findOpenMatchFor;
    const lookup = spyOn(matchesService, "findOpenMatchFor");
    let raced = false;
    lookup.mockImplementation(async (...args: Parameters<typeof matchesService.findOpenMatchFor>) => {
      const found = await original(...args);
      if (!raced) {
        raced = true;
        expect((await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: b.cookie })).status).toBe(200);
      }
      return found;
    });
    try {
      sa.send({ type: "join_match", matchId });
      expect(await sa.next("error")).toMatchObject({ message: "Match not found" });
      expect(raced).toBe(true);
      expect(sa.frames.some((frame) => frame.type === "joined")).toBe(false);
    } finally {
      lookup.mockRestore();
    }
  });

  test("block tells both sockets the match is gone", async () => {
    const { a, b, matchId } = await pair();
    const sb = await connect(b.cookie);
    await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: b.id } });
    expect(await sb.next("match_removed")).toEqual({ type: "match_removed", matchId });
  });
});

describe("calls", () => {
  test("start_call is refused without Premium Plus", async () => {
    const { a, b, matchId } = await pair();
    await setPlan(app, a, "premium");
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    sa.send({ type: "start_call", matchId, callType: "video" });
    expect(await sa.next("error")).toMatchObject({ message: "Voice and video calls require Premium Plus", frame: "start_call" });
    await Bun.sleep(50);
    expect(sb.frames.filter((f) => f.type === "incoming_call")).toEqual([]);
  });

  test("a Premium Plus call rings, is accepted, relays signalling and ends for both with a call line", async () => {
    const { a, b, matchId } = await pair();
    await setPlan(app, a, "premium_plus");
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    sa.send({ type: "start_call", matchId, callType: "video" });
    expect(await sb.next("incoming_call")).toEqual({ type: "incoming_call", matchId, callType: "video", from: { id: a.id, firstName: "Ana" } });
    sb.send({ type: "call_accept", matchId });
    await sa.next("call_accept");
    sa.send({ type: "call_offer", matchId, sdp: { type: "offer", sdp: "v=0 offer" } });
    expect((await sb.next("call_offer")).sdp).toEqual({ type: "offer", sdp: "v=0 offer" });
    sb.send({ type: "call_answer", matchId, sdp: { type: "answer", sdp: "v=0 answer" } });
    expect((await sa.next("call_answer")).sdp.sdp).toBe("v=0 answer");
    sb.send({ type: "ice_candidate", matchId, candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 } });
    expect((await sa.next("ice_candidate")).candidate.sdpMid).toBe("0");
    sa.send({ type: "end_call", matchId });
    expect(await sa.next("call_ended")).toEqual({ type: "call_ended", matchId, reason: "ended" });
    expect(await sb.next("call_ended")).toEqual({ type: "call_ended", matchId, reason: "ended" });
    const [line] = await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId));
    expect(line).toMatchObject({ kind: "call", senderId: a.id });
  });

  test("a declined call leaves a missed_call line marked declined (docs/decisions/0137); a stranger cannot relay into it", async () => {
    const { a, b, matchId } = await pair();
    await setPlan(app, a, "premium_plus");
    const stranger = await app.registerUser();
    const sa = await connect(a.cookie);
    const sb = await connect(b.cookie);
    const ss = await connect(stranger.cookie);
    sa.send({ type: "start_call", matchId, callType: "voice" });
    await sb.next("incoming_call");
    ss.send({ type: "call_offer", matchId, sdp: { type: "offer", sdp: "evil" } });
    expect(await ss.next("error")).toMatchObject({ message: "Match not found" });
    sb.send({ type: "call_decline", matchId });
    await sa.next("call_decline");
    expect(await sa.next("call_ended")).toMatchObject({ reason: "declined" });
    const newMessage = await sb.next("new_message");
    expect(newMessage.message).toMatchObject({ kind: "missed_call", content: "voice:declined", senderId: a.id });
    expect(sb.frames.filter((f) => f.type === "call_offer")).toEqual([]);
  });
});

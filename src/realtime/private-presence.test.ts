/**
 * Presence that stays private (SECURITY.md 'Privacy and abuse', docs/decisions/0130): when Budi
 * hides his online status, what Ana's socket and Ana's HTTP answers get is the same whether
 * Budi has a page open or not. Each test runs the same steps with Budi online and with Budi
 * away and compares what Ana received (frame types and contents, not their timing), and checks
 * with Budi sharing his activity that the signal is there at all (else "identical" proves nothing).
 */
import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Server } from "bun";
import { users } from "../../db/schema";
import { createMember } from "../features/discovery/discovery.test-support";
import { storeMessage } from "../features/chat/message-writer";
import { CALL_RING_TIMEOUT_MS } from "../platform/constants";
import { newId } from "../platform/ids";
import { islandProps } from "../testing/island-props";
import { matchUsers } from "../testing/match-fixtures";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { startFanOutCatchUp } from "./fan-out-catch-up";
import type { ServerFrame } from "./frames";
import { realtimeFor } from "./realtime";

setDefaultTimeout(30_000);

let app: TestApp;
let server: Server<unknown>;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await createTestApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.app.fetch, websocket: realtimeFor(app.deps).websocket });
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  realtimeFor(app.deps).close();
  await server.stop(true);
  await app.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

/** A page's socket, recording every frame after "ready". */
async function openPage(member: Member) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Origin: TEST_ORIGIN, Cookie: member.cookie } } as unknown as string[]);
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error("socket did not open"));
  });
  await waitFor(() => frames.some((frame) => frame.type === "ready"));
  frames.length = 0;
  return { ws, frames, send: (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame)) };
}
type Page = Awaited<ReturnType<typeof openPage>>;

async function waitFor(check: () => boolean, timeoutMs = 5000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

/** Long enough for any frame the steps caused to arrive (a leak would be here by then). */
const settle = () => Bun.sleep(400);

/** Ana and Budi, matched; Budi shares his activity or not. Ana may call (Premium Plus). */
async function pair(budiSharesActivity: boolean) {
  const ana = await createMember(app, { firstName: "Ana", gender: "female", plan: "premium_plus" });
  const budi = await createMember(app, { firstName: "Budi", gender: "male", plan: "premium" });
  await app.deps.db.update(users).set({ showActivity: budiSharesActivity }).where(eq(users.id, budi.id));
  const matchId = await matchUsers(app, ana, budi);
  return { ana, budi, matchId };
}

/** What Ana received, without what differs by run (ids, times): the frames' types and meaning. */
function described(frames: ServerFrame[], ana: Member) {
  return frames.map((frame) => {
    switch (frame.type) {
      case "new_message":
        return `new_message ${frame.message.kind} from ${frame.message.senderId === ana.id ? "Ana" : "Budi"}${frame.message.kind === "text" ? `: ${frame.message.content}` : ""}`;
      case "call_ended":
        return `call_ended ${frame.reason}`;
      case "message_read":
        return `message_read by ${frame.readerId === ana.id ? "Ana" : "Budi"}`;
      default:
        return frame.type;
    }
  });
}

/** Runs `steps` with Budi's page open (online) and without (away); answers what Ana got each time. */
async function bothWays(budiSharesActivity: boolean, steps: (run: { ana: Member; budi: Member; matchId: string; anaPage: Page; budiPage: Page | null }) => Promise<void>) {
  const seen: Record<"online" | "away", string[]> = { online: [], away: [] };
  for (const budiOnline of [true, false]) {
    const { ana, budi, matchId } = await pair(budiSharesActivity);
    const anaPage = await openPage(ana);
    const budiPage = budiOnline ? await openPage(budi) : null;
    await steps({ ana, budi, matchId, anaPage, budiPage });
    await settle();
    seen[budiOnline ? "online" : "away"] = described(anaPage.frames, ana);
  }
  return seen;
}

describe("a member who hides their online status gives away no presence", () => {
  test("messages to them: the sender gets the same frames whether they are online or away (no message_delivered), over the socket and over HTTP", async () => {
    const send = async ({ ana, matchId, anaPage }: { ana: Member; matchId: string; anaPage: Page }) => {
      anaPage.send({ type: "send_message", matchId, content: "Halo Budi" });
      await waitFor(() => anaPage.frames.some((frame) => frame.type === "new_message"), 5000, "Ana's own message");
      const response = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: ana.cookie, body: { content: "Apa kabar?" } });
      expect(response.status).toBe(201);
    };
    const hidden = await bothWays(false, send);
    expect(hidden.online).toEqual(hidden.away);
    expect(hidden.online).toEqual(["new_message text from Ana: Halo Budi", "new_message text from Ana: Apa kabar?"]);

    // Sharing, the same steps do tell: "delivered" when Budi's page is open.
    const shared = await bothWays(true, send);
    expect(shared.online.filter((line) => line === "message_delivered")).toHaveLength(2);
    expect(shared.away).toEqual(hidden.away);
  });

  test("a hidden member hears no 'delivered' either: presence is shared both ways or not at all", async () => {
    const { ana, budi, matchId } = await pair(false);
    await openPage(ana);
    const budiPage = await openPage(budi);
    budiPage.send({ type: "send_message", matchId, content: "Halo Ana" });
    await waitFor(() => budiPage.frames.some((frame) => frame.type === "new_message"), 5000, "Budi's own message");
    await settle();
    expect(budiPage.frames.map((frame) => frame.type)).toEqual(["new_message"]);
  });

  test("typing: nothing reaches the other member from a hidden member's page, as when they are away", async () => {
    const typing = async ({ matchId, budiPage }: { matchId: string; budiPage: Page | null }) => {
      budiPage?.send({ type: "typing", matchId });
      budiPage?.send({ type: "typing", matchId });
    };
    const hidden = await bothWays(false, typing);
    expect(hidden.online).toEqual(hidden.away);
    expect(hidden.online).toEqual([]);
    const shared = await bothWays(true, typing);
    expect(shared.online).toEqual(["typing", "typing"]);
  });

  test("their own reads follow the read-receipts setting alone: shown with receipts on, hidden with them off", async () => {
    const read = async ({ ana, budi, matchId }: { ana: Member; budi: Member; matchId: string }) => {
      expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: ana.cookie, body: { content: "Halo" } })).status).toBe(201);
      expect((await app.request("POST", `/api/matches/${matchId}/read`, { cookie: budi.cookie })).status).toBe(200);
    };
    const receiptsOn = await bothWays(false, read);
    expect(receiptsOn.online).toEqual(["new_message text from Ana: Halo", "message_read by Budi"]);
    expect(receiptsOn.away).toEqual(receiptsOn.online);

    const { ana, budi, matchId } = await pair(false);
    await app.deps.db.update(users).set({ readReceipts: false }).where(eq(users.id, budi.id));
    const anaPage = await openPage(ana);
    await read({ ana, budi, matchId });
    await settle();
    expect(described(anaPage.frames, ana)).toEqual(["new_message text from Ana: Halo"]);
  });

  test("a call to them always rings and ends as missed: online and declining (or leaving the page) looks the same as away", async () => {
    const ring = (answer: "call_decline" | "end_call" | null) => async ({ matchId, anaPage, budiPage }: { matchId: string; anaPage: Page; budiPage: Page | null }) => {
      anaPage.send({ type: "start_call", matchId, callType: "voice" });
      await waitFor(() => anaPage.frames.some((frame) => frame.type === "call_ringing"), 5000, "ringing");
      if (budiPage !== null) {
        await waitFor(() => budiPage.frames.some((frame) => frame.type === "incoming_call"), 5000, "Budi's ring");
        if (answer !== null) {
          budiPage.send({ type: answer, matchId });
          // His own pages stop ringing at once.
          await waitFor(() => budiPage.frames.some((frame) => frame.type === "call_ended"), 5000, "Budi's pages to stop ringing");
        }
      }
      await settle();
      // Still ringing for Ana; the ringing time passes (the sweep every instance runs ends it).
      expect(anaPage.frames.map((frame) => frame.type)).toEqual(["call_ringing"]);
      app.clock.advance(CALL_RING_TIMEOUT_MS + 1);
      await realtimeFor(app.deps).calls.finishOverdue();
      await waitFor(() => anaPage.frames.some((frame) => frame.type === "call_ended"), 5000, "the call to end");
    };
    const away = ["call_ringing", "call_ended missed", "new_message missed_call from Ana"];
    for (const answer of ["call_decline", "end_call", null] as const) {
      const hidden = await bothWays(false, ring(answer));
      expect(hidden.away).toEqual(away);
      expect(hidden.online).toEqual(hidden.away);
    }

    // Sharing, a decline is said at once (the control: the steps do reach Budi's page).
    const { ana, budi, matchId } = await pair(true);
    const anaPage = await openPage(ana);
    const budiPage = await openPage(budi);
    anaPage.send({ type: "start_call", matchId, callType: "voice" });
    await waitFor(() => budiPage.frames.some((frame) => frame.type === "incoming_call"), 5000, "Budi's ring");
    budiPage.send({ type: "call_decline", matchId });
    await waitFor(() => anaPage.frames.some((frame) => frame.type === "call_ended"), 5000, "the decline");
    await settle();
    expect(described(anaPage.frames, ana)).toEqual(["call_ringing", "call_decline", "call_ended declined", "new_message missed_call from Ana"]);
  });

  test("after a Redis outage the catch-up announces no delivery to or from a hidden member either", async () => {
    const hub = realtimeFor(app.deps).hub;
    const catchUp = startFanOutCatchUp(app.deps, hub);
    try {
      for (const budiShares of [false, true]) {
        const { ana, budi, matchId } = await pair(budiShares);
        const anaPage = await openPage(ana);
        const budiPage = await openPage(budi);
        app.clock.advance(1000);
        // A message the fan-out missed: stored, never published.
        const since = app.clock.now().getTime();
        const id = newId();
        await storeMessage(app.deps.db, { id, matchId, senderId: ana.id, content: "Missed while Redis was away", kind: "text", createdAt: app.clock.now(), readAt: null });
        await catchUp.request(since);
        await waitFor(() => budiPage.frames.some((frame) => frame.type === "new_message"), 5000, "Budi's page to catch up");
        await settle();
        // Ana's page missed her own message too (her other device's); the receipt is the question.
        expect(anaPage.frames.map((frame) => frame.type)).toEqual(budiShares ? ["new_message", "message_delivered"] : ["new_message"]);
      }
    } finally {
      catchUp.close();
    }
  });

  test("HTTP answers and the chat page tell Ana the same about a hidden Budi online or away: no online, no last active", async () => {
    const { ana, budi, matchId } = await pair(false);
    expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: ana.cookie, body: { content: "Halo" } })).status).toBe(201);
    const answers = async () => {
      const chat = await app.request("GET", `/chat/${matchId}`, { cookie: ana.cookie });
      expect(chat.status).toBe(200);
      const list = await app.request("GET", "/api/matches", { cookie: ana.cookie });
      const history = await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: ana.cookie });
      return { chat: islandProps(await chat.text(), "chat-panel").other, list: await list.json(), history: await history.json() };
    };
    const away = await answers();
    expect(away.chat.presence).toBeNull();
    // Budi comes online: a page open, his session touched (last active now).
    app.clock.advance(60_000);
    await app.deps.db.update(users).set({ lastActiveAt: app.clock.now() }).where(eq(users.id, budi.id));
    await openPage(budi);
    const online = await answers();
    expect(online).toEqual(away);
    expect(JSON.stringify(online)).not.toMatch(/lastActive|online/i);

    // Sharing, the same page says he is online (the control).
    await app.deps.db.update(users).set({ showActivity: true }).where(eq(users.id, budi.id));
    const shared = await answers();
    expect(shared.chat.presence).toEqual({ online: true, lastActiveAt: app.clock.now().toISOString() });
  });
});

/**
 * A message sent while the database cannot take writes (docs/decisions/0116): 503 with
 * Retry-After over HTTP and an error frame over /ws, not "Match not found"; nothing of it is kept
 * (neither the message nor the free day's allowance it would use); once space returns, the
 * member's retry is delivered once, to both people.
 */
import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Server } from "bun";
import { and, eq } from "drizzle-orm";
import { dailyUsage, messages } from "../../../db/schema";
import { STORAGE_UNAVAILABLE } from "../../../db/storage-faults";
import { jakartaDayOf } from "../../platform/clock";
import { MAX_MESSAGE_LENGTH } from "../../platform/constants";
import { newId } from "../../platform/ids";
import type { ServerFrame } from "../../realtime/frames";
import { realtimeFor } from "../../realtime/realtime";
import { matchUsers } from "../../testing/match-fixtures";
import { fillDatabase, freeSpace, integrityCheck, makeReadOnly } from "../../testing/storage-faults";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { storeMessage } from "./message-writer";

setDefaultTimeout(60_000);

let t: TestApp;
let server: Server<unknown>;
const sockets: WebSocket[] = [];
beforeEach(async () => {
  t = await createTestApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: t.app.fetch, websocket: realtimeFor(t.deps).websocket });
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  await server.stop(true);
  await t.close();
});

/** A long text: whatever slack the messages' pages keep cannot hold it. */
const LONG = (letter: string) => letter.repeat(MAX_MESSAGE_LENGTH);

/** A free member (the daily allowance applies) matched with another; the sender has chatted today already. */
async function pair() {
  const a = await createMember(t, { firstName: "Ana" });
  const b = await createMember(t, { firstName: "Budi", gender: "male" });
  const matchId = await matchUsers(t, a, b);
  expect((await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "before the fault" } })).status).toBe(201);
  return { a, b, matchId };
}

const faults = {
  "a full disk": async (matchId: string, senderId: string) => {
    // The messages' own pages full too, as on a disk that filled with chat.
    await fillDatabase(t.deps.dbClient, () => storeMessage(t.deps.db, { id: newId(), matchId, senderId, content: LONG("f"), kind: "text", createdAt: t.clock.now(), readAt: null }));
  },
  "a read-only database": async () => makeReadOnly(t.deps.dbClient),
};
const recover = async () => {
  await freeSpace(t.deps.dbClient);
  await makeReadOnly(t.deps.dbClient, false);
};

async function stored(matchId: string, content: string) {
  return (await t.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).filter((row) => row.content === content).length;
}
async function chatsToday(userId: string) {
  const [row] = await t.deps.db.select({ chats: dailyUsage.chats }).from(dailyUsage).where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, jakartaDayOf(t.clock.now()))));
  return row?.chats ?? 0;
}

/** A socket that records its frames. */
async function connect(cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Origin: TEST_ORIGIN, Cookie: cookie } } as unknown as string[]);
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const waitFor = async (predicate: (frame: ServerFrame) => boolean, what: string) => {
    for (const end = Date.now() + 5_000; Date.now() < end; await Bun.sleep(10)) {
      const found = frames.find(predicate);
      if (found !== undefined) return found;
    }
    throw new Error(`no ${what} frame within 5 s; got ${JSON.stringify(frames)}`);
  };
  await waitFor((frame) => frame.type === "ready", "ready");
  return { frames, waitFor, send: (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame)) };
}

const newMessagesWith = (frames: ServerFrame[], content: string) => frames.filter((frame) => frame.type === "new_message" && frame.message.content === content);

for (const [name, makeFault] of Object.entries(faults)) {
  describe(`${name}: sending a message`, () => {
    test("over HTTP: 503 with Retry-After and the message, nothing kept, and the retry is delivered once when writes return", async () => {
      const { a, b, matchId } = await pair();
      const listening = await connect(b.cookie);
      const chatsBefore = await chatsToday(a.id);
      await makeFault(matchId, b.id);
      const content = LONG("m");
      const refused = await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("60");
      expect(await refused.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      // Reads still answer, and nothing of the refused message is there.
      const read = await t.request("GET", `/api/matches/${matchId}/messages`, { cookie: b.cookie });
      expect(read.status).toBe(200);
      expect((await read.json()).filter((message: { content: string }) => message.content === content)).toHaveLength(0);
      expect(await stored(matchId, content)).toBe(0);
      expect(await chatsToday(a.id)).toBe(chatsBefore);
      expect(await integrityCheck(t.deps.dbClient)).toBe("ok");

      await recover();
      const retried = await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content } });
      expect(retried.status).toBe(201);
      await listening.waitFor((frame) => newMessagesWith([frame], content).length === 1, "new_message");
      await Bun.sleep(200);
      expect(newMessagesWith(listening.frames, content)).toHaveLength(1);
      expect(await stored(matchId, content)).toBe(1);
      expect(await chatsToday(a.id)).toBe(chatsBefore + 1);
      const history = await (await t.request("GET", `/api/matches/${matchId}/messages`, { cookie: b.cookie })).json();
      expect(history.filter((message: { content: string }) => message.content === content)).toHaveLength(1);
    });

    test("over /ws: an error frame with the message for that match, nothing kept, and the retry is delivered once to both", async () => {
      const { a, b, matchId } = await pair();
      const sender = await connect(a.cookie);
      const receiver = await connect(b.cookie);
      // The socket has used the match before the fault (its membership is cached).
      sender.send({ type: "join_match", matchId });
      await sender.waitFor((frame) => frame.type === "joined", "joined");
      const chatsBefore = await chatsToday(a.id);
      await makeFault(matchId, b.id);
      const content = LONG("w");
      sender.send({ type: "send_message", matchId, content });
      expect(await sender.waitFor((frame) => frame.type === "error", "error")).toEqual({ type: "error", message: STORAGE_UNAVAILABLE, matchId, frame: "send_message" });
      expect(await stored(matchId, content)).toBe(0);
      expect(await chatsToday(a.id)).toBe(chatsBefore);

      await recover();
      sender.send({ type: "send_message", matchId, content });
      await sender.waitFor((frame) => newMessagesWith([frame], content).length === 1, "new_message");
      await receiver.waitFor((frame) => newMessagesWith([frame], content).length === 1, "new_message");
      await Bun.sleep(200);
      expect(newMessagesWith(sender.frames, content)).toHaveLength(1);
      expect(newMessagesWith(receiver.frames, content)).toHaveLength(1);
      expect(await stored(matchId, content)).toBe(1);
      expect(await chatsToday(a.id)).toBe(chatsBefore + 1);
    });
  });
}

test("a message to a match removed meanwhile is still 404 Match not found (the foreign key)", async () => {
  const { a, b, matchId } = await pair();
  const socket = await connect(a.cookie);
  socket.send({ type: "join_match", matchId });
  await socket.waitFor((frame) => frame.type === "joined", "joined");
  expect((await t.request("DELETE", `/api/matches/${matchId}`, { cookie: b.cookie })).status).toBe(200);
  expect(await (await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "still there?" } })).json()).toEqual({ message: "Match not found" });
});

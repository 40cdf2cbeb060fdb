/**
 * Nothing missed after a Redis outage (decision 0118): two instances (app and hub each, on one
 * database file) with a real redis-server. Budi's page is open on instance B, Ana's on A. Redis
 * stops; Ana reads, writes over HTTP and over /ws, Budi reads on another device through A, Budi
 * writes through B; Redis starts again and Ana writes in its first second. Each page then gets
 * every message it missed once, as new_message frames, with the receipts, without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RedisClient, type Server, type Subprocess } from "bun";
import { freePort } from "../../e2e/support/server";
import { createMember } from "../features/discovery/discovery.test-support";
import { fakeClock } from "../platform/clock";
import { matchUsers } from "../testing/match-fixtures";
import { startRedis } from "../testing/redis-server";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import type { ServerFrame } from "./frames";
import { realtimeFor } from "./realtime";
import type { RedisPubSub } from "./redis-pubsub";

let redis: Subprocess | null = null;
let redisPort = 0;
let redisDir = "";
const clock = fakeClock();
let a: TestApp;
let b: TestApp;
let servers: Server<unknown>[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  redisPort = await freePort();
  redisDir = mkdtempSync(join(tmpdir(), "kasih-redis-"));
  redis = await startRedis(redisPort, redisDir);
  const REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  a = await createTestApp({ env: { REDIS_URL }, clock });
  b = await createTestApp({ env: { REDIS_URL, DATABASE_URL: a.config.databaseUrl }, clock });
  servers = [a, b].map((app) => Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.app.fetch, websocket: realtimeFor(app.deps).websocket }));
  await Promise.all([a, b].map((app) => realtimeFor(app.deps).hub.pubsub.ready()));
}, 30_000);

afterAll(async () => {
  for (const ws of sockets) ws.close();
  for (const server of servers) await server.stop(true);
  await b?.close();
  await a?.close();
  redis?.kill();
  if (redisDir) rmSync(redisDir, { recursive: true, force: true });
});

/** A page's socket on one instance, recording every frame. */
async function openPage(server: Server<unknown>, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Origin: TEST_ORIGIN, Cookie: cookie } } as unknown as string[]);
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error("socket did not open"));
  });
  await waitFor(() => frames.some((frame) => frame.type === "ready"));
  return { ws, frames, send: (frame: Record<string, unknown>) => ws.send(JSON.stringify(frame)) };
}

async function waitFor(check: () => boolean, timeoutMs = 10_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

const pubsubOf = (app: TestApp) => realtimeFor(app.deps).hub.pubsub as RedisPubSub;
const messageIds = (frames: ServerFrame[]) => frames.flatMap((frame) => (frame.type === "new_message" ? [frame.message.id] : []));

describe("after a Redis outage", () => {
  it("each instance delivers to its open pages, once, the messages and receipts they missed, in the order they happened", async () => {
    const ana = await createMember(a, { firstName: "Ana", gender: "female", plan: "premium" });
    const budi = await createMember(a, { firstName: "Budi", gender: "male", plan: "premium" });
    const matchId = await matchUsers(a, ana, budi);
    const anaPage = await openPage(servers[0]!, ana.cookie);
    const budiPage = await openPage(servers[1]!, budi.cookie);
    const post = (app: TestApp, who: { cookie: string }, path: string, body?: unknown) => app.request("POST", `/api/matches/${matchId}${path}`, { cookie: who.cookie, body });
    const send = async (app: TestApp, who: { cookie: string }, content: string) => {
      const response = await post(app, who, "/messages", { content });
      expect(response.status).toBe(201);
      clock.advance(1000);
      return ((await response.json()) as { id: string }).id;
    };

    // Before: the fan-out works (Budi's message through B reaches Ana's page on A).
    const hello = await send(b, budi, "Halo Ana");
    await waitFor(() => messageIds(anaPage.frames).includes(hello), 5000, "hello on A");

    redis!.kill();
    await redis!.exited;
    await waitFor(() => !pubsubOf(a).connected && !pubsubOf(b).connected, 10_000, "both instances to notice");
    clock.advance(1000);

    // Ana reads Budi's hello (a receipt B's page misses), writes over HTTP and over /ws.
    expect((await post(a, ana, "/read")).status).toBe(200);
    clock.advance(1000);
    const overHttp = await send(a, ana, "Sent over HTTP while Redis was down");
    anaPage.send({ type: "send_message", matchId, content: "Sent over the socket while Redis was down" });
    await waitFor(() => anaPage.frames.filter((frame) => frame.type === "new_message").length === 3, 5000, "Ana's own socket message");
    const overSocket = messageIds(anaPage.frames)[2]!;
    clock.advance(1000);
    // Budi reads on another device, through A: his page on B misses it; then one more from Ana stays unread.
    expect((await post(a, budi, "/read")).status).toBe(200);
    clock.advance(1000);
    const unread = await send(a, ana, "Sent after Budi read on his phone");
    // Budi writes through B: Ana's page on A misses it.
    const fromBudi = await send(b, budi, "Budi while Redis was down");
    await waitFor(() => messageIds(budiPage.frames).includes(fromBudi), 5000, "Budi's own message on B");
    await waitFor(() => messageIds(anaPage.frames).includes(unread), 5000, "Ana's own message on A");
    await Bun.sleep(300); // nothing crosses meanwhile
    expect(messageIds(budiPage.frames)).toEqual([hello, fromBudi]);
    expect(messageIds(anaPage.frames)).toEqual([hello, overHttp, overSocket, unread]);

    // Redis returns; a message in its first second (before the instances have subscribed again).
    redis = await startRedis(redisPort, redisDir);
    const firstSecond = await send(a, ana, "Sent in the first second after Redis came back");
    await waitFor(() => pubsubOf(a).connected && pubsubOf(b).connected, 10_000, "both instances to subscribe again");

    const missedOnB = [overHttp, overSocket, unread, firstSecond];
    await waitFor(() => missedOnB.every((id) => messageIds(budiPage.frames).includes(id)), 10_000, "B's page to catch up");
    await waitFor(() => messageIds(anaPage.frames).includes(fromBudi), 10_000, "A's page to catch up");
    // Every instance asks the others to catch up too: give those runs time, then count.
    await Bun.sleep(3000);

    // Budi's page: each message once, in order, with Ana's read of his hello and his own read.
    const seenOnB = budiPage.frames.filter((frame) => frame.type === "new_message" || frame.type === "message_read");
    const described = seenOnB.map((frame) =>
      frame.type === "new_message" ? frame.message.id : `read by ${frame.readerId === ana.id ? "Ana" : "Budi"}${frame.unreadCount === undefined ? "" : `, ${frame.unreadCount} unread`}`,
    );
    const firstIndex = described.indexOf(firstSecond);
    expect(described.filter((_, index) => index !== firstIndex)).toEqual([hello, fromBudi, "read by Ana", overHttp, overSocket, "read by Budi, 0 unread", unread]);
    expect(messageIds(budiPage.frames).filter((id) => id === firstSecond)).toHaveLength(1);
    const anaRead = seenOnB.find((frame) => frame.type === "message_read" && frame.readerId === ana.id) as Extract<ServerFrame, { type: "message_read" }>;
    const helloAt = (budiPage.frames.find((frame) => frame.type === "new_message" && frame.message.id === hello) as Extract<ServerFrame, { type: "new_message" }>).message.createdAt;
    expect(anaRead.upTo).toBe(helloAt); // the read covers his hello, not his later message
    const caughtUp = budiPage.frames.find((frame) => frame.type === "new_message" && frame.message.id === overHttp) as Extract<ServerFrame, { type: "new_message" }>;
    expect(caughtUp.message).toMatchObject({ matchId, senderId: ana.id, sender: { id: ana.id, firstName: "Ana" }, content: "Sent over HTTP while Redis was down", kind: "text", readAt: null });

    // Ana's page: Budi's message once, nothing she had again, and "delivered" for what Budi's page got late.
    expect(messageIds(anaPage.frames).sort()).toEqual([hello, overHttp, overSocket, unread, firstSecond, fromBudi].sort());
    await waitFor(() => anaPage.frames.some((frame) => frame.type === "message_delivered" && frame.messageId === overHttp), 5000, "delivered to Ana");
    // Budi's read through A reached Ana's page live: the catch-up does not send it again.
    expect(anaPage.frames.filter((frame) => frame.type === "message_read" && frame.readerId === budi.id)).toHaveLength(1);
  }, 60_000);

  it("a publish refused while both subscriptions hold is caught up on the other instance once publishing works again", async () => {
    const ana = await createMember(a, { firstName: "Ana", gender: "female", plan: "premium" });
    const budi = await createMember(a, { firstName: "Budi", gender: "male", plan: "premium" });
    const matchId = await matchUsers(a, ana, budi);
    const budiPage = await openPage(servers[1]!, budi.cookie);
    const admin = new RedisClient(`redis://127.0.0.1:${redisPort}`);
    try {
      // Redis refuses PUBLISH (an ACL), nothing else: the subscriptions stay, only A's publish fails.
      await admin.send("ACL", ["SETUSER", "default", "-publish"]);
      const response = await a.request("POST", `/api/matches/${matchId}/messages`, { cookie: ana.cookie, body: { content: "Refused by Redis" } });
      expect(response.status).toBe(201);
      const lost = ((await response.json()) as { id: string }).id;
      clock.advance(1000);
      await Bun.sleep(300);
      expect(messageIds(budiPage.frames)).toEqual([]);
      expect(pubsubOf(b).connected).toBe(true);

      await admin.send("ACL", ["SETUSER", "default", "+publish"]);
      await waitFor(() => messageIds(budiPage.frames).includes(lost), 10_000, "B's page to catch up");
      await Bun.sleep(2000); // a second run (another ask) would come within this
      expect(messageIds(budiPage.frames)).toEqual([lost]);
    } finally {
      await admin.send("ACL", ["SETUSER", "default", "+publish"]).catch(() => undefined);
      admin.close();
    }
  }, 60_000);
});

/**
 * The Redis fan-out against a real redis-server (Debian's, installed by scripts/test.sh), started
 * on a free loopback port; stopped and started again to prove each instance keeps serving its own
 * sockets meanwhile and the fan-out comes back by itself.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { startRedis } from "../testing/redis-server";
import { logLinesOf } from "../platform/log";
import { freePort } from "../../e2e/support/server";
import { RedisPubSub } from "./redis-pubsub";
import { RealtimeHub, type RealtimeSocket } from "./hub";

let redis: Subprocess | null = null;
let redisUrl = "";
let port = 0;
let dir = "";

beforeAll(async () => {
  port = await freePort();
  dir = mkdtempSync(join(tmpdir(), "kasih-redis-"));
  redis = await startRedis(port, dir);
  redisUrl = `redis://127.0.0.1:${port}`;
});

afterAll(() => {
  redis?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in socket: records what the hub sends it. */
function fakeSocket(userId: string) {
  const sent: string[] = [];
  const ws = { data: { userId, sessionId: `s-${userId}`, matches: new Map(), sender: null, windowStart: 0, frameCount: 0 }, send: (text: string) => sent.push(text), close: () => undefined } as unknown as RealtimeSocket;
  return { ws, sent };
}

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(10);
  }
}

describe("RedisPubSub", () => {
  test("a frame sent on one instance reaches a socket held by another instance", async () => {
    const one = new RedisPubSub(redisUrl);
    const two = new RedisPubSub(redisUrl);
    await Promise.all([one.ready(), two.ready()]);
    const hubOne = new RealtimeHub(one);
    const hubTwo = new RealtimeHub(two);
    const maria = fakeSocket("maria");
    hubTwo.add(maria.ws);
    hubOne.sendToUsers(["maria"], { type: "typing", matchId: "m1", userId: "yohanes" });
    await waitFor(() => maria.sent.length > 0);
    expect(JSON.parse(maria.sent[0]!)).toEqual({ type: "typing", matchId: "m1", userId: "yohanes" });
    hubOne.close();
    hubTwo.close();
    one.close();
    two.close();
  });

  test("forgetting a match on one instance clears it on the other", async () => {
    const one = new RedisPubSub(redisUrl);
    const two = new RedisPubSub(redisUrl);
    await Promise.all([one.ready(), two.ready()]);
    const hubOne = new RealtimeHub(one);
    const hubTwo = new RealtimeHub(two);
    const budi = fakeSocket("budi");
    budi.ws.data.matches.set("m2", "ana");
    hubTwo.add(budi.ws);
    hubOne.forgetMatch("m2", ["ana", "budi"]);
    await waitFor(() => budi.sent.length > 0);
    expect(budi.ws.data.matches.has("m2")).toBe(false);
    expect(JSON.parse(budi.sent[0]!)).toEqual({ type: "match_removed", matchId: "m2" });
    hubOne.close();
    hubTwo.close();
    one.close();
    two.close();
  });

  test("while Redis is away each instance serves its own sockets, says so once, and the fan-out returns with Redis", async () => {
    const one = new RedisPubSub(redisUrl);
    const two = new RedisPubSub(redisUrl);
    await Promise.all([one.ready(), two.ready()]);
    const hubOne = new RealtimeHub(one);
    const hubTwo = new RealtimeHub(two);
    const local = fakeSocket("local");
    const remote = fakeSocket("remote");
    hubOne.add(local.ws);
    hubTwo.add(remote.ws);
    try {
      const lines = await logLinesOf(async () => {
        redis!.kill();
        await redis!.exited;
        await waitFor(() => !one.connected && !two.connected);
        // Local delivery does not go through Redis.
        for (let i = 0; i < 3; i++) hubOne.sendToUsers(["local", "remote"], { type: "typing", matchId: "m3", userId: `while-down-${i}` });
        expect(local.sent.length).toBe(3);
        await Bun.sleep(300);
        expect(remote.sent).toEqual([]);

        redis = await startRedis(port, dir);
        await waitFor(() => one.connected && two.connected, 10_000);
        hubOne.sendToUsers(["remote"], { type: "typing", matchId: "m3", userId: "after" });
        await waitFor(() => remote.sent.length > 0);
        expect(JSON.parse(remote.sent[0]!)).toEqual({ type: "typing", matchId: "m3", userId: "after" });
        // The other way too: instance two's new subscription and publisher both work.
        hubTwo.sendToUsers(["local"], { type: "typing", matchId: "m3", userId: "from-two" });
        await waitFor(() => local.sent.length === 4);
      }, "info");
      const messages = lines.map((line) => line.msg);
      // Once per instance when it went, once when it came back; not once per retry or publish.
      expect(messages.filter((text) => String(text).includes("Redis is unreachable"))).toHaveLength(2);
      expect(messages.filter((text) => String(text).includes("Redis is back"))).toHaveLength(2);
    } finally {
      hubOne.close();
      hubTwo.close();
      one.close();
      two.close();
    }
  }, 30_000);
});

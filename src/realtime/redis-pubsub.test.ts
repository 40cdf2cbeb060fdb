/**
 * The Redis fan-out against a real redis-server (Debian's), started on a free loopback port.
 * Skipped, saying so, when redis-server is not installed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "../../e2e/support/server";
import { RedisPubSub } from "./redis-pubsub";
import { RealtimeHub, type RealtimeSocket } from "./hub";

const redisBinary = Bun.which("redis-server");
if (redisBinary === null) console.warn("redis-pubsub.test.ts: redis-server is not installed (apt-get install -y redis-server); the Redis tests are skipped.");

let redis: Subprocess | null = null;
let redisUrl = "";
let dir = "";

beforeAll(async () => {
  if (redisBinary === null) return;
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), "kasih-redis-"));
  redis = Bun.spawn([redisBinary, "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdout: "ignore", stderr: "ignore" });
  redisUrl = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      const probe = new RedisPubSub(redisUrl, "kasih:probe");
      await probe.ready();
      probe.close();
      return;
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new Error("redis-server did not start");
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

describe.skipIf(redisBinary === null)("RedisPubSub", () => {
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
});

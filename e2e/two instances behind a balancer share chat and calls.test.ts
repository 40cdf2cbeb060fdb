/**
 * Horizontal scale (docs/decisions/0100-operations.md): two app instances on one data directory
 * behind a balancer, with a real redis-server (Debian's) carrying what crosses instances. Ana's
 * browser is pinned to the first instance and Budi's to the second: they chat (message, read
 * receipt, typing) and call (ringing, WebRTC signalling, the end) across them. Then Redis stops:
 * each instance keeps serving its own members, and when Redis returns the fan-out comes back
 * without a restart, and the open chat gets what was sent meanwhile without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { startRedis } from "../src/testing/redis-server";
import { createAccount, signInContext, type Account } from "./support/accounts";
import { startBalancer, type Balancer } from "./support/balancer";
import { DESKTOP, openBrowser, PHONE, type Browser } from "./support/browser";
import { completeProfile, hydrated, matchPair } from "./support/members";
import { freePort, startServer, type RunningServer } from "./support/server";
import { waitUntil } from "./support/wait";

const MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

let redis: Subprocess;
let redisPort: number;
let redisDir: string;
let one: RunningServer;
let two: RunningServer;
let balancer: Balancer;
let origin: string;
let ana: Account;
let budi: Account;
let matchId: string;
let browserA: Browser;
let browserB: Browser;

beforeAll(async () => {
  redisPort = await freePort();
  redisDir = mkdtempSync(join(tmpdir(), "kasih-redis-"));
  redis = await startRedis(redisPort, redisDir);
  const balancerPort = await freePort();
  origin = `http://localhost:${balancerPort}`;
  const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, APP_ORIGIN: origin };
  one = await startServer({ env });
  two = await startServer({ env, dataDir: one.dataDir });
  balancer = startBalancer(balancerPort, [one.origin, two.origin]);

  ana = await createAccount(origin, { firstName: "Ana" });
  budi = await createAccount(origin, { firstName: "Budi" });
  browserA = await openBrowser({ viewport: PHONE, extraArgs: MEDIA_ARGS });
  browserB = await openBrowser({ viewport: DESKTOP, extraArgs: MEDIA_ARGS });
  await signInContext(browserA.context, origin, ana);
  await signInContext(browserB.context, origin, budi);
  // Each browser is pinned to its instance by the balancer.
  await browserA.context.addCookies([{ name: "kasih_instance", value: "0", url: origin }]);
  await browserB.context.addCookies([{ name: "kasih_instance", value: "1", url: origin }]);
  await browserA.page.goto(`${origin}/auth`);
  await completeProfile(origin, browserA.page, ana, "female", 330);
  await completeProfile(origin, browserA.page, budi, "male", 200);
  matchId = await matchPair(origin, ana, budi);
  await one.cli(["user", "premium", ana.email, "premium_plus"]);
}, 120_000);

afterAll(async () => {
  await browserA?.close();
  await browserB?.close();
  balancer?.stop();
  await two?.stop();
  await one?.stop();
  redis?.kill();
  rmSync(redisDir, { recursive: true, force: true });
});

/** Open sockets an instance reports (its /metrics, read from this machine). */
async function socketsOn(instance: RunningServer): Promise<number> {
  const text = await (await fetch(`${instance.origin}/metrics`)).text();
  return Number(/^kasih_websocket_connections (\d+)$/m.exec(text)?.[1] ?? -1);
}

async function openChats() {
  const a = browserA.page;
  const b = browserB.page;
  await a.goto(`${origin}/chat/${matchId}`);
  await b.goto(`${origin}/chat/${matchId}`);
  await Promise.all([hydrated(a, "chat-panel"), hydrated(b, "chat-panel")]);
  await waitUntil(async () => (await socketsOn(one)) === 1 && (await socketsOn(two)) === 1);
  return { a, b };
}

describe("two instances behind a balancer", () => {
  it("members on different instances chat live: the message, typing and the read receipt cross over", async () => {
    const { a, b } = await openChats();
    await a.locator("#chat-input").fill("Halo dari instance satu");
    await a.getByTestId("send").click();
    await b.locator(".chat-messages").getByText("Halo dari instance satu").waitFor({ timeout: 10_000 });
    await a.locator(`[data-testid="message"][data-state="read"]`).waitFor({ timeout: 10_000 });
    await b.locator("#chat-input").pressSequentially("Dari dua", { delay: 30 });
    await a.getByTestId("typing").waitFor({ timeout: 10_000 });
    await b.getByTestId("send").click();
    await a.locator(".chat-messages").getByText("Dari dua").waitFor({ timeout: 10_000 });
  }, 60_000);

  it("a call started on one instance rings, connects and ends on the other", async () => {
    const { a, b } = await openChats();
    await a.getByTestId("video-call").click();
    const incoming = b.getByTestId("incoming-call");
    await incoming.waitFor({ timeout: 10_000 });
    await incoming.getByRole("button", { name: "Accept" }).click();
    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="connected"]').waitFor({ timeout: 30_000 });
    await b.getByTestId("call-end").click();
    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="idle"]').waitFor({ state: "attached", timeout: 10_000 });
    await a.getByText(/Video call · 0:\d\d/).waitFor({ timeout: 10_000 });
    await b.getByText(/Video call · 0:\d\d/).waitFor({ timeout: 10_000 });
  }, 90_000);

  it("without Redis each instance serves its own members; when Redis returns, messages cross again", async () => {
    const { a, b } = await openChats();
    redis.kill();
    await redis.exited;
    await waitUntil(async () => [one, two].every((instance) => instance.logs.some((line) => line.includes("Redis is unreachable"))));

    // Ana's message is stored and shown to her (her own instance); Budi's instance cannot hear it live.
    await a.locator("#chat-input").fill("Saat Redis mati");
    await a.getByTestId("send").click();
    await a.locator(".chat-messages").getByText("Saat Redis mati").waitFor({ timeout: 10_000 });
    await Bun.sleep(1_000);
    expect(await b.locator(".chat-messages").getByText("Saat Redis mati").count()).toBe(0);

    redis = await startRedis(redisPort, redisDir);
    await waitUntil(async () => [one, two].every((instance) => instance.logs.some((line) => line.includes("Redis is back"))), 20_000);
    for (const instance of [one, two]) expect(instance.logs.filter((line) => line.includes("Redis is unreachable"))).toHaveLength(1);
    await a.locator("#chat-input").fill("Redis sudah kembali");
    await a.getByTestId("send").click();
    await b.locator(".chat-messages").getByText("Redis sudah kembali").waitFor({ timeout: 10_000 });
    // Nothing was lost meanwhile: Budi's open chat gets the message sent while Redis was down,
    // without a reload, once (decision 0118), and before the one sent after.
    await b.locator(".chat-messages").getByText("Saat Redis mati").waitFor({ timeout: 10_000 });
    await Bun.sleep(2_000);
    const texts = await b.locator(".chat-messages").getByTestId("message").allInnerTexts();
    const down = texts.findIndex((text) => text.includes("Saat Redis mati"));
    expect(texts.filter((text) => text.includes("Saat Redis mati"))).toHaveLength(1);
    expect(down).toBeLessThan(texts.findIndex((text) => text.includes("Redis sudah kembali")));
  }, 90_000);
});

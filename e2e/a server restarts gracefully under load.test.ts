/**
 * Restarts and crashes under write load (docs/decisions/0100-operations.md):
 * - SIGTERM stops accepting, lets requests in flight finish, closes pages' sockets with 1012 and
 *   closes the database: every write answered 2xx is stored, none got a 5xx or a reset, and an
 *   open chat page reconnects to the next server by itself and gets messages live again; mail a
 *   request started after its answer (a verification link) is still sent before the exit;
 * - kill -9 loses nothing acknowledged either, and the database passes integrity_check.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { apiAs, createAccount, signInContext, type Account } from "./support/accounts";
import { openBrowser, PHONE, type Browser } from "./support/browser";
import { completeProfile, hydrated, matchPair } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { startSmtpStandIn } from "../src/testing/smtp-stand-in";
import { waitUntil } from "./support/wait";
import { integrityOf, loadMembers, lostWrites, memberAddress, startWriteLoad, storedWrites } from "./support/write-load";

let server: RunningServer;
let browser: Browser;
let ana: Account;
let budi: Account;
let matchId: string;
let writers: Awaited<ReturnType<typeof loadMembers>>;

beforeAll(async () => {
  // Behind a proxy, as in production: each member writes from an address of their own.
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  browser = await openBrowser({ viewport: PHONE });
  ana = await createAccount(server.origin, { firstName: "Ana" });
  budi = await createAccount(server.origin, { firstName: "Budi" });
  await browser.page.goto(`${server.origin}/auth`);
  await completeProfile(server.origin, browser.page, ana, "female", 330);
  await completeProfile(server.origin, browser.page, budi, "male", 200);
  matchId = await matchPair(server.origin, ana, budi);
  writers = await loadMembers(server.origin, 8);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const database = () => join(server.dataDir, "kasih.db");

describe("restarts under load", () => {
  it("SIGTERM finishes every request in flight, closes sockets with 1012, and the page reconnects to the next server", async () => {
    await signInContext(browser.context, server.origin, ana);
    // The page's sockets, seen from inside it: how many opened, and the codes they closed with.
    await browser.context.addInitScript(() => {
      const seen = { opened: 0, closeCodes: [] as number[] };
      (window as unknown as { sockets: typeof seen }).sockets = seen;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener("open", () => seen.opened++);
          this.addEventListener("close", (event) => seen.closeCodes.push(event.code));
        }
      };
    });
    const sockets = () => browser.page.evaluate(() => (window as unknown as { sockets: { opened: number; closeCodes: number[] } }).sockets);
    const { page } = browser;
    await page.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(page, "chat-panel");
    await waitUntil(async () => (await sockets()).opened === 1);

    // The machine itself reads the metrics; through a proxy (X-Forwarded-For) they are refused.
    const metrics = await (await fetch(`${server.origin}/metrics`)).text();
    expect(metrics).toContain("kasih_websocket_connections 1");
    expect(Number(/kasih_db_query_duration_seconds_count\{kind="statement"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect((await fetch(`${server.origin}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.5" } })).status).toBe(403);

    const load = startWriteLoad(() => server.origin, writers);
    await Bun.sleep(1_500);
    const before = load.count;
    // Slow requests in flight when the signal lands: a sign-in hashes the password (argon2id).
    const signIns = writers.slice(0, 6).map(({ account }, index) =>
      fetch(`${server.origin}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.origin, "X-Forwarded-For": memberAddress(100 + index) },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }).then((response) => response.status),
    );
    await Bun.sleep(15);
    server.process.kill("SIGTERM");
    // Out of the balancer's rotation at once, while still answering.
    await Bun.sleep(100);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(503);
    const exitCode = await server.process.exited;
    await server.restart();
    await Bun.sleep(1_000);
    await load.stop();

    expect(exitCode).toBe(0);
    expect(await Promise.all(signIns)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(before).toBeGreaterThan(20);
    expect(load.count).toBeGreaterThan(before);
    const failures = [...load.outcomes].filter(([outcome]) => outcome !== "200" && outcome !== "ConnectionRefused" && outcome !== "ECONNREFUSED");
    expect(failures).toEqual([]);
    expect(lostWrites(load.acknowledged(), await storedWrites(database()))).toEqual([]);
    const lines = server.logs.map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toContain("stopped");

    // 1012 from the stopping server; then, with no second instance, the page's immediate retry may
    // find nobody listening yet (1006) before the successor answers.
    const [first, ...retries] = (await sockets()).closeCodes;
    expect(first).toBe(1012);
    expect(retries.every((code) => code === 1006)).toBe(true);
    // Reconnected by itself, and live again: Budi's message appears on Ana's open chat.
    await waitUntil(async () => (await sockets()).opened === 2);
    const text = `after the restart ${Date.now()}`;
    expect((await apiAs(server.origin, budi, "POST", `/api/matches/${matchId}/messages`, { content: text })).status).toBe(201);
    await page.getByText(text).waitFor({ timeout: 10_000 });
  }, 90_000);

  it("SIGTERM lets a verification mail still on its way to a slow relay finish: the member who just registered gets the link", async () => {
    // The relay answers "queued" 2.5 s after the data, later than the stop's 1 s grace: a server
    // that exited after its requests alone would hang up first, and the mail would be lost.
    const relay = await startSmtpStandIn({ acceptDelayMs: 2_500 });
    const mailing = await startServer({ env: { SMTP_URL: relay.url } });
    try {
      const maria = await createAccount(mailing.origin, { firstName: "Maria" });
      mailing.process.kill("SIGTERM");
      expect(await mailing.process.exited).toBe(0);
      expect(relay.messages.map((message) => message.to)).toEqual([[`<${maria.email}>`]]);
      expect(relay.messages[0]!.data).toContain("Subject: Confirm your email address for Kasih");
    } finally {
      await mailing.stop();
      await relay.close();
    }
  }, 60_000);

  it("kill -9 under write load: integrity_check ok and every acknowledged write present after a start", async () => {
    const load = startWriteLoad(() => server.origin, writers);
    await Bun.sleep(1_500);
    server.process.kill("SIGKILL");
    await server.process.exited;
    await load.stop();
    const acknowledged = load.acknowledged();
    expect(load.count).toBeGreaterThan(20);
    await server.restart();
    expect(await integrityOf(database())).toBe("ok");
    expect(lostWrites(acknowledged, await storedWrites(database()))).toEqual([]);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  }, 60_000);
});

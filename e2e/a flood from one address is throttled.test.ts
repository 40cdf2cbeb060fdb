/**
 * The API's flood guard (src/middleware/api-rate.ts): 1,000 requests a second from one address
 * for three seconds are answered with 429 beyond the address's allowance, while another member,
 * from another address, keeps getting quick answers. Behind a proxy, as in production
 * (TRUST_PROXY=1): the proxy names each caller in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createAccount, type Account } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let member: Account;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  member = await createAccount(server.origin);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const FLOOD_PER_SECOND = 1000;
const FLOOD_SECONDS = 3;

describe("a flood from one address", () => {
  it("is throttled with 429 while another member's calls stay fast (p99 < 100 ms)", async () => {
    const statuses = new Map<number, number>();
    let retryAfter: string | null = null;
    const started = performance.now();
    let sent = 0;
    // The flood: paced to 1,000 a second from 203.0.113.66, 40 requests in flight at most.
    const flooders = Array.from({ length: 40 }, async () => {
      while (performance.now() - started < FLOOD_SECONDS * 1000) {
        const due = started + (sent / FLOOD_PER_SECOND) * 1000;
        sent++;
        if (due > performance.now()) await Bun.sleep(due - performance.now());
        const response = await fetch(`${server.origin}/api/discovery`, { headers: { "X-Forwarded-For": "203.0.113.66" } });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 429) retryAfter ??= response.headers.get("Retry-After");
        await response.arrayBuffer();
      }
    });
    // The member, meanwhile: their own calls, one after another, from their own address.
    const latencies: number[] = [];
    const memberCalls = (async () => {
      await Bun.sleep(200);
      while (performance.now() - started < FLOOD_SECONDS * 1000) {
        const before = performance.now();
        const response = await fetch(`${server.origin}/api/auth/user`, { headers: { Cookie: member.cookie, "X-Forwarded-For": "198.51.100.20" } });
        await response.arrayBuffer();
        latencies.push(performance.now() - before);
        expect(response.status).toBe(200);
        await Bun.sleep(20);
      }
    })();
    await Promise.all([...flooders, memberCalls]);

    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(FLOOD_PER_SECOND * FLOOD_SECONDS * 0.8);
    // The burst allowance and the refill pass (401: no session); everything else is 429.
    expect(statuses.get(429) ?? 0).toBeGreaterThan(total * 0.8);
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
    console.log(`flood: ${total} requests (${statuses.get(429)} × 429); member: ${latencies.length} calls, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    expect(latencies.length).toBeGreaterThan(50);
    expect(p99).toBeLessThan(100);
    // The server counts what it refused.
    const metrics = await (await fetch(`${server.origin}/metrics`)).text();
    expect(Number(/^kasih_rate_limited_total (\d+)$/m.exec(metrics)?.[1])).toBe(statuses.get(429) ?? 0);
  }, 60_000);
});

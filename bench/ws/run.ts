/**
 * WebSocket benchmark (issue 6): runs the real server (src/main.ts serve) on a fresh DATA_DIR.
 *  1. 2,000 authenticated sockets in 1,000 matched pairs; 1,000 messages a second for
 *     BENCH_SECONDS (default 10) through `send_message`; delivery latency to the other person.
 *     Target: p99 < 50 ms.
 *  2. 10,000 idle authenticated sockets; the server's resident memory (VmRSS).
 *     Target: < 500 MB.
 * Users, sessions and matches are written straight into the database before the server starts
 * (registration's captcha and argon2 would dominate otherwise). Run: npm run bench:ws
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matches, sessions, users } from "../../db/schema";
import { freePort } from "../../e2e/support/server";
import { sessionIdFromToken } from "../../src/features/auth/session";
import { parseConfig } from "../../src/config";
import { newId, newToken } from "../../src/platform/ids";
import { openData } from "../../src/server";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1000);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const root = join(import.meta.dir, "..", "..");

const dataDir = mkdtempSync(join(tmpdir(), "kasih-bench-ws-"));
const port = await freePort();
const origin = `http://localhost:${port}`;
// 10,000 sockets opened from this one address are a flood by the per-address guard's rule; it is
// off here (API_RATE_PER_ADDRESS=0), to measure the sockets themselves.
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: origin, LOG_LEVEL: "warn", API_RATE_PER_ADDRESS: "0" };

// --- Seed: IDLE_SOCKETS users (premium, so the daily limit does not apply), sessions, matches.
const totalUsers = Math.max(IDLE_SOCKETS, PAIRS * 2);
const handle = await openData(parseConfig(env));
const now = new Date();
const tokens: string[] = [];
const ids: string[] = [];
for (let start = 0; start < totalUsers; start += 500) {
  const userRows = [];
  const sessionRows = [];
  for (let i = start; i < Math.min(totalUsers, start + 500); i++) {
    const id = newId();
    const token = newToken(20);
    ids.push(id);
    tokens.push(token);
    userRows.push({ id, email: `bench${i}@example.com`, firstName: `User${i}`, plan: "premium" as const, createdAt: now });
    sessionRows.push({ id: sessionIdFromToken(token), userId: id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  }
  await handle.db.batch([handle.db.insert(users).values(userRows), handle.db.insert(sessions).values(sessionRows)]);
}
const matchIds: string[] = [];
for (let start = 0; start < PAIRS; start += 500) {
  const rows = [];
  for (let p = start; p < Math.min(PAIRS, start + 500); p++) {
    const a = ids[2 * p]!;
    const b = ids[2 * p + 1]!;
    const id = newId();
    matchIds.push(id);
    rows.push({ id, user1Id: a < b ? a : b, user2Id: a < b ? b : a, createdAt: now });
  }
  await handle.db.insert(matches).values(rows);
}
handle.close();

// --- Server
const server = Bun.spawn([process.execPath, join(root, "src", "main.ts"), "serve"], { env, stdout: "ignore", stderr: "inherit", cwd: root });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {
    // not yet
  }
  if (i > 300) throw new Error("server did not start");
  await Bun.sleep(100);
}
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};
/** The server's CPU seconds so far (utime + stime): its own cost, whatever else runs on the box. */
const serverCpuSeconds = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];
console.log(`server pid ${server.pid}, RSS at start ${rssMb().toFixed(1)} MB`);

type Socket = WebSocket & { onFrame?: (frame: { type: string; message?: { content: string } }) => void };

function open(index: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: origin, Cookie: `kasih_session=${tokens[index]}` } } as unknown as string[]) as Socket;
    ws.onmessage = (event) => ws.onFrame?.(JSON.parse(String(event.data)));
    ws.onopen = () => resolve(ws);
    ws.onerror = () => reject(new Error(`socket ${index} failed`));
  });
}

async function openMany(from: number, to: number, batch = 250): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = from; start < to; start += batch) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(batch, to - start) }, (_, k) => open(start + k)))));
  }
  return sockets;
}

// --- 1. Delivery latency
let t0 = performance.now();
const active = await openMany(0, PAIRS * 2);
console.log(`opened ${active.length} sockets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const latencies: number[] = [];
let errors = 0;
for (const [index, ws] of active.entries()) {
  const isSender = index % 2 === 0;
  ws.onFrame = (frame) => {
    if (frame.type === "error") errors++;
    // The sender also gets its own message back; only the other person's copy counts.
    if (frame.type === "new_message" && !isSender && frame.message) latencies.push(performance.now() - Number(frame.message.content.split(" ")[1]));
  };
}
const total = RATE * SECONDS;
const cpuBefore = serverCpuSeconds();
t0 = performance.now();
let sent = 0;
await new Promise<void>((resolve) => {
  const tickMs = 10;
  const perTick = RATE / (1000 / tickMs);
  const timer = setInterval(() => {
    const due = Math.min(total, Math.round(((performance.now() - t0) / 1000) * RATE));
    for (let n = 0; sent < due && n < perTick * 4; n++, sent++) {
      const pair = sent % PAIRS;
      active[2 * pair]!.send(JSON.stringify({ type: "send_message", matchId: matchIds[pair], content: `t ${performance.now()}` }));
    }
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, tickMs);
});
const sendSeconds = (performance.now() - t0) / 1000;
const deadline = Date.now() + 10_000;
while (latencies.length + errors < total && Date.now() < deadline) await Bun.sleep(50);
const cpuUsed = serverCpuSeconds() - cpuBefore;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
console.log(`\n1. ${PAIRS * 2} sockets, ${sent} messages in ${sendSeconds.toFixed(1)} s (${(sent / sendSeconds).toFixed(0)}/s)`);
console.log(`   delivered ${latencies.length}/${sent}, errors ${errors}`);
console.log(`   delivery latency ms: p50 ${pct(50).toFixed(1)}  p90 ${pct(90).toFixed(1)}  p99 ${pct(99).toFixed(1)}  max ${latencies.at(-1)?.toFixed(1)}`);
console.log(`   server CPU ${cpuUsed.toFixed(2)} s for ${sent} messages = ${((cpuUsed / sent) * 1000).toFixed(3)} ms per message (${((cpuUsed / sendSeconds) * 100).toFixed(0)}% of one core); load average ${loadAverage()}`);
const latencyOk = pct(99) < 50;
console.log(`   p99 < 50 ms: ${latencyOk ? "PASS" : "FAIL"}`);
for (const ws of active) ws.onFrame = undefined;

// --- 2. Idle sockets and memory
t0 = performance.now();
const idle = await openMany(PAIRS * 2, IDLE_SOCKETS);
const all = active.length + idle.length;
await Bun.sleep(2000);
const rss = rssMb();
console.log(`\n2. ${all} idle authenticated sockets (opened the extra ${idle.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
console.log(`   server VmRSS ${rss.toFixed(1)} MB — < 500 MB: ${rss < 500 ? "PASS" : "FAIL"}`);
const exitCode = latencyOk && rss < 500 ? 0 : 1;

for (const ws of [...active, ...idle]) ws.close();
server.kill();
await server.exited;
rmSync(dataDir, { recursive: true, force: true });
process.exit(exitCode);

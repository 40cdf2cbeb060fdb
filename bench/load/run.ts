/**
 * bench/load: how many members one box carries. Simulated members, each behaving like a real one
 * on the real server (src/main.ts serve with NODE_ENV=production, as the built binary runs, and a
 * file database with the production pragmas):
 *   - a WebSocket open the whole time, answering every message it receives with a read receipt;
 *   - on each navigation (every 30 s): GET /api/auth/user and the page (Discover or the chat);
 *   - Discover every 60 s (GET /api/discovery?limit=20), a swipe every 3 s on those cards;
 *   - a chat message every 15 s to their match (POST, as the chat page sends).
 * The community: the demo data set scaled to 100,000 members and 2,000,000 swipes
 * (bench/support/members-dataset.ts); the simulated members are Premium (no daily limits) and
 * matched in pairs. Each comes from its own address through the proxy (TRUST_PROXY, as in
 * production), so the per-address flood guard sees members, not the benchmark.
 *
 * It ramps the number of members step by step, holding each for BENCH_HOLD seconds, until the p99
 * of any call passes 100 ms or any error appears, and prints the largest number held, p50/p95/p99
 * per call, errors, the server's CPU and memory; then the same against two instances on one data
 * directory with a real redis-server (members alternate between them, as a balancer would spread
 * them). The curve is written to bench/load/capacity.svg.
 * Target on the 2-core machine: 3,000 members held with p99 < 100 ms and no errors (stretch 5,000).
 *
 *   npm run bench:load     (BENCH_STEPS=500,1000,2000 BENCH_HOLD=60 BENCH_INSTANCES=1,2
 *                           BENCH_USERS=100000 to change)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { parseConfig } from "../../src/config";
import { openData } from "../../src/server";
import { createSession } from "../../src/features/auth/session";
import { systemClock } from "../../src/platform/clock";
import { newId } from "../../src/platform/ids";
import { startRedis } from "../../src/testing/redis-server";
import { freePort } from "../../e2e/support/server";
import { buildClient } from "../../scripts/build-islands";
import { generateMembers } from "../support/members-dataset";
import { drawCapacityChart } from "./chart";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const STEPS = (process.env.BENCH_STEPS ?? "500,1000,2000,3000,4000,5000,6000").split(",").map(Number);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD ?? 60);
const INSTANCE_COUNTS = (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number);
const JOIN_PER_SECOND = 25;
const SETTLE_SECONDS = 15;
const P99_LIMIT_MS = 100;
const TARGET = 3000;
const ROOT = join(import.meta.dir, "..", "..");

type CallName = "GET /api/auth/user" | "GET page" | "GET /api/discovery" | "POST /api/swipe" | "POST message" | "ws read receipt";
const CALLS: CallName[] = ["GET /api/auth/user", "GET page", "GET /api/discovery", "POST /api/swipe", "POST message", "ws read receipt"];

interface Member {
  index: number;
  id: string;
  cookie: string;
  matchId: string;
  address: string;
}

// ---- the community ------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), "kasih-bench-load-"));
const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const members: Member[] = [];
{
  console.log(`bench/load: generating ${USERS.toLocaleString()} members and ${(USERS * 20).toLocaleString()} swipes`);
  const started = performance.now();
  const handle = await openData(config);
  const now = Date.now();
  await generateMembers(handle.client, { users: USERS, swipesPerUser: 20, now });
  // The simulated members: spread over the community, never a banned one, in pairs of a woman
  // (odd i) and a man (the next i), Premium, matched, each with a session.
  const maxMembers = Math.max(...STEPS);
  const stride = Math.max(2, Math.floor(USERS / maxMembers / 2) * 2);
  const ids: number[] = [];
  for (let i = 1; ids.length < maxMembers && i + 1 <= USERS; i += stride) if (i % 500 !== 0 && (i + 1) % 500 !== 0) ids.push(i, i + 1);
  await handle.client.execute(`update users set plan = 'premium', plan_expires_at = null where id in (${ids.map((i) => `'u${i}'`).join(",")})`);
  const matchRows: string[] = [];
  const matchIds: string[] = [];
  for (let k = 0; k < ids.length; k += 2) {
    const [a, b] = [`u${ids[k]}`, `u${ids[k + 1]}`].sort();
    matchIds.push(newId());
    matchRows.push(`('${matchIds.at(-1)}', '${a}', '${b}', ${now})`);
  }
  await handle.client.execute(`insert into matches (id, user1_id, user2_id, created_at) values ${matchRows.join(",")}`);
  for (const [position, i] of ids.entries()) {
    const { token } = await createSession(handle.db, systemClock, `u${i}`, false);
    members.push({ index: i, id: `u${i}`, cookie: `kasih_session=${token}`, matchId: matchIds[position >> 1]!, address: `10.${(position >> 16) & 255}.${(position >> 8) & 255}.${position & 255}` });
  }
  await handle.client.execute("analyze");
  await handle.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  handle.close();
  console.log(`  ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${members.length.toLocaleString()} simulated members in ${members.length / 2} matched pairs`);
}
await buildClient({ quiet: true });
// The generator leaves hundreds of MB of dirty pages; the kernel writing them back would throttle
// the server's first minutes of writes (seen as 2 s stalls). Flushed first, so the run measures
// the server and not the generator's writeback.
Bun.spawnSync(["sync"]);

// ---- servers ------------------------------------------------------------------------------

interface Instance {
  origin: string;
  process: Subprocess;
}

async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  // BENCH_CPU_PROF=DIR: each server writes a CPU profile there when it stops (where the time goes).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = Bun.spawn([process.execPath, ...profile, join(ROOT, "src", "main.ts"), "serve"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, TRUST_PROXY: "1", LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdout: "ignore",
    stderr: "inherit",
    cwd: ROOT,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, process: child };
    } catch {
      // not yet
    }
    await Bun.sleep(100);
  }
  throw new Error("the server did not start");
}

/** CPU seconds of a process, and of its JavaScript thread alone (the thread whose id is the pid), from /proc. */
async function usage(pid: number): Promise<{ cpuSeconds: number; jsThreadSeconds: number; rssMb: number }> {
  const ticksIn = async (file: string) => {
    const stat = (await Bun.file(file).text()).split(") ")[1]!.split(" ");
    return Number(stat[11]) + Number(stat[12]);
  };
  const rss = /VmRSS:\s+(\d+) kB/.exec(await Bun.file(`/proc/${pid}/status`).text())?.[1];
  return { cpuSeconds: (await ticksIn(`/proc/${pid}/stat`)) / 100, jsThreadSeconds: (await ticksIn(`/proc/${pid}/task/${pid}/stat`)) / 100, rssMb: Number(rss) / 1024 };
}

/** The machine's busy and total CPU ticks (all cores), from /proc/stat. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const fields = (await Bun.file("/proc/stat").text()).split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the not-busy columns
  return { busy: total - fields[3]! - fields[4]!, total };
}

// ---- simulated members -------------------------------------------------------------------

class Recorder {
  samples = new Map<CallName, number[]>(CALLS.map((name) => [name, []]));
  errors = new Map<string, number>();
  recording = false;

  record(name: CallName, ms: number) {
    if (this.recording) this.samples.get(name)!.push(ms);
  }

  error(what: string) {
    if (this.recording) this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }

  reset() {
    for (const list of this.samples.values()) list.length = 0;
    this.errors.clear();
  }
}

function startMember(member: Member, origin: string, appOrigin: string, recorder: Recorder): () => void {
  const timers: ReturnType<typeof setInterval>[] = [];
  const headers = { Cookie: member.cookie, Origin: appOrigin, "X-Forwarded-For": member.address };
  let stopped = false;
  let deck: string[] = [];
  const swiped = new Set<string>();
  /** Sent read receipts waiting for the server's message_read echo. */
  const receipts: number[] = [];

  const call = async (name: CallName, path: string, init: RequestInit = {}, expected = [200]) => {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${path}`, { ...init, headers: { ...headers, ...(init.body ? { "Content-Type": "application/json" } : {}) } });
      const body = await response.text();
      recorder.record(name, performance.now() - started);
      if (!expected.includes(response.status)) recorder.error(`${name} → ${response.status} ${body.slice(0, 80)}`);
      return response.ok ? body : null;
    } catch (error) {
      if (!stopped) recorder.error(`${name} → ${(error as { code?: string }).code ?? (error as Error).message}`);
      return null;
    }
  };

  const socket = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers } as unknown as string[]);
  socket.onmessage = (event) => {
    const frame = JSON.parse(String(event.data)) as { type: string; matchId?: string; readerId?: string; message?: { senderId: string } };
    if (frame.type === "new_message" && frame.message?.senderId !== member.id) {
      receipts.push(performance.now());
      socket.send(JSON.stringify({ type: "read", matchId: member.matchId }));
    }
    // The read receipt's round trip: the reader's own pages hear message_read too.
    if (frame.type === "message_read" && frame.readerId === member.id && receipts.length > 0) recorder.record("ws read receipt", performance.now() - receipts.shift()!);
  };
  socket.onclose = (event) => {
    if (!stopped) recorder.error(`ws closed ${event.code}`);
  };

  const navigate = async (page: string) => {
    await call("GET /api/auth/user", "/api/auth/user");
    await call("GET page", page);
  };
  const discover = async () => {
    const body = await call("GET /api/discovery", "/api/discovery?limit=20");
    // Cards already swiped (a deck fetched while a swipe was on its way) are skipped, as the page does.
    if (body !== null) deck = (JSON.parse(body) as { id: string }[]).map((card) => card.id).filter((id) => !swiped.has(id));
  };
  const swipe = async () => {
    const target = deck.shift();
    if (target === undefined) return;
    swiped.add(target);
    await call("POST /api/swipe", "/api/swipe", { method: "POST", body: JSON.stringify({ swipedId: target, isLike: Math.random() < 0.6 }) });
  };
  const message = () => call("POST message", `/api/matches/${member.matchId}/messages`, { method: "POST", body: JSON.stringify({ content: "Selamat pagi! Ibadah Minggu ini di mana?" }) }, [201]);

  // Staggered, as real members are: nobody starts in step with anyone else.
  const offset = Math.random();
  const every = (seconds: number, run: () => unknown) =>
    timers.push(
      setTimeout(() => {
        if (stopped) return;
        void run();
        timers.push(setInterval(() => void run(), seconds * 1000));
      }, offset * seconds * 1000) as unknown as ReturnType<typeof setInterval>,
    );
  void navigate("/swipe").then(discover);
  let onChat = false;
  every(30, () => navigate((onChat = !onChat) ? `/chat/${member.matchId}` : "/swipe"));
  every(60, discover);
  every(3, swipe);
  every(15, message);
  return () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    socket.close();
  };
}

// ---- the ramp ------------------------------------------------------------------------------

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface StepResult {
  members: number;
  calls: Record<CallName, { count: number; p50: number; p95: number; p99: number }>;
  errors: Map<string, number>;
  cpuPercent: number;
  /** The server's JavaScript thread: requests, SQLite and rendering all run on it, so it sets the limit. */
  jsThreadPercent: number;
  /** The whole machine's CPU in use, of all its cores. */
  machinePercent: number;
  rssMb: number;
  /** The simulated members' own CPU: they share the machine's two cores with the server. */
  harnessCpuPercent: number;
  held: boolean;
}

async function ramp(instanceCount: number): Promise<StepResult[]> {
  const appPort = await freePort();
  const appOrigin = `http://localhost:${appPort}`;
  let redis: Subprocess | null = null;
  let redisDir = "";
  const env: Record<string, string> = { APP_ORIGIN: appOrigin };
  if (instanceCount > 1) {
    const redisPort = await freePort();
    redisDir = mkdtempSync(join(tmpdir(), "kasih-bench-redis-"));
    redis = await startRedis(redisPort, redisDir);
    env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  }
  const instances: Instance[] = [await startInstance(appPort, env)];
  for (let i = 1; i < instanceCount; i++) instances.push(await startInstance(await freePort(), env));
  const recorder = new Recorder();
  const stops: (() => void)[] = [];
  const results: StepResult[] = [];
  try {
    for (const target of STEPS) {
      if (target > members.length) break;
      // New members join at JOIN_PER_SECOND (each joins with a page, a deck and a socket, the
      // costliest moment of a session), then the server settles before measuring: the figure is
      // the steady state of that many members, not the queue a crowd arriving at once leaves.
      const adding = members.slice(stops.length, target);
      for (const [position, member] of adding.entries()) {
        // Alternating by the member's place in the whole crowd, as a balancer spreads them.
        const instance = instances[stops.length % instances.length]!;
        stops.push(startMember(member, instance.origin, appOrigin, recorder));
        if (position % 10 === 9) await Bun.sleep((1000 * 10) / JOIN_PER_SECOND);
      }
      await Bun.sleep(SETTLE_SECONDS * 1000);
      recorder.reset();
      recorder.recording = true;
      const before = await Promise.all(instances.map((instance) => usage(instance.process.pid)));
      const machineBefore = await machineTicks();
      const harnessBefore = process.cpuUsage();
      await Bun.sleep(HOLD_SECONDS * 1000);
      recorder.recording = false;
      const after = await Promise.all(instances.map((instance) => usage(instance.process.pid)));
      const machineAfter = await machineTicks();
      const harness = process.cpuUsage(harnessBefore);
      const calls = Object.fromEntries(
        CALLS.map((name) => {
          const sorted = [...recorder.samples.get(name)!].sort((a, b) => a - b);
          return [name, { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }];
        }),
      ) as StepResult["calls"];
      const result: StepResult = {
        members: target,
        calls,
        errors: new Map(recorder.errors),
        cpuPercent: after.reduce((sum, now, i) => sum + ((now.cpuSeconds - before[i]!.cpuSeconds) / HOLD_SECONDS) * 100, 0),
        // Of several instances, the busiest one's.
        jsThreadPercent: Math.max(...after.map((now, i) => ((now.jsThreadSeconds - before[i]!.jsThreadSeconds) / HOLD_SECONDS) * 100)),
        machinePercent: (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total),
        rssMb: after.reduce((sum, now) => sum + now.rssMb, 0),
        harnessCpuPercent: ((harness.user + harness.system) / 1e6 / HOLD_SECONDS) * 100,
        held: false,
      };
      result.held = result.errors.size === 0 && CALLS.every((name) => !(calls[name].p99 >= P99_LIMIT_MS));
      results.push(result);
      printStep(instanceCount, result);
      if (!result.held) break;
    }
  } finally {
    for (const stop of stops) stop();
    await Bun.sleep(500);
    // SIGTERM: the graceful stop, which also lets a CPU profile be written.
    for (const instance of instances) instance.process.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.process.exited));
    redis?.kill();
    if (redisDir) rmSync(redisDir, { recursive: true, force: true });
  }
  return results;
}

const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(1));

function printStep(instanceCount: number, step: StepResult) {
  console.log(`\n${instanceCount} instance${instanceCount > 1 ? "s" : ""}, ${step.members.toLocaleString()} members held ${HOLD_SECONDS} s: ${step.held ? "held" : "NOT held"} · server CPU ${step.cpuPercent.toFixed(0)} % of one core (its JavaScript thread ${step.jsThreadPercent.toFixed(0)} %) · machine ${step.machinePercent.toFixed(0)} % of ${cpus().length} cores · memory ${step.rssMb.toFixed(0)} MB · simulated members' CPU ${step.harnessCpuPercent.toFixed(0)} %`);
  console.log("  call                     count     p50 ms   p95 ms   p99 ms");
  for (const name of CALLS) {
    const c = step.calls[name];
    console.log(`  ${name.padEnd(22)} ${String(c.count).padStart(7)} ${ms(c.p50).padStart(9)} ${ms(c.p95).padStart(8)} ${ms(c.p99).padStart(8)}`);
  }
  if (step.errors.size > 0) console.log(`  errors: ${[...step.errors].map(([what, count]) => `${what} ×${count}`).join(", ")}`);
}

const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
console.log(`  load average before measuring: ${load} (${navigator.hardwareConcurrency} cores; the simulated members run on the same machine)`);
const curves: { instances: number; steps: StepResult[] }[] = [];
try {
  for (const count of INSTANCE_COUNTS) curves.push({ instances: count, steps: await ramp(count) });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("");
for (const { instances, steps } of curves) {
  const held = steps.filter((step) => step.held).at(-1)?.members ?? 0;
  console.log(`${instances} instance${instances > 1 ? "s" : ""}: largest number of members held ${HOLD_SECONDS} s with every p99 < ${P99_LIMIT_MS} ms and no errors: ${held.toLocaleString()} (target ${TARGET.toLocaleString()}, ratio ${(held / TARGET).toFixed(2)})`);
}
const chart = join(import.meta.dir, "capacity.svg");
writeFileSync(chart, drawCapacityChart(curves.map(({ instances, steps }) => ({ label: instances > 1 ? `${instances} instances (Redis)` : "1 instance", points: steps.map((step) => ({ members: step.members, p99: Math.max(...CALLS.map((name) => step.calls[name].p99).filter((value) => !Number.isNaN(value))), held: step.held })) })), P99_LIMIT_MS));
console.log(`chart: ${chart}`);
const first = curves[0]?.steps.filter((step) => step.held).at(-1)?.members ?? 0;
if (first < TARGET) process.exitCode = 1;

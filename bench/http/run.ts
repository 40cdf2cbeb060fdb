/**
 * bench/http: requests per second of the signed-in GET /api/auth/user (session cookie lookup,
 * user row, profile, today's usage, through the Hono app) against a bare Bun.serve JSON response, measured with wrk
 * on this machine in the same run. Target: the app reaches at least 0.5 of the bare figure.
 *
 *   npm run bench:http            (BENCH_DURATION=10s BENCH_CONNECTIONS=32 BENCH_ROUNDS=3 to change)
 *
 * Rounds alternate bare/app so a noisy neighbour hurts both; the best round of each is reported.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "../../e2e/support/server";
import { createAccount } from "../../e2e/support/accounts";

const root = join(import.meta.dir, "..", "..");
const bun = join(root, "node_modules", ".bin", "bun");
const duration = process.env.BENCH_DURATION ?? "8s";
const connections = process.env.BENCH_CONNECTIONS ?? "32";
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const target = 0.5;

function ensureWrk(): string {
  const found = Bun.which("wrk");
  if (found) return found;
  console.log("wrk is missing: apt-get install -y wrk");
  const install = Bun.spawnSync(["apt-get", "install", "-y", "wrk"], { stdout: "inherit", stderr: "inherit" });
  const installed = Bun.which("wrk");
  if (install.exitCode !== 0 || !installed) throw new Error("could not install wrk; install it and run again");
  return installed;
}

async function waitFor(url: string, child: Subprocess) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 30 s`);
    await Bun.sleep(50);
  }
}

function runWrk(wrk: string, url: string, headers: string[] = [], time = duration): { rps: number; non2xx: number; latency: string } {
  const args = [wrk, "-t1", `-c${connections}`, `-d${time}`, "--latency", ...headers.flatMap((header) => ["-H", header]), url];
  const result = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
  const output = result.stdout.toString();
  if (result.exitCode !== 0) throw new Error(`wrk failed: ${result.stderr.toString()}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const latency = /\n\s+50%\s+(\S+)[\s\S]*?\n\s+99%\s+(\S+)/.exec(output);
  return { rps, non2xx, latency: latency ? `p50 ${latency[1]}, p99 ${latency[2]}` : "" };
}

const wrk = ensureWrk();
const dataDir = mkdtempSync(join(tmpdir(), "kasih-bench-http-"));
const appPort = await freePort();
const barePort = await freePort();
const origin = `http://127.0.0.1:${appPort}`;
// One address at tens of thousands of requests a second is what the flood guard refuses by
// design: it is off here (API_RATE_PER_ADDRESS=0), to measure the route itself.
const app = Bun.spawn([bun, join(root, "src", "main.ts"), "serve"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(appPort), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: origin, LOG_LEVEL: "warn", API_RATE_PER_ADDRESS: "0" },
  stdout: "ignore",
  stderr: "inherit",
});
const bare = Bun.spawn([bun, join(import.meta.dir, "bare-server.ts"), String(barePort)], { stdout: "ignore", stderr: "inherit" });

try {
  await waitFor(`${origin}/healthz`, app);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare);

  // A real member: registered through the captcha, then signed in like the /auth page does.
  const account = await createAccount(origin);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith("kasih_session="))!.split(";")[0]!;
  const check = await fetch(`${origin}/api/auth/user`, { headers: { Cookie: cookie } });
  if (check.status !== 200) throw new Error(`GET /api/auth/user answered ${check.status}`);

  const appUrl = `${origin}/api/auth/user`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  // Warm-up: JIT, statement caches, SQLite page cache.
  runWrk(wrk, bareUrl, [], "2s");
  runWrk(wrk, appUrl, [`Cookie: ${cookie}`], "2s");

  const bareRuns: number[] = [];
  const appRuns: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const b = runWrk(wrk, bareUrl);
    const a = runWrk(wrk, appUrl, [`Cookie: ${cookie}`]);
    if (a.non2xx > 0) throw new Error(`${a.non2xx} responses of GET /api/auth/user were not 200: the session did not hold`);
    bareRuns.push(b.rps);
    appRuns.push(a.rps);
    console.log(`round ${round}: bare ${b.rps.toFixed(0)} req/s (${b.latency}) · app ${a.rps.toFixed(0)} req/s (${a.latency}) · ratio ${(a.rps / b.rps).toFixed(2)}`);
  }
  // For the analysis only: the same route signed out (401 before any session work), and the
  // cheapest route of the Hono app with its whole middleware chain.
  const signedOut = runWrk(wrk, appUrl);
  const throughHono = runWrk(wrk, `${origin}/healthz`);
  const bestBare = Math.max(...bareRuns);
  const bestApp = Math.max(...appRuns);
  const ratio = bestApp / bestBare;
  console.log("");
  console.log(`wrk -t1 -c${connections} -d${duration}, ${rounds} rounds, best of each`);
  console.log(`bare Bun.serve JSON:        ${bestBare.toFixed(0)} req/s`);
  console.log(`GET /api/auth/user (signed in): ${bestApp.toFixed(0)} req/s`);
  console.log(`ratio: ${ratio.toFixed(2)} (target ≥ ${target}) ${ratio >= target ? "PASS" : "FAIL"}`);
  console.log(`(same route signed out, 401 before any session work: ${signedOut.rps.toFixed(0)} req/s, ${(signedOut.rps / bestBare).toFixed(2)} of bare)`);
  console.log(`(GET /healthz through the Hono app's middleware chain: ${throughHono.rps.toFixed(0)} req/s, ${(throughHono.rps / bestBare).toFixed(2)} of bare)`);
  process.exitCode = ratio >= target ? 0 : 1;
} finally {
  app.kill();
  bare.kill();
  await Promise.all([app.exited, bare.exited]);
  rmSync(dataDir, { recursive: true, force: true });
}

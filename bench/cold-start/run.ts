/**
 * bench/cold-start: time from spawning the compiled binary (dist/kasih) with an EMPTY data
 * directory to its first 200 on /healthz: process start, unpacking libSQL's addon, creating the
 * database, applying every migration, generating the secrets, binding the port.
 * Target: under 500 ms (median of the runs).
 *
 * Then the commands at the terminal, on a data directory that has a member: time from the spawn
 * to the first line of output, and to the exit; same target (docs/decisions/0117).
 *
 *   npm run bench:cold-start        (BENCH_RUNS=7 to change; builds dist/kasih when stale)
 *   BENCH_BINARY=/path/to/kasih     times that binary instead (an older build, to compare)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBinary } from "../../scripts/build";
import { freePort } from "../../e2e/support/server";
import { openDatabase } from "../../db/client";
import { users } from "../../db/schema";
import { newId } from "../../src/platform/ids";

const runs = Number(process.env.BENCH_RUNS ?? 7);
const targetMs = 500;

const binary = process.env.BENCH_BINARY ?? (await ensureBinary());

async function coldStart(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "kasih-bench-cold-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  const started = performance.now();
  const child = Bun.spawn([binary, "serve"], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", DATA_DIR: join(dataDir, "data"), PORT: String(port), HOST: "127.0.0.1" },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the binary exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error("no 200 on /healthz within 30 s");
      await Bun.sleep(2);
    }
  } finally {
    child.kill();
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Spawn → first byte on stdout or stderr, and → exit, of one command at the terminal. */
async function timeCommand(args: string[], env: Record<string, string>): Promise<{ firstLineMs: number; exitMs: number; code: number }> {
  const started = performance.now();
  const child = Bun.spawn([binary, ...args], { env, stdout: "pipe", stderr: "pipe" });
  let firstLineMs = Number.NaN;
  const firstByte = (stream: ReadableStream<Uint8Array>) =>
    (async () => {
      for await (const chunk of stream) if (chunk.length > 0 && Number.isNaN(firstLineMs)) firstLineMs = performance.now() - started;
    })();
  await Promise.all([firstByte(child.stdout), firstByte(child.stderr)]);
  const code = await child.exited;
  return { firstLineMs, exitMs: performance.now() - started, code };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const times: number[] = [];
for (let run = 1; run <= runs; run++) {
  const ms = await coldStart();
  times.push(ms);
  console.log(`run ${run}: ${ms.toFixed(0)} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
const serveMedian = median(times);
console.log("");
console.log(`cold start of dist/kasih to the first 200 on /healthz (empty DATA_DIR), ${runs} runs`);
console.log(`median ${serveMedian.toFixed(0)} ms · min ${sorted[0]!.toFixed(0)} ms · max ${sorted.at(-1)!.toFixed(0)} ms`);
console.log(`target < ${targetMs} ms: ${serveMedian < targetMs ? "PASS" : "FAIL"} (ratio to target ${(serveMedian / targetMs).toFixed(2)})`);

// The commands, on a data directory with its database migrated and one member.
const scratch = mkdtempSync(join(tmpdir(), "kasih-bench-cli-"));
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", DATA_DIR: join(scratch, "data") };
const email = "bench-cli@example.com";
let allPass = serveMedian < targetMs;
try {
  if ((await timeCommand(["migrate"], env)).code !== 0) throw new Error("kasih migrate failed");
  const handle = await openDatabase(`file:${join(scratch, "data", "kasih.db")}`);
  await handle.db.insert(users).values({ id: newId(), email, passwordHash: null, firstName: "Bench" });
  handle.close();
  // `after`: untimed, so that the next run finds the account as the first did.
  const commands: { label: string; args: () => string[]; after?: string[] }[] = [
    { label: "kasih --help", args: () => ["--help"] },
    { label: "kasih user premium EMAIL premium", args: () => ["user", "premium", email, "premium"] },
    { label: "kasih user ban EMAIL", args: () => ["user", "ban", email, "bench"], after: ["user", "unban", email] },
    { label: "kasih backup FILE", args: () => ["backup", join(scratch, `backup-${newId()}.db`)] },
  ];
  console.log("");
  console.log(`commands at the terminal, ${runs} runs each: median to the first line of output / to the exit`);
  for (const command of commands) {
    const firstLines: number[] = [];
    const exits: number[] = [];
    const codes = new Set<number>();
    for (let run = 0; run < runs; run++) {
      const timing = await timeCommand(command.args(), env);
      if (command.after !== undefined) await timeCommand(command.after, env);
      codes.add(timing.code);
      firstLines.push(timing.firstLineMs);
      exits.push(timing.exitMs);
    }
    const first = median(firstLines);
    // A command that failed counts as a failure whatever its time (an older binary without --help exits 2).
    const pass = first < targetMs && [...codes].every((code) => code === 0);
    allPass &&= pass;
    const failed = [...codes].filter((code) => code !== 0);
    console.log(`${command.label.padEnd(36)} ${first.toFixed(0).padStart(4)} ms / ${median(exits).toFixed(0).padStart(4)} ms   target < ${targetMs} ms: ${pass ? "PASS" : "FAIL"} (ratio ${(first / targetMs).toFixed(2)})${failed.length > 0 ? ` exit code ${failed.join(", ")}` : ""}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = allPass ? 0 : 1;

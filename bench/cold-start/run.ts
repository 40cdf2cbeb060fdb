/**
 * bench/cold-start: time from spawning the compiled binary (dist/kasih) with an EMPTY data
 * directory to its first 200 on /healthz: process start, unpacking libSQL's addon, creating the
 * database, applying every migration, generating the secrets, binding the port.
 * Target: under 500 ms (median of the runs).
 *
 *   npm run bench:cold-start        (BENCH_RUNS=7 to change; builds dist/kasih when stale)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBinary } from "../../scripts/build";
import { freePort } from "../../e2e/support/server";

const runs = Number(process.env.BENCH_RUNS ?? 7);
const targetMs = 500;

const binary = await ensureBinary();

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

const times: number[] = [];
for (let run = 1; run <= runs; run++) {
  const ms = await coldStart();
  times.push(ms);
  console.log(`run ${run}: ${ms.toFixed(0)} ms`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log("");
console.log(`cold start of dist/kasih to the first 200 on /healthz (empty DATA_DIR), ${runs} runs`);
console.log(`median ${median.toFixed(0)} ms · min ${sorted[0]!.toFixed(0)} ms · max ${sorted.at(-1)!.toFixed(0)} ms`);
console.log(`target < ${targetMs} ms: ${median < targetMs ? "PASS" : "FAIL"} (ratio to target ${(median / targetMs).toFixed(2)})`);
process.exitCode = median < targetMs ? 0 : 1;

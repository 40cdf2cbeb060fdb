/**
 * The end-to-end phase of `npm test` (docs/decisions/0115-browser-tests-without-the-flake.md):
 * the binary built once, then the files two at a time in bun's worker processes (most of a
 * browser test's time is spent waiting on Chromium and the server, so two share two cores well),
 * slowest first by e2e/timings.json; then, alone, the files that measure latency and would
 * measure the other worker instead. Prints bun's "N pass" / "N fail" for the whole phase last.
 *
 *   node_modules/.bin/bun e2e/run.ts [file …]     (default: every e2e/*.test.ts)
 *   node_modules/.bin/bun e2e/run.ts --update-timings   (also rewrites e2e/timings.json)
 */
import { availableParallelism } from "node:os";
import { basename, join, relative } from "node:path";
import { ensureBinary } from "../scripts/build";

/** Files whose assertions are about time on a quiet machine: never beside another file. */
const ALONE = new Set(["a flood from one address is throttled.test.ts"]);
const WORKERS = Math.max(1, Math.min(2, availableParallelism()));
const TIMEOUT_MS = 120_000;

const root = join(import.meta.dir, "..");
const timings = join(import.meta.dir, "timings.json");
const args = process.argv.slice(2);
const updateTimings = args.includes("--update-timings");
const named = args.filter((arg) => !arg.startsWith("--"));
const files = named.length > 0 ? named.map((file) => relative(root, join(process.cwd(), file))) : [...new Bun.Glob("e2e/*.test.ts").scanSync({ cwd: root })].sort();

const started = performance.now();
// Both binary test files need dist/kasih; built here once, they find it fresh instead of both
// compiling it at the same time in two workers.
if (files.some((file) => basename(file).startsWith("binary"))) {
  const t = performance.now();
  await ensureBinary();
  console.log(`dist/kasih ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

const together = files.filter((file) => !ALONE.has(basename(file)));
const alone = files.filter((file) => ALONE.has(basename(file)));
const totals = { pass: 0, fail: 0, failedRuns: 0 };

/** Runs `bun test` on `group`, passing its output through, and adds its counts to the totals. */
async function run(group: string[], extra: string[]) {
  if (group.length === 0) return;
  const child = Bun.spawn([process.execPath, "test", `--timeout=${TIMEOUT_MS}`, ...extra, ...group.map((file) => `./${file}`)], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
    env: process.env,
  });
  let output = "";
  const pass = async (stream: ReadableStream<Uint8Array>, to: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      to.write(text);
    }
  };
  await Promise.all([pass(child.stdout, process.stdout), pass(child.stderr, process.stderr)]);
  const code = await child.exited;
  const count = (word: string) => Number([...output.matchAll(new RegExp(`^ *(\\d+) ${word}$`, "gm"))].at(-1)?.[1] ?? 0);
  const fail = count("fail");
  totals.pass += count("pass");
  totals.fail += fail;
  // A run that failed without failing a test (a file that did not load) still counts.
  if (code !== 0 && fail === 0) totals.failedRuns++;
}

const timingArgs = [`--timings=${timings}`, ...(updateTimings ? ["--update-timings"] : [])];
await run(together, WORKERS > 1 ? [`--parallel=${WORKERS}`, ...timingArgs] : []);
await run(alone, []);

console.log(`\nend-to-end: ${files.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s (${WORKERS} at a time, ${alone.length} alone)`);
console.log(` ${totals.pass} pass`);
console.log(` ${totals.fail + totals.failedRuns} fail`);
process.exit(totals.fail + totals.failedRuns > 0 ? 1 : 0);

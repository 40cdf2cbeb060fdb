/**
 * WAL checkpoints on a thread of their own (docs/decisions/0104).
 *
 * A commit appends the pages it changed to the WAL; a checkpoint copies them into the database
 * file and syncs both files. SQLite runs one inside the commit that takes the WAL past 1,000 pages:
 * on the server's only JavaScript thread, that commit took 20–80 ms (two fsyncs of about 4 MB
 * each), and commits were the largest cost left under bench:load. Here a second connection, in a
 * Worker, copies the WAL into the database every CHECKPOINT_INTERVAL_MS without taking the write
 * lock (a PASSIVE checkpoint).
 *
 * The WAL starts over only at a commit that finds every frame of it copied, which never happens
 * while commits keep arriving: every lookup would search an ever longer WAL (tried, decision
 * 0103). So when the WAL passes RESTART_AT_FRAMES, the thread asks the main connection to hold its
 * writes (batches and row changes wait; single reads go on), copies the rest, and lets them go:
 * the next commit starts the WAL over (docs/decisions/0108). When that copy cannot take the whole
 * WAL (another process writing to the file, or reading an old snapshot), holds pause for
 * HOLD_BACKOFF_MS, and SQLite's own checkpoint at 1,000 pages, kept as the backstop, starts the WAL
 * over. Before, that backstop fired 2–4 times a second under bench:load, each time doing the last
 * copy and two fsyncs in a commit on the event loop (7–9 ms).
 *
 * The Worker's source is inline so the single binary carries it without a second entry point.
 */
import type { WriteGate } from "./local-client";

/** How often the thread copies the WAL into the database: a few hundred pages at most each time under load. */
export const CHECKPOINT_INTERVAL_MS = 50;
/** The WAL's length (frames, about a page each) at which writes are held for the WAL to start over; below SQLite's backstop at 1,000. */
export const RESTART_AT_FRAMES = 500;
/** Writes are let go after this even if the thread has not answered (a stuck disk): held writes only wait, they never fail. */
const HOLD_AT_MOST_MS = 250;
/**
 * After a hold that could not copy the whole WAL (another process writing to the file, or reading
 * an old snapshot of it), no hold is asked for this long: it would only make this server's writes
 * wait, every tick.
 */
const HOLD_BACKOFF_MS = 2_000;
/** How long closing waits for a checkpoint in progress before the thread is terminated. */
const STOP_TIMEOUT_MS = 5_000;

const WORKER_SOURCE = `
import { Database } from "bun:sqlite";
let db = null;
let checkpoint = null;
let timer = null;
let lastError = "";
let restartAt = 0;
let backoffMs = 0;
let holding = false;
let noHoldUntil = 0;
/** Copies what it can; [busy, the WAL's frames, the frames copied], or null when it could not run. */
function copy() {
  try {
    const outcome = checkpoint.values()[0];
    lastError = "";
    return outcome;
  } catch (error) {
    const message = String(error && error.message || error);
    if (message !== lastError && !/busy|locked/i.test(message)) self.postMessage({ type: "error", message });
    lastError = message;
    return null;
  }
}
self.onmessage = ({ data }) => {
  if (data.type === "start") {
    try {
      db = new Database(data.path, { readwrite: true, create: false });
      // A checkpoint syncs the WAL before copying and the database after, as the main connection's.
      db.run("PRAGMA synchronous = NORMAL");
      // Busy (another checkpoint running, a backup): skipped until the next tick, never waited for.
      db.run("PRAGMA busy_timeout = 0");
      checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
      restartAt = data.restartAtFrames;
      backoffMs = data.backoffMs;
      timer = setInterval(() => {
        const outcome = copy();
        if (outcome !== null && restartAt > 0 && !holding && outcome[1] >= restartAt && Date.now() >= noHoldUntil) {
          holding = true;
          self.postMessage({ type: "hold" });
        }
      }, data.intervalMs);
    } catch (error) {
      self.postMessage({ type: "error", message: String(error && error.message || error) });
    }
  } else if (data.type === "held") {
    // The server's batches and row changes wait until the release: this copy can take the whole WAL.
    const outcome = copy();
    if (outcome === null || outcome[0] !== 0 || outcome[2] !== outcome[1]) noHoldUntil = Date.now() + backoffMs;
    holding = false;
    self.postMessage({ type: "release" });
  } else if (data.type === "stop") {
    if (timer !== null) clearInterval(timer);
    // A statement left unfinalized would keep the connection open after close().
    try { checkpoint && checkpoint.finalize(); db && db.close(); } catch {}
    Atomics.store(data.done, 0, 1);
    Atomics.notify(data.done, 0);
  }
};
`;

export interface Checkpointer {
  /** Stops the thread and closes its connection before returning, so the caller's close is the last one. */
  stop(): void;
}

/**
 * Starts checkpointing the WAL of the database file at `path`; errors other than busy reach
 * `onError` once each. With `writes` (the main connection), the WAL starts over when it passes
 * RESTART_AT_FRAMES; without, only the main connection's own checkpoint starts it over.
 */
export function startCheckpointer(path: string, onError: (message: string) => void, writes?: WriteGate, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "application/javascript" }));
  // The URL must outlive the thread's start (Bun loads it asynchronously): revoked on stop.
  const worker = new Worker(url);
  // Bun's Worker (not in the DOM typings): the thread alone does not keep the process alive.
  (worker as unknown as { unref(): void }).unref();
  let stopped = false;
  let letGo: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    clearTimeout(letGo);
    letGo = undefined;
    writes?.releaseWrites();
  };
  worker.onmessage = ({ data }: MessageEvent<{ type: "error"; message: string } | { type: "hold" } | { type: "release" }>) => {
    if (data.type === "error") onError(data.message);
    else if (data.type === "release") release();
    else if (data.type === "hold" && writes !== undefined && !stopped) {
      // This runs between turns of the event loop: no group commit is under way.
      writes.holdWrites();
      letGo = setTimeout(release, HOLD_AT_MOST_MS);
      worker.postMessage({ type: "held" });
    }
  };
  worker.onerror = (event) => onError(event.message);
  worker.postMessage({ type: "start", path, intervalMs, restartAtFrames: writes === undefined ? 0 : RESTART_AT_FRAMES, backoffMs: HOLD_BACKOFF_MS });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      release();
      const done = new Int32Array(new SharedArrayBuffer(4));
      worker.postMessage({ type: "stop", done });
      // Synchronous on purpose: the database is closed right after, and must be its last connection
      // (the last close checkpoints and removes the WAL).
      Atomics.wait(done, 0, 0, STOP_TIMEOUT_MS);
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}

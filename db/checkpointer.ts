/**
 * WAL checkpoints on a thread of their own (docs/decisions/0104).
 *
 * A commit appends the pages it changed to the WAL; a checkpoint copies them into the database
 * file and syncs both files. SQLite runs one inside the commit that takes the WAL past 1,000 pages:
 * on the server's only JavaScript thread, that commit took 20–80 ms (two fsyncs of about 4 MB
 * each), and commits were the largest cost left under bench:load. Here a second connection, in a
 * Worker, copies the WAL into the database every CHECKPOINT_INTERVAL_MS without taking the write
 * lock (a PASSIVE checkpoint), so the main connection's own checkpoint, kept as it is, finds
 * almost everything copied already and only then starts the WAL over. Without that backstop the
 * WAL would never start over while commits keep arriving, and every lookup would search an
 * ever longer WAL (tried, decision 0103).
 *
 * The Worker's source is inline so the single binary carries it without a second entry point.
 */

/** How often the thread copies the WAL into the database: a few hundred pages at most each time under load. */
export const CHECKPOINT_INTERVAL_MS = 50;
/** How long closing waits for a checkpoint in progress before the thread is terminated. */
const STOP_TIMEOUT_MS = 5_000;

const WORKER_SOURCE = `
import { Database } from "bun:sqlite";
let db = null;
let checkpoint = null;
let timer = null;
let lastError = "";
self.onmessage = ({ data }) => {
  if (data.type === "start") {
    try {
      db = new Database(data.path, { readwrite: true, create: false });
      // A checkpoint syncs the WAL before copying and the database after, as the main connection's.
      db.run("PRAGMA synchronous = NORMAL");
      // Busy (another checkpoint running, a backup): skipped until the next tick, never waited for.
      db.run("PRAGMA busy_timeout = 0");
      checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
      timer = setInterval(() => {
        try {
          checkpoint.get();
          lastError = "";
        } catch (error) {
          const message = String(error && error.message || error);
          if (message !== lastError && !/busy|locked/i.test(message)) self.postMessage({ type: "error", message });
          lastError = message;
        }
      }, data.intervalMs);
    } catch (error) {
      self.postMessage({ type: "error", message: String(error && error.message || error) });
    }
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

/** Starts checkpointing the WAL of the database file at `path`; errors other than busy reach `onError` once each. */
export function startCheckpointer(path: string, onError: (message: string) => void, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "application/javascript" }));
  // The URL must outlive the thread's start (Bun loads it asynchronously): revoked on stop.
  const worker = new Worker(url);
  // Bun's Worker (not in the DOM typings): the thread alone does not keep the process alive.
  (worker as unknown as { unref(): void }).unref();
  worker.onmessage = ({ data }: MessageEvent<{ type: "error"; message: string }>) => onError(data.message);
  worker.onerror = (event) => onError(event.message);
  worker.postMessage({ type: "start", path, intervalMs });
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
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

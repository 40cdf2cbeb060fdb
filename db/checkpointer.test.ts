import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHECKPOINT_INTERVAL_MS, RESTART_AT_FRAMES, startCheckpointer } from "./checkpointer";
import { openDatabase, type DatabaseHandle } from "./client";
import { openLocalClient } from "./local-client";
import { Database } from "bun:sqlite";

let dir = "";
let handle: DatabaseHandle | undefined;
afterEach(() => {
  handle?.close();
  handle = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function open(errors: string[] = []) {
  dir = mkdtempSync(join(tmpdir(), "kasih-checkpointer-"));
  const file = join(dir, "kasih.db");
  handle = await openDatabase(`file:${file}`, { backgroundCheckpoints: { onError: (message) => errors.push(message) } });
  await handle.client.execute("create table notes (body text)");
  return file;
}

/** Waits until `check` holds, for at most `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await Bun.sleep(10);
  }
  return check();
}

describe("background checkpoints (decision 0104)", () => {
  test("a commit reaches the database file itself without the main connection checkpointing", async () => {
    const errors: string[] = [];
    const file = await open(errors);
    const marker = `marker-${crypto.randomUUID()}`;
    // A handful of pages: far below the main connection's own checkpoint at 1,000.
    await handle!.client.batch([{ sql: "insert into notes values (?)", args: [marker] }]);
    expect(readFileSync(`${file}-wal`).includes(marker)).toBe(true);
    const copied = await eventually(() => readFileSync(file).includes(marker), 40 * CHECKPOINT_INTERVAL_MS);
    expect(copied).toBe(true);
    expect(errors).toEqual([]);
  });

  test("under a stream of commits the WAL starts over, with no checkpoint on the main connection (decision 0108)", async () => {
    const errors: string[] = [];
    const file = await open(errors);
    // No backstop: only the thread's hold can let the WAL start over.
    await handle!.client.execute("PRAGMA wal_autocheckpoint = 0");
    const row = "x".repeat(3_000); // about a page each
    let written = 0;
    // Paced at about 2,000 pages a second at most, as a busy server writes (bench:load at 1,500
    // members: 2,700), until the WAL would have passed the mark four times.
    while (written < 4 * RESTART_AT_FRAMES) {
      await Promise.all(Array.from({ length: 4 }, () => handle!.client.batch([{ sql: "insert into notes values (?)", args: [row] }])));
      written += 4;
      await Bun.sleep(2);
    }
    // The WAL file keeps the length of its longest run: a little past the mark, not every page written.
    const frames = statSync(`${file}-wal`).size / (4096 + 24);
    expect(frames).toBeLessThan(2 * RESTART_AT_FRAMES);
    expect(Number((await handle!.client.execute("select count(*) as n from notes")).rows[0]!.n)).toBe(written);
    expect(errors).toEqual([]);
  }, 30_000);

  test("a hold that cannot copy the whole WAL (a reader on an old snapshot) is not asked for again at every tick", async () => {
    dir = mkdtempSync(join(tmpdir(), "kasih-checkpointer-"));
    const file = join(dir, "kasih.db");
    const main = openLocalClient(file);
    await main.execute("PRAGMA journal_mode = WAL");
    await main.execute("PRAGMA wal_autocheckpoint = 0");
    await main.execute("create table notes (body text)");
    const write = (rows: number) => main.batch(Array.from({ length: rows }, () => ({ sql: "insert into notes values (?)", args: ["x".repeat(3_000)] })));
    await write(50);
    // Another process's reader keeps its snapshot: nothing written after it can be copied.
    const reader = new Database(file, { readonly: true });
    reader.run("BEGIN");
    reader.query("select count(*) from notes").get();
    await write(2 * RESTART_AT_FRAMES);
    let holds = 0;
    // Ticks five times as often as the server's, so 25 of them pass in a quarter of a second
    // (the pause after a failed hold is the same 2 s, far longer).
    const tickMs = CHECKPOINT_INTERVAL_MS / 5;
    const checkpointer = startCheckpointer(
      file,
      () => undefined,
      {
        holdWrites: () => {
          holds++;
          main.holdWrites();
        },
        releaseWrites: () => main.releaseWrites(),
      },
      tickMs,
    );
    try {
      expect(await eventually(() => holds > 0, 10_000)).toBe(true);
      await Bun.sleep(25 * tickMs);
      // One hold, then a pause; at every tick it would have been about 25 more.
      expect(holds).toBe(1);
      // Held writes were let go.
      await write(1);
    } finally {
      checkpointer.stop();
      reader.run("COMMIT");
      reader.close();
      main.close();
    }
  }, 20_000);

  test("closing stops the thread first, so the last close still removes the WAL", async () => {
    const file = await open();
    await handle!.client.batch([{ sql: "insert into notes values ('x')", args: [] }]);
    await Bun.sleep(3 * CHECKPOINT_INTERVAL_MS);
    handle!.close();
    handle = undefined;
    // SQLite deletes the WAL only when the last connection to the file closes.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  test("a thread that cannot open the database reports it once, and stops at once", async () => {
    dir = mkdtempSync(join(tmpdir(), "kasih-checkpointer-"));
    const errors: string[] = [];
    const checkpointer = startCheckpointer(join(dir, "missing.db"), (message) => errors.push(message));
    expect(await eventually(() => errors.length > 0, 40 * CHECKPOINT_INTERVAL_MS)).toBe(true);
    const stopping = Date.now();
    checkpointer.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000); // the thread answered; no wait for the timeout
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/unable to open/i);
  });

  test("an in-memory database gets no thread", async () => {
    dir = mkdtempSync(join(tmpdir(), "kasih-checkpointer-"));
    const errors: string[] = [];
    handle = await openDatabase("file::memory:", { backgroundCheckpoints: { onError: (message) => errors.push(message) } });
    await Bun.sleep(3 * CHECKPOINT_INTERVAL_MS);
    expect(errors).toEqual([]);
  });
});

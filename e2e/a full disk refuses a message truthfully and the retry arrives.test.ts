/**
 * A REAL full disk (docs/decisions/0116): the server's data directory on a small tmpfs, filled
 * to the last byte. A message is refused with 503 "cannot save changes" and Retry-After (not
 * "Match not found"), the pages still read, /healthz says degraded with the reason; once space is
 * freed the retry is stored and delivered once, and /healthz is ok again without a restart.
 *
 * Mounting needs root (tests run as root here and on CI). If the mount is refused the test FAILS
 * with the reason: a skipped test would hide that the real fault was never tried.
 */
import { afterAll, beforeAll, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newId } from "../src/platform/ids";
import { createAccount, type Account } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";

const TMPFS_SIZE = "48m";
let mountPoint: string;
let mounted = false;
let server: RunningServer | undefined;

async function run(command: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code: await child.exited, output: `${out}${err}`.trim() };
}

beforeAll(async () => {
  mountPoint = mkdtempSync(join(tmpdir(), "kasih-full-disk-"));
  const mount = await run(["mount", "-t", "tmpfs", "-o", `size=${TMPFS_SIZE},mode=0700`, "tmpfs", mountPoint]);
  if (mount.code !== 0) throw new Error(`cannot mount a tmpfs at ${mountPoint} (needs root): ${mount.output}`);
  mounted = true;
  server = await startServer({ dataDir: join(mountPoint, "data") });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (mounted) {
    const unmount = await run(["umount", mountPoint]);
    if (unmount.code !== 0) throw new Error(`cannot unmount ${mountPoint}: ${unmount.output}`);
  }
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes a file until the filesystem has no byte left (ENOSPC), in smaller and smaller pieces. */
function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const piece = Buffer.alloc(size, 0x61);
      for (;;) {
        try {
          writeSync(fd, piece);
        } catch (error) {
          if ((error as { code?: string }).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

const call = (account: Account, method: string, path: string, body?: unknown) =>
  fetch(`${server!.origin}${path}`, {
    method,
    headers: { Cookie: account.cookie, Origin: server!.origin, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function healthz() {
  const response = await fetch(`${server!.origin}/healthz`);
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
}

it("a message on a full disk is 503 with Retry-After; pages still read; once space is freed the retry is delivered once", async () => {
  const ana = await createAccount(server!.origin, { firstName: "Ana" });
  const budi = await createAccount(server!.origin, { firstName: "Budi" });
  const idOf = async (account: Account) => ((await (await call(account, "GET", "/api/auth/user")).json()) as { id: string }).id;
  const [anaId, budiId] = [await idOf(ana), await idOf(budi)];
  // The match as a mutual like makes it (an ordered pair), written beside the running server.
  const databaseFile = join(server!.dataDir, "kasih.db");
  const matchId = newId();
  const direct = new Database(databaseFile);
  try {
    direct.run("PRAGMA busy_timeout = 5000");
    const [user1, user2] = anaId < budiId ? [anaId, budiId] : [budiId, anaId];
    direct.run("insert into matches (id, user1_id, user2_id, created_at) values (?, ?, ?, ?)", [matchId, user1, user2, Date.now()]);
    // Premium: no daily allowance is counted, so the message's own write is the one the disk refuses.
    direct.run("update users set plan = 'premium_plus' where id = ?", [anaId]);
    expect((await call(ana, "POST", `/api/matches/${matchId}/messages`, { content: "before the disk filled" })).status).toBe(201);
    // The WAL starts over empty, so the next write needs new space on the disk, as after a quiet night.
    direct.run("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    direct.close();
  }

  const filler = join(mountPoint, "filler");
  fillDisk(filler);
  const content = "Sampai jumpa di gereja hari Minggu? ".repeat(40).trim();
  const refused = await call(ana, "POST", `/api/matches/${matchId}/messages`, { content });
  expect(refused.status).toBe(503);
  expect(refused.headers.get("Retry-After")).toBe("60");
  expect(await refused.json()).toEqual({ message: "The server cannot save changes right now. Please try again later" });
  // Reading still works, and shows nothing of the refused message.
  expect((await call(budi, "GET", "/matches")).status).toBe(200);
  const during = (await (await call(budi, "GET", `/api/matches/${matchId}/messages`)).json()) as { content: string }[];
  expect(during.map((message) => message.content)).toEqual(["before the disk filled"]);
  const degraded = await healthz();
  expect(degraded.status).toBe(503);
  expect(degraded.body.status).toBe("degraded");
  expect(degraded.body.reason).toMatch(/disk is full \(SQLITE_FULL/);

  rmSync(filler);
  const retried = await call(ana, "POST", `/api/matches/${matchId}/messages`, { content });
  expect(retried.status).toBe(201);
  const after = (await (await call(budi, "GET", `/api/matches/${matchId}/messages`)).json()) as { content: string }[];
  expect(after.map((message) => message.content)).toEqual(["before the disk filled", content]);
  // /healthz comes back by itself (a probe write while degraded, every 2 s at most).
  let health = await healthz();
  for (const end = Date.now() + 10_000; health.status !== 200 && Date.now() < end; health = await healthz()) await Bun.sleep(250);
  expect(health).toEqual({ status: 200, body: { status: "ok" } });
  // The database is sound.
  const check = new Database(databaseFile, { readonly: true });
  try {
    expect(check.query("PRAGMA integrity_check").values()).toEqual([["ok"]]);
  } finally {
    check.close();
  }
}, 90_000);

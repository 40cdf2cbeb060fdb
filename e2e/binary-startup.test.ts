/**
 * The compiled binary (dist/kasih, built once per test run when stale: scripts/build.ts) at the
 * terminal (docs/decisions/0117-startup-errors-file-modes-and-a-quick-cli.md):
 * - a setting or argument that stops the start is named in ONE line, with a non-zero exit, never a
 *   stack trace or the binary's minified source (it printed 2.7–4.4 KB of it);
 * - `--help` and a database command answer (their time is bench:cold-start's, not a test's);
 * - what it writes is the server's user's alone (0600 files, 0700 folders), an old data
 *   directory is tightened at start, and `restore` without secrets warns and still restores.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { ensureBinary } from "../scripts/build";
import { freePort } from "./support/server";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { newId } from "../src/platform/ids";

let workDir: string;
let binary: string;

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Only what an operator would set, plus `env`. */
function baseEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return { PATH: "/usr/bin:/bin", DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", ...env };
}

/** Runs the binary (or `prefix` + binary) to its exit; a server that starts instead is stopped after `timeoutMs`. */
async function run(args: string[], env: Record<string, string>, options: { prefix?: string[]; timeoutMs?: number } = {}): Promise<Run> {
  const child = Bun.spawn([...(options.prefix ?? []), binary, ...args], { cwd: workDir, env, stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => child.kill(), options.timeoutMs ?? 20_000);
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, out, err };
}

/** Exit 1 and nothing but `line` on stderr: short, no stack frame, no source. */
function expectOneLine(result: Run, line: string | RegExp) {
  const output = result.out + result.err;
  expect({ code: result.code, out: result.out }).toEqual({ code: 1, out: "" });
  expect(result.err.endsWith("\n")).toBe(true);
  expect(result.err.trimEnd().split("\n")).toHaveLength(1);
  if (typeof line === "string") expect(result.err.trimEnd()).toBe(line);
  else expect(result.err.trimEnd()).toMatch(line);
  expect(output.length).toBeLessThan(300);
  expect(output).not.toContain("    at ");
  expect(output).not.toMatch(/^\d+ \| /m);
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");
const fresh = (name: string) => join(workDir, `${name}-${newId().slice(0, 6)}`);

beforeAll(async () => {
  const built = await ensureBinary();
  workDir = mkdtempSync(join(tmpdir(), "kasih-binary-start-"));
  // Others may enter (the read-only case may run the binary as another user); the data directories inside are the binary's own.
  chmodSync(workDir, 0o755);
  binary = join(workDir, "kasih");
  copyFileSync(built, binary);
  chmodSync(binary, 0o755);
}, 180_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("a setting or argument that stops the start is named in one line", () => {
  test("DATABASE_URL: a libSQL server that refuses the connection", async () => {
    const port = await freePort();
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { DATABASE_URL: `libsql://127.0.0.1:${port}?authToken=not-printed` })), `DATABASE_URL: cannot reach libsql://127.0.0.1:${port} (connection refused)`);
  });

  test("DATABASE_URL: an address that answers, but not as a libSQL server", async () => {
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("not here", { status: 404 }) });
    try {
      expectOneLine(await run(["migrate"], baseEnv(fresh("data"), { DATABASE_URL: `http://127.0.0.1:${other.port}` })), `DATABASE_URL: http://127.0.0.1:${other.port} answered HTTP 404: not a libSQL server, or not at this address`);
    } finally {
      other.stop(true);
    }
  });

  test("DATABASE_URL: not a URL of a database", async () => {
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { DATABASE_URL: "postgres://db.example/kasih" })), "DATABASE_URL: must be file:PATH, or a libSQL server's libsql://, http(s):// or ws(s):// URL");
  });

  test("LOG_LEVEL: a level that does not exist", async () => {
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { LOG_LEVEL: "loud" })), "LOG_LEVEL: must be one of debug, info, warn, error, silent");
  });

  test("HOST: an address of another machine, and a name that resolves to nothing", async () => {
    // 192.0.2.1: TEST-NET-1 (RFC 5737), never an address of this machine.
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { HOST: "192.0.2.1" })), "HOST: 192.0.2.1 is not an address of this machine; use one of its addresses, or 0.0.0.0 for all");
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { HOST: "no-such-host.invalid" })), "HOST: no-such-host.invalid is not an address, nor a name this machine can resolve");
  });

  test("PORT: already in use", async () => {
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("taken") });
    try {
      expectOneLine(await run(["serve"], baseEnv(fresh("data"), { PORT: String(other.port) })), `PORT: ${other.port} is already in use on 127.0.0.1 (another process listens there)`);
    } finally {
      other.stop(true);
    }
  });

  test("REDIS_URL: not a URL of Redis", async () => {
    expectOneLine(await run(["serve"], baseEnv(fresh("data"), { REDIS_URL: "localhost:6379" })), /^REDIS_URL: must be a URL of Redis or Valkey \(redis:\/\/, rediss:\/\//);
  });

  test("REDIS_URL: unreachable at start is not fatal: the server serves its own members and logs one line naming REDIS_URL", async () => {
    const redisPort = await freePort();
    const port = await freePort();
    const child = Bun.spawn([binary, "serve"], { cwd: workDir, env: baseEnv(fresh("data"), { PORT: String(port), REDIS_URL: `redis://:secret-password@127.0.0.1:${redisPort}` }), stdout: "pipe", stderr: "pipe" });
    try {
      let healthy = false;
      for (const deadline = Date.now() + 15_000; !healthy && Date.now() < deadline; await Bun.sleep(50)) {
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false);
      }
      expect(healthy).toBe(true);
    } finally {
      child.kill();
    }
    const out = await new Response(child.stdout).text();
    const lines = out.split("\n").filter((line) => line.includes("REDIS_URL")).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", setting: "REDIS_URL", redis: `redis://127.0.0.1:${redisPort}` });
    expect(out).not.toContain("secret-password");
  });

  test("DATA_DIR: under a file, and on a read-only file system", async () => {
    const file = join(workDir, "a-file");
    writeFileSync(file, "x");
    expectOneLine(await run(["serve"], baseEnv(join(file, "data"))), `DATA_DIR: cannot create ${join(file, "data")} (a part of the path is a file, not a folder)`);

    const readOnly = fresh("read-only");
    mkdirSync(readOnly);
    if (process.getuid?.() !== 0) {
      chmodSync(readOnly, 0o555);
      expectOneLine(await run(["serve"], baseEnv(readOnly)), `DATA_DIR: ${readOnly} is not writable (permission denied)`);
      return;
    }
    // As root every folder is writable: a read-only file system mounted in a mount namespace of this run only.
    const mounted = await run(["serve"], baseEnv(readOnly), { prefix: ["unshare", "-m", "sh", "-c", `mount -t tmpfs -o ro,size=1m tmpfs '${readOnly}' && exec "$0" "$@"`] });
    if (!/^(unshare|mount):/.test(mounted.err)) {
      expectOneLine(mounted, `DATA_DIR: ${readOnly} is not writable (read-only file system)`);
      return;
    }
    // No mount namespaces here: the binary as an unprivileged user, in a folder root owns.
    chmodSync(readOnly, 0o755);
    expectOneLine(await run(["serve"], baseEnv(readOnly), { prefix: ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] }), `DATA_DIR: ${readOnly} is not writable (permission denied)`);
  });

  test("backup FILE: a file that exists is never overwritten", async () => {
    const dataDir = fresh("data");
    const file = join(workDir, "existing.db");
    writeFileSync(file, "an operator's file");
    expectOneLine(await run(["backup", file], baseEnv(dataDir)), `backup FILE: ${file} exists; refusing to overwrite it (give the backup a new name)`);
    expect(await Bun.file(file).text()).toBe("an operator's file");
  });

  test("anything else: one line and where the detail is; the whole error only with LOG_LEVEL=debug", async () => {
    // A database with a table of the same name and no record of migrations: the first migration fails.
    const dataDir = fresh("data");
    mkdirSync(dataDir, { mode: 0o700 });
    const db = new Database(join(dataDir, "kasih.db"));
    db.run("create table users (id text)");
    db.close();
    chmodSync(join(dataDir, "kasih.db"), 0o600);
    const plain = await run(["migrate"], baseEnv(dataDir));
    expectOneLine(plain, /^kasih migrate: .*users.* already exists \(unexpected; run it again with LOG_LEVEL=debug for the details\)$/);
    const detailed = await run(["migrate"], baseEnv(dataDir, { LOG_LEVEL: "debug" }));
    expect(detailed.code).toBe(1);
    expect(detailed.err.split("\n")[0]).toBe(plain.err.trimEnd());
    expect(detailed.err.length).toBeGreaterThan(plain.err.length);
  });
});

describe("the command line", () => {
  test("--help, -h and help print the usage of every command and exit 0; an unknown command exits 2", async () => {
    const help = await run(["--help"], baseEnv(fresh("unused")));
    expect(help.code).toBe(0);
    for (const command of ["serve", "demo", "migrate", "admin grant EMAIL", "user premium EMAIL PLAN", "user ban EMAIL [REASON]", "user unban EMAIL", "backup FILE", "restore FILE", "--help"]) expect(help.out).toContain(command);
    for (const other of ["-h", "help"]) expect((await run([other], baseEnv(fresh("unused")))).out).toBe(help.out);
    // --help reads no setting: it answers even when one is bad.
    expect((await run(["--help"], { ...baseEnv(fresh("unused")), LOG_LEVEL: "loud" })).code).toBe(0);
    const unknown = await run(["frobnicate"], baseEnv(fresh("unused")));
    expect(unknown.code).toBe(2);
    expect(unknown.err).toStartWith("usage: kasih serve | demo");
  });

  test("`user premium` on a fresh data directory sets the plan", async () => {
    const dataDir = fresh("data");
    expect((await run(["migrate"], baseEnv(dataDir))).code).toBe(0);
    const email = "ruth@example.com";
    const handle = await openDatabase(`file:${join(dataDir, "kasih.db")}`);
    await handle.db.insert(users).values({ id: newId(), email, passwordHash: null, firstName: "Ruth" });
    const premium = await run(["user", "premium", email, "premium_plus"], baseEnv(dataDir));
    expect(premium).toEqual({ code: 0, out: `${email} now has the premium_plus plan.\n`, err: "" });
    const [row] = await handle.db.select({ plan: users.plan }).from(users).where(eq(users.email, email));
    handle.close();
    expect(row?.plan).toBe("premium_plus");
    expect((await run(["user", "premium", "nobody@example.com", "premium"], baseEnv(dataDir))).err).toBe("No user with email nobody@example.com.\n");
  });
});

describe("files only the server may read", () => {
  test("serve, a write, a backup, and a restore without secrets: 0600 files in 0700 folders, and the warning", async () => {
    const dataDir = fresh("data");
    const port = await freePort();
    const child = Bun.spawn([binary, "serve"], { cwd: workDir, env: baseEnv(dataDir, { PORT: String(port) }), stdout: "ignore", stderr: "inherit" });
    try {
      for (const deadline = Date.now() + 15_000; !(await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)); await Bun.sleep(50)) {
        if (Date.now() > deadline) throw new Error("the binary did not answer /healthz");
      }
      const db = join(dataDir, "kasih.db");
      const secrets = join(dataDir, "secrets");
      expect([modeOf(dataDir), modeOf(db), modeOf(`${db}-wal`), modeOf(`${db}-shm`), modeOf(secrets)]).toEqual(["0700", "0600", "0600", "0600", "0700"]);
      for (const name of readdirSync(secrets)) expect(modeOf(join(secrets, name))).toBe("0600");

      // A write by another process while the server runs.
      expect((await run(["user", "premium", "nobody@example.com", "premium"], baseEnv(dataDir))).code).toBe(1);
      const handle = await openDatabase(`file:${db}`);
      await handle.db.insert(users).values({ id: newId(), email: "ruth@example.com", passwordHash: null, firstName: "Ruth" });
      handle.close();
      expect((await run(["user", "ban", "ruth@example.com", "spam"], baseEnv(dataDir))).code).toBe(0);
      expect([modeOf(db), modeOf(`${db}-wal`), modeOf(`${db}-shm`)]).toEqual(["0600", "0600", "0600"]);

      const backupDir = fresh("backups");
      mkdirSync(backupDir, { mode: 0o700 });
      const backup = join(backupDir, "kasih.db");
      const backedUp = await run(["backup", backup], baseEnv(dataDir));
      expect(backedUp.code).toBe(0);
      expect(modeOf(backup)).toBe("0600");

      // Restored without the secrets folder beside it: restored all the same, with a warning on stderr.
      const restoredDir = fresh("restored");
      const restored = await run(["restore", backup], baseEnv(restoredDir));
      expect(restored.code).toBe(0);
      expect(restored.out).toContain("integrity_check: ok");
      expect(restored.err).toStartWith(`WARNING: no secrets folder beside ${backup}`);
      expect(restored.err).toContain(`copy the secrets folder of the old server's DATA_DIR to ${join(restoredDir, "secrets")}`);
      expect([modeOf(restoredDir), modeOf(join(restoredDir, "kasih.db"))]).toEqual(["0700", "0600"]);

      // With the secrets beside it: no warning, and they come along private.
      cpSync(secrets, join(backupDir, "secrets"), { recursive: true });
      const withSecretsDir = fresh("restored");
      const withSecrets = await run(["restore", backup], baseEnv(withSecretsDir));
      expect({ code: withSecrets.code, err: withSecrets.err }).toEqual({ code: 0, err: "" });
      expect(modeOf(join(withSecretsDir, "secrets"))).toBe("0700");
      for (const name of readdirSync(join(withSecretsDir, "secrets"))) expect(modeOf(join(withSecretsDir, "secrets", name))).toBe("0600");
    } finally {
      child.kill();
      await child.exited;
    }
  }, 60_000);

  test("an existing data directory with open modes is tightened at start, and the change logged once", async () => {
    const dataDir = fresh("old-install");
    mkdirSync(join(dataDir, "secrets"), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const db = new Database(join(dataDir, "kasih.db"));
    db.run("pragma journal_mode = wal");
    db.close();
    chmodSync(join(dataDir, "kasih.db"), 0o644);
    writeFileSync(join(dataDir, "secrets", "captcha-hmac.key"), "a2V5", { mode: 0o644 });

    const first = await run(["migrate"], baseEnv(dataDir));
    expect(first.code).toBe(0);
    const logged = first.out.split("\n").filter((line) => line.includes("file modes"));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ count: 4, changed: expect.arrayContaining([`${join(dataDir, "kasih.db")} 0644 -> 0600`, `${dataDir} 0755 -> 0700`]) });
    expect([modeOf(dataDir), modeOf(join(dataDir, "kasih.db")), modeOf(join(dataDir, "secrets")), modeOf(join(dataDir, "secrets", "captcha-hmac.key"))]).toEqual(["0700", "0600", "0700", "0600"]);
    const second = await run(["migrate"], baseEnv(dataDir));
    expect(second.out).toBe("Migrations applied.\n");
    expect(existsSync(join(dataDir, "kasih.db"))).toBe(true);
  });
});

/**
 * The compiled binary (dist/kasih, scripts/build.ts) copied ALONE into an empty temporary
 * directory, with no node_modules, source tree or client build beside it: it must serve the
 * landing page with its embedded assets, run migrations from inside itself, write through the
 * runtime's built-in SQLite (registration writes to the database), and decode and re-encode a
 * photo through the embedded image codec addon.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { ensureBinary } from "../scripts/build";
import { collectLines, freePort } from "./support/server";
import { createAccount } from "./support/accounts";
import { hollowJpeg, jpegWithGps } from "../src/features/profile/photos/test-images";

let workDir: string;
let dataDir: string;
let binary: string;
let origin: string;
let child: Subprocess<"ignore", "pipe", "inherit">;
let env: Record<string, string>;
/** The binary's log lines (JSON). */
const logs: string[] = [];

async function runBinary(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = Bun.spawn([binary, ...args], { cwd: workDir, env, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
  return { code: await run.exited, out, err };
}

beforeAll(async () => {
  const built = await ensureBinary();
  workDir = mkdtempSync(join(tmpdir(), "kasih-binary-"));
  binary = join(workDir, "kasih");
  copyFileSync(built, binary);
  dataDir = join(workDir, "data");
  const port = await freePort();
  origin = `http://localhost:${port}`;
  // Only what an operator would set: no NODE_PATH, no inherited Bun settings.
  env = { PATH: "/usr/bin:/bin", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", APP_ORIGIN: origin };
  child = Bun.spawn([binary, "serve"], { cwd: workDir, env, stdout: "pipe", stderr: "inherit" });
  void collectLines(child.stdout, logs);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the binary exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the binary did not answer /healthz within 30 s");
    await Bun.sleep(50);
  }
}, 180_000);

afterAll(async () => {
  child?.kill();
  await child?.exited;
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("the compiled binary started alone in an empty directory", () => {
  test("has nothing beside it but the data directory it creates", () => {
    expect(readdirSync(workDir).sort()).toEqual(["data", "kasih"]);
  });

  test("answers /healthz once its embedded migrations have run", async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("serves the landing page whose stylesheet and scripts come from inside the binary", async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Kasih");
    const assetUrls = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assetUrls.some((url) => url.endsWith(".css"))).toBe(true);
    expect(assetUrls.some((url) => url.endsWith(".js"))).toBe(true);
    for (const url of assetUrls) {
      const asset = await fetch(`${origin}${url}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toContain("immutable");
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  test("serves the PWA manifest and its icons from public/", async () => {
    const manifest = await fetch(`${origin}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { icons: { src: string }[] };
    for (const icon of body.icons) {
      const response = await fetch(`${origin}${icon.src}`);
      expect(response.status).toBe(200);
    }
  });

  test("registers an account, which writes through the built-in SQLite", async () => {
    const account = await createAccount(origin);
    const response = await fetch(`${origin}/api/auth/user`, { headers: { Cookie: account.cookie } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe(account.email);

    const premium = await runBinary(["user", "premium", account.email, "premium_plus"]);
    expect(premium.code).toBe(0);
    const admin = await runBinary(["admin", "grant", account.email]);
    expect(admin.code).toBe(0);
    const user = (await (await fetch(`${origin}/api/auth/user`, { headers: { Cookie: account.cookie } })).json()) as Record<string, unknown>;
    expect(user.isAdmin).toBe(true);
    expect(user.plan).toBe("premium_plus");
  });

  test("copies the WAL into the database file on its own thread (db/checkpointer.ts inside the binary)", async () => {
    const account = await createAccount(origin);
    // Far below the 1,000 WAL pages at which the server's own connection would checkpoint.
    const inFile = () => readFileSync(join(dataDir, "kasih.db")).includes(account.email);
    const deadline = Date.now() + 5_000;
    while (!inFile() && Date.now() < deadline) await Bun.sleep(25);
    expect(inFile()).toBe(true);
    expect(logs.filter((line) => line.includes("background checkpoint"))).toEqual([]);
  });

  test("re-encodes an uploaded photo with the embedded image codec and serves its thumbnail", async () => {
    const account = await createAccount(origin);
    const form = new FormData();
    form.append("photo", new File([Buffer.from(jpegWithGps(800, 600))], "me.jpg", { type: "image/jpeg" }));
    const uploaded = await fetch(`${origin}/api/profile/photos`, { method: "POST", headers: { Cookie: account.cookie, Origin: origin }, body: form });
    expect(uploaded.status).toBe(201);
    const { photo } = (await uploaded.json()) as { photo: { url: string; width: number; height: number } };
    expect(photo).toMatchObject({ width: 800, height: 600 });
    const thumb = await fetch(`${origin}${photo.url}?size=thumb`, { headers: { Cookie: account.cookie } });
    expect(thumb.headers.get("Content-Type")).toBe("image/webp");
    expect(Buffer.from(new Uint8Array(await thumb.arrayBuffer()).subarray(8, 12)).toString()).toBe("WEBP");
    const hollow = new FormData();
    hollow.append("photo", new File([Buffer.from(hollowJpeg())], "x.jpg", { type: "image/jpeg" }));
    expect((await fetch(`${origin}/api/profile/photos`, { method: "POST", headers: { Cookie: account.cookie, Origin: origin }, body: hollow })).status).toBe(415);
  });

  test("runs the operator commands: migrate, and backup to a checked copy", async () => {
    const migrate = await runBinary(["migrate"]);
    expect(migrate.code).toBe(0);
    expect(migrate.out).toContain("Migrations applied.");
    const backupFile = join(workDir, "backup.db");
    const backup = await runBinary(["backup", backupFile]);
    expect(backup.code).toBe(0);
    expect(existsSync(backupFile)).toBe(true);
  });
});

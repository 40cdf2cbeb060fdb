/**
 * Starts the real server (src/main.ts) on a free port with its own temporary DATA_DIR,
 * for end-to-end tests. The client bundles must be built (scripts/test.sh does it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import type { Subprocess } from "bun";

const root = join(import.meta.dir, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address === "object" && address !== null) {
        const port = address.port;
        server.close(() => resolve(port));
      } else reject(new Error("no port"));
    });
  });
}

export interface RunningServer {
  origin: string;
  dataDir: string;
  process: Subprocess;
  /** The server's log lines (JSON, src/platform/log.ts), the latest few thousand. */
  logs: string[];
  /** Starts the server again on the same port and data (after it stopped or was killed). */
  restart(): Promise<void>;
  /** Runs a CLI command (e.g. ["user", "premium", email, "premium_plus"]) against the same data. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** `dataDir`: an existing data directory to share (a second instance); it is left in place on stop. */
export async function startServer(options: { env?: Record<string, string>; command?: "serve" | "demo"; dataDir?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "kasih-e2e-"));
  const origin = `http://localhost:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_ORIGIN: origin, ...options.env };
  const logs: string[] = [];
  const spawn = async (command: string) => {
    const child = Bun.spawn([process.execPath, join(root, "src", "main.ts"), command], { env, stdout: "pipe", stderr: "inherit", cwd: root });
    // Read as it comes: a full pipe would stop the server at its next log line.
    void collectLines(child.stdout, logs);
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const response = await fetch(`${origin}/healthz`);
        if (response.ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("server did not start within 60 s");
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await Bun.sleep(100);
    }
  };
  const running: RunningServer = {
    origin,
    dataDir,
    logs,
    process: await spawn(options.command ?? "serve"),
    async restart() {
      // `serve`, not `demo`: the data is there already.
      running.process = await spawn("serve");
    },
    async cli(args) {
      const run = Bun.spawn([process.execPath, join(root, "src", "main.ts"), ...args], { env, stdout: "pipe", stderr: "pipe", cwd: root });
      const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
      if ((await run.exited) !== 0) throw new Error(`kasih ${args.join(" ")} failed: ${err}`);
      return out;
    },
    async stop() {
      // At once: a graceful stop waits STOP_GRACE_MS (src/server.ts) for nothing here, and what it
      // promises is tested where it matters (a server restarts gracefully under load).
      running.process.kill("SIGKILL");
      await running.process.exited;
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return running;
}

/** Appends a stream's lines to `into`, keeping the latest 5,000. */
export async function collectLines(stream: ReadableStream<Uint8Array>, into: string[]): Promise<void> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of stream) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    into.push(...lines.filter(Boolean));
    if (into.length > 5000) into.splice(0, into.length - 5000);
  }
}

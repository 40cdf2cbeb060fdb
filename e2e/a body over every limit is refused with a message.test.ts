/**
 * A body larger than any route takes is refused like every other refusal: 413 with {message}
 * (docs/decisions/0116). Bun.serve's own ceiling (maxRequestBodySize) answered a bare 413 with an
 * empty body above 48 MB; now the app's limits always answer first, by Content-Length before
 * reading, or by counting the streamed bytes and stopping at the limit. Sent on a raw socket so
 * the test controls the framing and stops sending once the answer arrives, as a browser does.
 */
import { afterAll, beforeAll, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { createAccount, type Account } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let member: Account;
/** Above Bun's former 48 MB ceiling and the largest route limit (a profile with six photos, ~40 MB). */
const HUGE = 64 * 1024 * 1024;

beforeAll(async () => {
  server = await startServer();
  member = await createAccount(server.origin);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** The server's peak resident memory, in MB (VmHWM). */
function peakMemoryMb(): number {
  const line = readFileSync(`/proc/${server.process.pid}/status`, "utf8").split("\n").find((row) => row.startsWith("VmHWM:"))!;
  return Number(line.replace(/\D+/g, "")) / 1024;
}

/**
 * POSTs `HUGE` bytes of JSON-ish filler to `path`, with a Content-Length or chunked, sending
 * until the answer arrives; resolves with the status, the body and how much was sent.
 */
function sendHuge(path: string, framing: "content-length" | "chunked", cookie?: string): Promise<{ status: number; body: string; sentMb: number }> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received: Buffer = Buffer.alloc(0);
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(256 * 1024, "a");
    const finish = () => {
      const text = received.toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      if (headEnd === -1) return false;
      const head = text.slice(0, headEnd);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? "0");
      if (received.length - (headEnd + 4) < length) return false;
      answered = true;
      resolve({ status: Number(head.split(" ")[1]), body: text.slice(headEnd + 4, headEnd + 4 + length), sentMb: sent / 1024 / 1024 });
      socket.destroy();
      return true;
    };
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      finish();
    });
    socket.on("error", (error) => (answered ? undefined : reject(error)));
    socket.on("close", () => (answered ? undefined : reject(new Error(`closed without a whole answer after ${sent} bytes: ${JSON.stringify(received.toString("latin1"))}`))));
    socket.once("connect", () => {
      const headers = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Origin: ${server.origin}`, "Content-Type: application/json"];
      if (cookie) headers.push(`Cookie: ${cookie}`);
      headers.push(framing === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${HUGE}`);
      socket.write(`${headers.join("\r\n")}\r\n\r\n`);
      const pump = () => {
        while (!answered && !socket.destroyed && sent < HUGE) {
          const piece = framing === "chunked" ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk;
          sent += chunk.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
        if (!answered && !socket.destroyed && framing === "chunked" && sent >= HUGE) socket.write("0\r\n\r\n");
      };
      pump();
    });
  });
}

for (const framing of ["content-length", "chunked"] as const) {
  it(`${framing}: a 64 MB body is refused with 413 and {message}, on a small route and on the largest, without being read into memory`, async () => {
    const before = peakMemoryMb();
    const small = await sendHuge("/api/auth/login", framing);
    expect(small.status).toBe(413);
    expect(JSON.parse(small.body)).toEqual({ message: "Request body too large" });
    // A route that takes small bodies reads at most its 64 KB of it.
    const afterSmall = peakMemoryMb();
    expect(afterSmall - before).toBeLessThan(16);
    const largest = await sendHuge("/api/profile", framing, member.cookie);
    expect(largest.status).toBe(413);
    expect(JSON.parse(largest.body)).toHaveProperty("message");
    // The largest route reads a chunked body up to its own limit (~40 MB), never the whole 64 MB.
    expect(peakMemoryMb() - afterSmall).toBeLessThan(framing === "chunked" ? 60 : 16);
    // The server still answers.
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  }, 60_000);
}

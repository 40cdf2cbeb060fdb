/**
 * A reverse proxy (nginx keeps upstream connections 60 s, Caddy 2 min) sends its next request on
 * a connection that sat idle. If the server closed it meanwhile (Bun's default: after 10 s), a
 * request sent at that moment is reset, and the proxy does not retry a POST: a lost swipe or
 * message (src/server.ts, KEEP_ALIVE_IDLE_SECONDS).
 */
import { afterAll, beforeAll, expect, it } from "bun:test";
import { connect, type Socket } from "node:net";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** Sends one request on the socket and resolves with the raw response head once it arrives. */
function exchange(socket: Socket, port: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) {
        socket.off("data", onData);
        resolve(received);
      }
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error(`the server closed the connection; received: ${JSON.stringify(received)}`)));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

it("keeps an idle keep-alive connection open well past Bun's 10 s default", async () => {
  const { hostname, port } = new URL(server.origin);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let closed = false;
  socket.on("close", () => (closed = true));
  try {
    expect(await exchange(socket, port)).toStartWith("HTTP/1.1 200");
    await Bun.sleep(12_000);
    expect(closed).toBe(false);
    expect(await exchange(socket, port)).toStartWith("HTTP/1.1 200");
  } finally {
    socket.destroy();
  }
}, 30_000);

/**
 * Who may read /metrics, through a real listening server (app.request() has no socket, so no
 * peer address): a direct loopback peer without proxy headers reads it; a request relayed by a
 * proxy on the same host (any of X-Forwarded-For, X-Real-IP, Forwarded, in any case, even empty)
 * needs METRICS_TOKEN, and without a configured token is refused.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { connect } from "node:net";
import type { Server } from "bun";
import { createTestApp } from "../testing/test-app";

setDefaultTimeout(30_000);

const METRICS_TOKEN = "a-metrics-token-for-the-access-test";
const PROXY_HEADERS = ["X-Forwarded-For: 203.0.113.7", "X-Real-IP: 203.0.113.7", "Forwarded: for=203.0.113.7", "x-real-ip: 203.0.113.7", "FORWARDED: for=203.0.113.7", "X-Forwarded-For:", "X-Real-IP:", "Forwarded:"];

/** A server of the app on a loopback port, with or without a configured token. */
async function serve(env: Record<string, string>) {
  const app = await createTestApp({ env });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.app.fetch });
  return { app, server };
}

/** One GET /metrics written by hand (headers exactly as given, empty values too); the status. */
function statusOf(server: Server<unknown>, headers: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port!, "127.0.0.1");
    let answer = "";
    socket.on("connect", () => socket.write(["GET /metrics HTTP/1.1", `Host: 127.0.0.1:${server.port}`, "Connection: close", ...headers, "", ""].join("\r\n")));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status !== null) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
  });
}

let withToken: Awaited<ReturnType<typeof serve>>;
let withoutToken: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  withToken = await serve({ METRICS_TOKEN });
  withoutToken = await serve({});
});
afterAll(async () => {
  for (const { app, server } of [withToken, withoutToken]) {
    await server.stop(true);
    await app.close();
  }
});

describe("GET /metrics on a listening server", () => {
  it("is open to a direct loopback peer that sends no proxy header", async () => {
    expect(await statusOf(withToken.server, [])).toBe(200);
    expect(await statusOf(withoutToken.server, [])).toBe(200);
  });

  it("needs the token when any proxy header is present, in any case, even empty", async () => {
    for (const header of PROXY_HEADERS) {
      expect([header, await statusOf(withToken.server, [header])]).toEqual([header, 403]);
      expect([header, await statusOf(withToken.server, [header, `Authorization: Bearer ${METRICS_TOKEN}`])]).toEqual([header, 200]);
      expect([header, await statusOf(withToken.server, [header, "Authorization: Bearer a-wrong-token-of-the-same-size-xx"])]).toEqual([header, 403]);
    }
  });

  it("is refused to a relayed request when no token is configured", async () => {
    for (const header of PROXY_HEADERS) expect([header, await statusOf(withoutToken.server, [header, "Authorization: Bearer undefined"])]).toEqual([header, 403]);
  });
});

/**
 * The page's live connection (spec point 4): on close it reconnects up to 3 times, waiting
 * 2 s × the attempt number; the counter resets on open; "reconnected" fires so islands refetch.
 * Against a real Bun WebSocket server that drops connections on command; the delays the client
 * asks for are recorded rather than waited (docs/decisions/0114-a-fast-test-suite.md).
 */
import { afterAll, beforeAll, expect, spyOn, test } from "bun:test";
import { WS_RECONNECT_ATTEMPTS, WS_RECONNECT_BASE_DELAY_MS } from "../../src/platform/constants";
import type { Server } from "bun";

let server: Server<unknown>;
const connectedAt: number[] = [];
let refuse = false;
let openSockets: { close(code?: number): void }[] = [];

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request, srv) {
      if (refuse) return new Response("no", { status: 503 });
      return srv.upgrade(request, { data: {} }) ? undefined : new Response("upgrade failed", { status: 400 });
    },
    websocket: {
      open(ws) {
        connectedAt.push(Date.now());
        openSockets.push(ws);
        ws.send(JSON.stringify({ type: "ready", userId: "u1" }));
      },
      message() {},
    },
  });
  // The client builds its URL from the page's location.
  (globalThis as { location?: unknown }).location = { href: `http://127.0.0.1:${server.port}/matches` };
});

afterAll(() => {
  server.stop(true);
  delete (globalThis as { location?: unknown }).location;
});

function dropAll() {
  for (const ws of openSockets) ws.close(1011);
  openSockets = [];
}

test("reconnects after a drop, resets the counter on open, then gives up after 3 failed tries spaced 2, 4, 6 s", async () => {
  const { RealtimeClient } = await import("./realtime");
  // The client's own delays, recorded; each reconnect then runs at once instead of seconds later.
  const delays: number[] = [];
  const realtime = new RealtimeClient({
    schedule: (reconnect, delayMs) => {
      delays.push(delayMs);
      setTimeout(reconnect, 0);
    },
  });
  const events: string[] = [];
  realtime.onLifecycle("reconnected", () => events.push("reconnected"));
  realtime.onLifecycle("offline", () => events.push("offline"));
  realtime.start();
  while (connectedAt.length < 1) await Bun.sleep(5);
  expect(realtime.userId === "u1" || realtime.userId === null).toBe(true);

  // A drop: the first retry is asked for after 2 s and succeeds; "reconnected" tells islands to refetch.
  dropAll();
  while (connectedAt.length < 2) await Bun.sleep(5);
  expect(delays).toEqual([WS_RECONNECT_BASE_DELAY_MS]);
  while (!events.includes("reconnected")) await Bun.sleep(5);
  expect(events).toEqual(["reconnected"]);

  // The counter was reset on open: the next drop again waits 2 s, then 4 s, then 6 s, then stops.
  refuse = true;
  dropAll();
  while (!events.includes("offline")) await Bun.sleep(5);
  expect(delays).toEqual([2000, 2000, 4000, 6000]);
  expect(WS_RECONNECT_BASE_DELAY_MS).toBe(2000);
  expect(WS_RECONNECT_ATTEMPTS).toBe(3);
  expect(connectedAt).toHaveLength(2);
  expect(events).toEqual(["reconnected", "offline"]);
});

test("the page's client waits real time between tries (the default timer is setTimeout)", async () => {
  const { realtime } = await import("./realtime");
  const timers = spyOn(globalThis, "setTimeout");
  refuse = false;
  try {
    realtime.start();
    while (connectedAt.length < 3) await Bun.sleep(5);
    dropAll();
    const asked = () => timers.mock.calls.findIndex((call) => call[1] === WS_RECONNECT_BASE_DELAY_MS);
    while (asked() < 0) await Bun.sleep(5);
    expect(timers.mock.calls[asked()]![1]).toBe(2000);
    // Not waited for: the retry would outlive this file's server.
    clearTimeout(timers.mock.results[asked()]!.value as ReturnType<typeof setTimeout>);
  } finally {
    timers.mockRestore();
  }
});

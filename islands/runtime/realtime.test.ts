/**
 * The page's live connection (spec point 4): on close it reconnects up to 3 times, waiting
 * 2 s × the attempt number; the counter resets on open; "reconnected" fires so islands refetch.
 * Against a real Bun WebSocket server that drops connections on command.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
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
  const { realtime } = await import("./realtime");
  const events: string[] = [];
  realtime.onLifecycle("reconnected", () => events.push("reconnected"));
  realtime.onLifecycle("offline", () => events.push("offline"));
  realtime.start();
  while (connectedAt.length < 1) await Bun.sleep(20);
  expect(realtime.userId === "u1" || realtime.userId === null).toBe(true);

  // A drop: the first retry comes after 2 s and succeeds; "reconnected" tells islands to refetch.
  const droppedAt = Date.now();
  dropAll();
  while (connectedAt.length < 2) await Bun.sleep(20);
  expect(connectedAt[1]! - droppedAt).toBeGreaterThanOrEqual(1900);
  expect(connectedAt[1]! - droppedAt).toBeLessThan(3500);
  await Bun.sleep(50);
  expect(events).toEqual(["reconnected"]);

  // The counter was reset on open: the next drop again waits 2 s, then 4 s, then 6 s, then stops.
  refuse = true;
  const secondDrop = Date.now();
  dropAll();
  while (!events.includes("offline")) await Bun.sleep(50);
  const elapsed = Date.now() - secondDrop;
  expect(elapsed).toBeGreaterThanOrEqual(2000 + 4000 + 6000 - 100);
  expect(elapsed).toBeLessThan(2000 + 4000 + 6000 + 2500);
  expect(connectedAt).toHaveLength(2);
}, 30_000);

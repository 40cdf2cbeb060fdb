/**
 * A page's live connection hands each message to its islands once: a catch-up after a Redis
 * outage may send one again (decision 0118), and a second copy would count twice in unread
 * badges. Against a real Bun WebSocket server.
 */
import { expect, test } from "bun:test";
import type { Server } from "bun";
import type { ServerFrame } from "../../src/realtime/frames";
import { RealtimeClient } from "./realtime";
import { SeenIds } from "./seen-ids";

test("an id counts once while it is among the newest kept, and the oldest are forgotten first", () => {
  const seen = new SeenIds(3);
  expect(["a", "b", "a", "c", "b"].map((id) => seen.firstTime(id))).toEqual([true, true, false, true, false]);
  expect(seen.firstTime("d")).toBe(true); // "a" forgotten
  expect(seen.firstTime("b")).toBe(false);
  expect(seen.firstTime("a")).toBe(true);
});

test("the page's connection passes a repeated new_message on once, and other frames every time", async () => {
  const message = (id: string) => ({ id, matchId: "m1", senderId: "u2", sender: { id: "u2", firstName: "Budi" }, content: `text ${id}`, kind: "text", createdAt: "2026-11-27T23:00:00.000Z", readAt: null, caution: null });
  const frames = [
    { type: "ready", userId: "u1" },
    { type: "new_message", matchId: "m1", message: message("a") },
    { type: "new_message", matchId: "m1", message: message("a") },
    { type: "new_message", matchId: "m1", message: message("b") },
    { type: "message_read", matchId: "m1", readAt: "2026-11-27T23:00:01.000Z", readerId: "u1" },
    { type: "message_read", matchId: "m1", readAt: "2026-11-27T23:00:01.000Z", readerId: "u1" },
    { type: "new_message", matchId: "m1", message: message("b") },
  ];
  const server: Server<unknown> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request, srv) => (srv.upgrade(request, { data: {} }) ? undefined : new Response("no", { status: 400 })),
    websocket: { open: (ws) => frames.forEach((frame) => ws.send(JSON.stringify(frame))), message() {} },
  });
  (globalThis as { location?: unknown }).location = { href: `http://127.0.0.1:${server.port}/chat/m1` };
  const client = new RealtimeClient({ schedule: () => undefined });
  const got: string[] = [];
  client.on("new_message", (frame) => got.push(frame.message.id));
  client.on("message_read", (frame: Extract<ServerFrame, { type: "message_read" }>) => got.push(`read ${frame.readAt}`));
  try {
    client.start();
    const deadline = Date.now() + 5000;
    while (got.length < 4 && Date.now() < deadline) await Bun.sleep(5);
    await Bun.sleep(50);
    expect(got).toEqual(["a", "b", "read 2026-11-27T23:00:01.000Z", "read 2026-11-27T23:00:01.000Z"]);
  } finally {
    await server.stop(true);
    delete (globalThis as { location?: unknown }).location;
  }
});

import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Server } from "bun";
import { chaperoneShares } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { waitForMailsWithLink } from "../../testing/outbox";
import { createMember } from "../discovery/discovery.test-support";
import { realtimeFor } from "../../realtime/realtime";
import type { ServerFrame } from "../../realtime/frames";

setDefaultTimeout(30_000);

let app: TestApp;
let server: Server<unknown>;
let url: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await createTestApp();
  // The real thing: Bun.serve with the app and the realtime handler, as realtime.test.ts does.
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.app.fetch, websocket: realtimeFor(app.deps).websocket });
  url = `ws://127.0.0.1:${server.port}/ws`;
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  realtimeFor(app.deps).close();
  await server.stop(true);
  await app.close();
});

/** A socket that records frames; `next(type)` waits for one. */
async function connect(cookie: string) {
  const ws = new WebSocket(url, { headers: { Origin: TEST_ORIGIN, Cookie: cookie } } as unknown as string[]);
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame);
  const opened = await new Promise<boolean>((resolve) => {
    ws.onopen = () => resolve(true);
    ws.onerror = () => resolve(false);
    ws.onclose = () => resolve(false);
  });
  const next = async <T extends ServerFrame["type"]>(type: T, timeoutMs = 3000): Promise<Extract<ServerFrame, { type: T }>> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = frames.findIndex((frame) => frame.type === type);
      if (index >= 0) return frames.splice(index, 1)[0] as Extract<ServerFrame, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} frame within ${timeoutMs} ms`);
      await Bun.sleep(10);
    }
  };
  return { opened, frames, next };
}

async function setUp() {
  const daniel = await createMember(app, { firstName: "Daniel", gender: "male" });
  const maria = await createMember(app, { firstName: "Maria" });
  const matchId = await matchUsers(app, daniel, maria);
  expect((await app.request("POST", "/api/chaperone/invite", { cookie: daniel.cookie, body: { email: "ibu@example.com" } })).status).toBe(201);
  const [mail] = await waitForMailsWithLink(app.dataDir, "/chaperone/accept", 1);
  const token = /\/chaperone\/accept\?token=([a-z0-9]+)/.exec(mail!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
  const accepted = await app.request("POST", "/api/chaperone/accept", { body: { token, password: "a long family password", firstName: "Ruth" } });
  expect(accepted.status).toBe(200);
  return { daniel, maria, matchId, chaperone: { cookie: sessionCookieFrom(accepted) } };
}

describe("the other member is told before the chaperone can read", () => {
  test("Maria's socket hears chaperone_notice, sent while the share is not yet stored; unshare and reshare are heard too", async () => {
    const { daniel, maria, matchId, chaperone } = await setUp();
    const socket = await connect(maria.cookie);
    expect(socket.opened).toBe(true);
    await socket.next("ready");

    // When the frame leaves, no share exists yet: a read started then finds none.
    const hub = realtimeFor(app.deps).hub;
    const send = hub.sendToUsers.bind(hub);
    const sharesWhenSent: Promise<unknown[]>[] = [];
    hub.sendToUsers = (userIds, frame) => {
      if (frame.type === "chaperone_notice" && frame.shared) sharesWhenSent.push(app.deps.db.select().from(chaperoneShares).execute());
      send(userIds, frame);
    };

    expect((await app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: daniel.cookie, body: { shared: true } })).status).toBe(200);
    const notice = await socket.next("chaperone_notice");
    expect(notice).toMatchObject({ type: "chaperone_notice", matchId, shared: true, notice: { shared: true, memberId: daniel.id } });
    expect(sharesWhenSent).toHaveLength(1);
    expect(await sharesWhenSent[0]!).toHaveLength(0);
    expect((await app.request("GET", `/api/chaperone/matches/${matchId}/messages`, { cookie: chaperone.cookie })).status).toBe(200);

    // A second tap changes nothing and tells nobody again.
    await app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: daniel.cookie, body: { shared: true } });
    expect((await app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: daniel.cookie, body: { shared: false } })).status).toBe(200);
    expect(await socket.next("chaperone_notice")).toMatchObject({ matchId, shared: false });
    expect(socket.frames.filter((frame) => frame.type === "chaperone_notice")).toHaveLength(0);

    app.clock.advance(1000);
    await app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: daniel.cookie, body: { shared: true } });
    expect(await socket.next("chaperone_notice")).toMatchObject({ matchId, shared: true });
    expect(sharesWhenSent).toHaveLength(2);
    // The first period is closed, the second not yet stored when the frame left.
    expect(((await sharesWhenSent[1]!) as { unsharedAt: Date | null }[]).filter((row) => row.unsharedAt === null)).toHaveLength(0);
  });

  test("a chaperone's socket is refused in the handshake", async () => {
    const { chaperone } = await setUp();
    const response = await fetch(url.replace("ws:", "http:"), { headers: { Cookie: chaperone.cookie, Origin: TEST_ORIGIN, Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==" } });
    expect(response.status).toBe(403);
    expect((await connect(chaperone.cookie)).opened).toBe(false);
  });
});

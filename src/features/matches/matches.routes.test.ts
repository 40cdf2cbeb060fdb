import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";

// Registration hashes passwords (argon2): on a shared machine a test with several users takes seconds.
setDefaultTimeout(30_000);
import { eq } from "drizzle-orm";
import { blocks, matches, messages, photos, profiles, sessions, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

describe("GET /api/matches", () => {
  test("lists the other person, last message and unread count, newest activity first", async () => {
    const me = await app.registerUser({ firstName: "Maria" });
    const older = await app.registerUser({ firstName: "Yohanes" });
    const newer = await app.registerUser({ firstName: "Paulus" });
    await app.deps.db.insert(profiles).values({ userId: older.id, age: 29, gender: "male", denomination: "catholic", churchName: "St. Yoseph", faithTestimony: "x", faithDuration: "5-10 years", bio: "x" });
    await app.deps.db.insert(photos).values({ id: "p1", userId: older.id, position: 0, fileName: "abc.jpg", mimeType: "image/jpeg", width: 1, height: 1, byteSize: 1 });
    const olderMatch = await matchUsers(app, me, older);
    app.clock.advance(60_000);
    const newerMatch = await matchUsers(app, me, newer);
    app.clock.advance(60_000);
    // A message in the older match makes it the most recent activity.
    await app.request("POST", `/api/matches/${olderMatch}/messages`, { cookie: older.cookie, body: { content: "Halo Maria" } });

    const response = await app.request("GET", "/api/matches", { cookie: me.cookie });
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((m: { id: string }) => m.id)).toEqual([olderMatch, newerMatch]);
    expect(list[0]).toMatchObject({
      user1: { id: older.id, firstName: "Yohanes", age: 29, denomination: "catholic", denominationName: "Catholic", photo: "/uploads/abc.jpg?size=thumb" },
      lastMessage: { content: "Halo Maria", senderId: older.id },
      unreadCount: 1,
    });
    expect(list[1]).toMatchObject({ user1: { id: newer.id, firstName: "Paulus", photo: null }, lastMessage: null, unreadCount: 0 });
    // The other side sees me as user1, and no unread of their own message.
    const theirs = await (await app.request("GET", "/api/matches", { cookie: older.cookie })).json();
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ user1: { id: me.id, firstName: "Maria" }, unreadCount: 0 });
  });

  test("carries the Verified badge's flag; the page's rows are one link each, without a Chat button, 'Matched' only before a message (docs/decisions/0137)", async () => {
    const me = await createMember(app, { gender: "female", firstName: "Maria" });
    const talking = await createMember(app, { firstName: "Yohanes" });
    const fresh = await createMember(app, { firstName: "Paulus" });
    await app.deps.db.update(users).set({ photoVerifiedAt: app.clock.now() }).where(eq(users.id, talking.id));
    const talkingMatch = await matchUsers(app, me, talking);
    await matchUsers(app, me, fresh);
    app.clock.advance(60_000);
    await app.request("POST", `/api/matches/${talkingMatch}/messages`, { cookie: talking.cookie, body: { content: "Halo Maria, apa kabar hari ini?" } });
    const list = await (await app.request("GET", "/api/matches", { cookie: me.cookie })).json();
    expect(list.map((m: { user1: { firstName: string; verified: boolean } }) => [m.user1.firstName, m.user1.verified])).toEqual([["Yohanes", true], ["Paulus", false]]);
    const page = await (await app.request("GET", "/matches?view=chats", { cookie: me.cookie })).text();
    expect(page).toContain(`href="/chat/${talkingMatch}" data-testid="match-row-link"`);
    expect(page).toContain("Halo Maria, apa kabar hari ini?");
    expect(page).not.toContain(">Chat</a>");
    expect(page).not.toContain("Matched ");
    expect(page).toContain('data-testid="verified-badge"');
    // The Matches view: the new match is a face with its date; the desktop's empty chat pane is there.
    const inbox = await (await app.request("GET", "/matches", { cookie: me.cookie })).text();
    expect(inbox.match(/Matched \d/g)).toHaveLength(1);
    expect(inbox).toContain('data-testid="matches-chat-pane"');
  });

  test("signed out gets 401", async () => {
    expect((await app.request("GET", "/api/matches")).status).toBe(401);
  });

  test("the list and the chat never carry the other person's email, exact position or session data", async () => {
    const me = await app.registerUser({ firstName: "Maria" });
    const other = await app.registerUser({ firstName: "Yohanes" });
    await app.deps.db.insert(profiles).values({ userId: other.id, age: 29, gender: "male", denomination: "Catholic", churchName: "St. Yoseph", faithTestimony: "x", faithDuration: "5-10 years", bio: "x", city: "jakarta", cityLat: -6.2088123, cityLng: 106.8456789 });
    const matchId = await matchUsers(app, me, other);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: other.cookie, body: { content: "Halo Maria" } });
    const sent = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: me.cookie, body: { content: "Halo Yohanes" } });
    const bodies = [
      await (await app.request("GET", "/api/matches", { cookie: me.cookie })).text(),
      await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: me.cookie })).text(),
      await sent.text(),
    ];
    const secrets = [other.email, other.email.split("@")[0]!, "-6.2088", "106.8456", other.cookie.split("=")[1]!, ...(await app.deps.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)];
    for (const body of bodies) {
      expect(body).toContain("Yohanes");
      for (const secret of secrets) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/"(email|phone|cityLat|cityLng|lat|lng|latitude|longitude|passwordHash|sessionId)"/);
    }
  });

  test("leaves out a match whose row outlived a block, whichever of the two blocked", async () => {
    const me = await app.registerUser({ firstName: "Maria" });
    const blocker = await app.registerUser({ firstName: "Yohanes" });
    const blocked = await app.registerUser({ firstName: "Paulus" });
    const friend = await app.registerUser({ firstName: "Lukas" });
    const blockedByThem = await matchUsers(app, me, blocker);
    const blockedByMe = await matchUsers(app, me, blocked);
    const kept = await matchUsers(app, me, friend);
    // A block racing a swipe: the block row is written, the match row remains.
    await app.deps.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: me.id, createdAt: app.clock.now() },
      { blockerId: me.id, blockedId: blocked.id, createdAt: app.clock.now() },
    ]);
    expect(await app.deps.db.select().from(matches)).toHaveLength(3);

    const mine = await (await app.request("GET", "/api/matches", { cookie: me.cookie })).json();
    expect(mine.map((m: { id: string }) => m.id)).toEqual([kept]);
    for (const [other, matchId] of [[blocker, blockedByThem], [blocked, blockedByMe]] as const) {
      const theirs = await (await app.request("GET", "/api/matches", { cookie: other.cookie })).json();
      expect(theirs.map((m: { id: string }) => m.id)).not.toContain(matchId);
      expect(theirs).toEqual([]);
    }
    // Nor can the chat of such a pair be read or marked read.
    for (const path of [`/api/matches/${blockedByThem}/messages`, `/api/matches/${blockedByMe}/messages`]) {
      expect((await app.request("GET", path, { cookie: me.cookie })).status).toBe(404);
    }
    expect((await app.request("POST", `/api/matches/${blockedByMe}/read`, { cookie: me.cookie })).status).toBe(404);
    expect((await app.request("GET", `/api/matches/${kept}/messages`, { cookie: me.cookie })).status).toBe(200);
  });
});

describe("GET /api/matches/unread", () => {
  test("counts others' unread messages across open conversations, not one's own, a read chat, or a blocked pair", async () => {
    const me = await createMember(app, { firstName: "Maria", gender: "female" });
    const yohanes = await createMember(app, { firstName: "Yohanes", gender: "male" });
    const paulus = await createMember(app, { firstName: "Paulus", gender: "male" });
    const first = await matchUsers(app, me, yohanes);
    const second = await matchUsers(app, me, paulus);
    const send = (from: { cookie: string }, matchId: string, content: string) => app.request("POST", `/api/matches/${matchId}/messages`, { cookie: from.cookie, body: { content } });
    const unread = async () => (await (await app.request("GET", "/api/matches/unread", { cookie: me.cookie })).json()).count;
    // Opening Matches saw the two new matches: no dot; the conversations still count below.
    await app.request("GET", "/matches", { cookie: me.cookie });
    expect(await unread()).toBe(0);
    await send(yohanes, first, "Shalom");
    await send(yohanes, first, "Apa kabar?");
    await send(paulus, second, "Halo Maria");
    await send(me, second, "Halo Paulus");
    expect(await unread()).toBe(3);
    await app.request("POST", `/api/matches/${first}/read`, { cookie: me.cookie });
    expect(await unread()).toBe(1);
    await app.deps.db.insert(blocks).values({ blockerId: paulus.id, blockedId: me.id, createdAt: new Date() });
    expect(await unread()).toBe(0);
    expect((await app.request("GET", "/api/matches/unread")).status).toBe(401);
  });
});

describe("the Matches tab's dot", () => {
  test("shows for matches made since Matches was last opened that have no message yet", async () => {
    const me = await createMember(app, { firstName: "Maria", gender: "female" });
    const yohanes = await createMember(app, { firstName: "Yohanes", gender: "male" });
    const paulus = await createMember(app, { firstName: "Paulus", gender: "male" });
    const marks = async () => (await (await app.request("GET", "/api/matches/unread", { cookie: me.cookie })).json()) as { count: number; newMatches: number };
    await matchUsers(app, me, yohanes);
    expect(await marks()).toEqual({ count: 0, newMatches: 1 });
    expect((await app.request("GET", "/matches", { cookie: me.cookie })).status).toBe(200);
    expect((await marks()).newMatches).toBe(0);
    app.clock.advance(60_000);
    const later = await matchUsers(app, me, paulus);
    expect((await marks()).newMatches).toBe(1);
    // Once they talk, it is a conversation (the Chats badge), not a new match.
    await app.request("POST", `/api/matches/${later}/messages`, { cookie: paulus.cookie, body: { content: "Halo Maria" } });
    expect(await marks()).toEqual({ count: 1, newMatches: 0 });
  });
});

describe("unmatch", () => {
  test("POST /api/matches/{id}/unmatch removes the match and chat for both and emits match.removed", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const matchId = await matchUsers(app, a, b);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "hi" } });
    const removed: unknown[] = [];
    app.deps.events.on("match.removed", (event) => removed.push(event));

    const response = await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: b.cookie });
    expect(response.status).toBe(200);
    expect(await (await app.request("GET", "/api/matches", { cookie: a.cookie })).json()).toEqual([]);
    expect(await (await app.request("GET", "/api/matches", { cookie: b.cookie })).json()).toEqual([]);
    expect((await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: a.cookie })).status).toBe(404);
    expect(await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).toEqual([]);
    expect(removed).toEqual([{ matchId, userIds: [expect.any(String), expect.any(String)] }]);
  });

  test("DELETE /api/matches/{id} works too, and a stranger gets 404 without removing anything", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const matchId = await matchUsers(app, a, b);
    const stranger = await app.registerUser();
    expect((await app.request("DELETE", `/api/matches/${matchId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect(await app.deps.db.select().from(matches)).toHaveLength(1);
    expect((await app.request("DELETE", `/api/matches/${matchId}`, { cookie: a.cookie })).status).toBe(200);
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
  });

  test("a request from a foreign Origin is refused", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const matchId = await matchUsers(app, a, b);
    const response = await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: a.cookie, headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await app.deps.db.select().from(matches)).toHaveLength(1);
  });
});

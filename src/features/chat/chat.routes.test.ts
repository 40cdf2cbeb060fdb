import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";

// Registration hashes passwords (argon2): on a shared machine a test with several users takes seconds.
setDefaultTimeout(30_000);
import { eq } from "drizzle-orm";
import { dailyUsage, matches, messages, photos, profiles, users } from "../../../db/schema";
import { createMember } from "../discovery/discovery.test-support";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers, setPlan } from "../../testing/match-fixtures";
import { islandProps } from "../../testing/island-props";
import { jakartaDayOf } from "../../platform/clock";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

async function pair() {
  const a = await app.registerUser({ firstName: "Ana" });
  const b = await app.registerUser({ firstName: "Budi" });
  const matchId = await matchUsers(app, a, b);
  return { a, b, matchId };
}

describe("GET /api/matches/{matchId}/messages", () => {
  test("a third user gets 404 for another pair's messages, and cannot post there", async () => {
    const { a, matchId } = await pair();
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "Hi" } });
    const stranger = await app.registerUser();
    const read = await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: stranger.cookie });
    expect(read.status).toBe(404);
    const post = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: stranger.cookie, body: { content: "Hello?" } });
    expect(post.status).toBe(404);
    expect(await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).toHaveLength(1);
  });

  test("signed out gets 401 Unauthorized", async () => {
    const { matchId } = await pair();
    const response = await app.request("GET", `/api/matches/${matchId}/messages`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  test("returns the history newest last, in pages of at most 50 with ?before", async () => {
    const { a, b, matchId } = await pair();
    await setPlan(app, a, "premium");
    for (let i = 0; i < 55; i++) {
      await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: `m${i}` } });
      app.clock.advance(1000);
    }
    const page = (await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: b.cookie })).json()) as { id: string; content: string }[];
    expect(page).toHaveLength(50);
    expect(page[0]!.content).toBe("m5");
    expect(page.at(-1)!.content).toBe("m54");
    const older = (await (await app.request("GET", `/api/matches/${matchId}/messages?before=${page[0]!.id}`, { cookie: b.cookie })).json()) as { content: string }[];
    expect(older.map((m) => m.content)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });
});

describe("the :matchId parameter", () => {
  test("an id that is too long or holds characters ids never have is 400 with a message, on every chat and unmatch route", async () => {
    const { a } = await pair();
    const bad = ["x".repeat(65), "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abc%27%20or%201%3D1", "abc.def", "%E2%9C%93"];
    for (const matchId of bad) {
      for (const [method, path, body] of [
        ["GET", `/api/matches/${matchId}/messages`, undefined],
        ["POST", `/api/matches/${matchId}/messages`, { content: "Hi" }],
        ["POST", `/api/matches/${matchId}/read`, undefined],
        ["POST", `/api/matches/${matchId}/unmatch`, undefined],
        ["DELETE", `/api/matches/${matchId}`, undefined],
      ] as const) {
        const response = await app.request(method, path, { cookie: a.cookie, body });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: "Invalid match id" });
      }
    }
    expect(await app.deps.db.select().from(messages)).toHaveLength(0);
    expect(await app.deps.db.select().from(matches)).toHaveLength(1);
  });

  test("a well-formed id that is no match of yours is still 404, and signed out is still 401", async () => {
    const { a } = await pair();
    const unknown = "a".repeat(26);
    expect((await app.request("GET", `/api/matches/${unknown}/messages`, { cookie: a.cookie })).status).toBe(404);
    expect((await app.request("POST", `/api/matches/${unknown}/read`, { cookie: a.cookie })).status).toBe(404);
    expect((await app.request("GET", `/api/matches/${"x".repeat(65)}/messages`)).status).toBe(401);
  });
});

describe("POST /api/matches/{matchId}/messages", () => {
  test("trims the text and stores it with the sender", async () => {
    const { a, b, matchId } = await pair();
    const response = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "  Shalom!  " } });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ content: "Shalom!", senderId: a.id, sender: { firstName: "Ana" }, readAt: null, remainingToday: 24 });
    const list = await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: b.cookie })).json();
    expect(list).toHaveLength(1);
  });

  test("refuses empty, whitespace-only and over-long messages", async () => {
    const { a, matchId } = await pair();
    for (const content of ["", "   \n ", "x".repeat(2001), 42]) {
      const response = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content } });
      expect(response.status).toBe(400);
    }
    const ok = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "x".repeat(2000) } });
    expect(ok.status).toBe(201);
    expect(await app.deps.db.select().from(messages)).toHaveLength(1);
  });

  test("40 concurrent messages from a free user with 24 sent: exactly 1 stored", async () => {
    const { a, matchId } = await pair();
    await app.deps.db.insert(dailyUsage).values({ userId: a.id, day: jakartaDayOf(app.clock.now()), swipes: 0, chats: 24 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: `race ${i}` } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(39);
    const limited = responses.find((r) => r.status === 429)!;
    expect(await limited.json()).toEqual({ message: "Daily chat limit reached" });
    expect(limited.headers.get("Retry-After")).toBe(String(14 * 3600)); // until Jakarta midnight
    expect(await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId))).toHaveLength(1);
  });

  test("the free limit resets at Jakarta midnight and premium members have none", async () => {
    const { a, b, matchId } = await pair();
    await app.deps.db.insert(dailyUsage).values({ userId: a.id, day: jakartaDayOf(app.clock.now()), swipes: 0, chats: 25 });
    expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "x" } })).status).toBe(429);
    app.clock.advance(24 * 60 * 60_000);
    expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "x" } })).status).toBe(201);
    await setPlan(app, b, "premium");
    await app.deps.db.insert(dailyUsage).values({ userId: b.id, day: jakartaDayOf(app.clock.now()), swipes: 0, chats: 25 });
    const premium = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: b.cookie, body: { content: "y" } });
    expect(premium.status).toBe(201);
    expect((await premium.json()).remainingToday).toBeNull();
  });

  test("more than 60 messages a minute are throttled with Retry-After, premium included", async () => {
    const { a, matchId } = await pair();
    await setPlan(app, a, "premium_plus");
    for (let i = 0; i < 60; i++) expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: `m${i}` } })).status).toBe(201);
    const throttled = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "one more" } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).not.toBeNull();
    app.clock.advance(60_000);
    expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "later" } })).status).toBe(201);
  });
});

describe("POST /api/matches/{matchId}/read", () => {
  test("marks the other person's messages read, not your own", async () => {
    const { a, b, matchId } = await pair();
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "from a" } });
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: b.cookie, body: { content: "from b" } });
    const response = await app.request("POST", `/api/matches/${matchId}/read`, { cookie: b.cookie });
    expect(response.status).toBe(200);
    const rows = await app.deps.db.select().from(messages).where(eq(messages.matchId, matchId));
    expect(rows.find((m) => m.content === "from a")!.readAt).not.toBeNull();
    expect(rows.find((m) => m.content === "from b")!.readAt).toBeNull();
    const stranger = await app.registerUser();
    expect((await app.request("POST", `/api/matches/${matchId}/read`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe("the chat page", () => {
  test("shows the other person (name, age, main photo) and the latest messages, oldest first", async () => {
    const a = await createMember(app, { gender: "male", firstName: "Andi" });
    const b = await createMember(app, { firstName: "Berta", age: 31 });
    const matchId = await matchUsers(app, a, b);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: b.cookie, body: { content: "Syalom, Andi!" } });
    app.clock.advance(1_000);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "Syalom, Berta!" } });
    const [mainPhoto] = await app.deps.db.select().from(photos).where(eq(photos.userId, b.id));

    const page = await app.request("GET", `/chat/${matchId}`, { cookie: a.cookie });
    expect(page.status).toBe(200);
    const props = islandProps(await page.text(), "chat-panel");
    expect(props.other).toMatchObject({ id: b.id, firstName: "Berta", age: 31, photo: `/uploads/${mainPhoto!.fileName}?size=thumb`, verified: false });
    expect(props.initialMessages.map((message: { content: string }) => message.content)).toEqual(["Syalom, Andi!", "Syalom, Berta!"]);
    // A chat with messages needs no icebreakers: the prompts are not sent.
    expect(props.other.prompts).toEqual([]);
  });

  test("an empty chat offers three icebreakers, the first from the other person's prompt, in the reader's language (decision 0137)", async () => {
    const a = await createMember(app, { gender: "male", firstName: "Andi" });
    const b = await createMember(app, { firstName: "Berta" });
    await app.deps.db.update(profiles).set({ prompts: [{ id: "worshipSong", answer: "Way Maker" }] }).where(eq(profiles.userId, b.id));
    const matchId = await matchUsers(app, a, b);
    const english = await (await app.request("GET", `/chat/${matchId}`, { cookie: a.cookie })).text();
    expect(islandProps(english, "chat-panel").other.prompts).toEqual([{ id: "worshipSong", answer: "Way Maker" }]);
    expect(english.match(/data-testid="icebreaker"/g)).toHaveLength(3);
    expect(english).toContain("You wrote “Way Maker” for “The worship song I have on repeat”. Tell me more?");
    const indonesian = await (await app.request("GET", `/chat/${matchId}`, { cookie: `${a.cookie}; app-language=id` })).text();
    expect(indonesian).toContain("Kamu nulis “Way Maker” untuk “");
  });

  test("a declined call's line says declined, a missed one missed, each with the one time format", async () => {
    const a = await createMember(app, { gender: "male", firstName: "Andi" });
    const b = await createMember(app, { firstName: "Berta" });
    const matchId = await matchUsers(app, a, b);
    app.clock.set(new Date("2026-11-22T14:22:00Z"));
    await app.deps.db.insert(messages).values([
      { id: "m-declined", matchId, senderId: a.id, content: "voice:declined", kind: "missed_call", createdAt: app.clock.now() },
      { id: "m-missed", matchId, senderId: a.id, content: "video", kind: "missed_call", createdAt: new Date(app.clock.now().getTime() + 1000) },
    ]);
    const page = await (await app.request("GET", `/chat/${matchId}`, { cookie: b.cookie })).text();
    expect(page).toMatch(/>Declined voice call(<!-- -->)? · <time dateTime="2026-11-22T14:22:00.000Z">9:22 PM<\/time>/);
    expect(page).toMatch(/>Missed video call(<!-- -->)? · <time/);
    // One separator before the day's first line (the server renders Jakarta time).
    expect(page.match(/data-testid="chat-day">22 Nov( 2026)?</g)).toHaveLength(1);
  });
});

describe("a banned partner", () => {
  test("closes the chat: messages and the page are 404 and nothing is stored", async () => {
    const { a, b, matchId } = await pair();
    const { banUser } = await import("../admin/operator-commands");
    await banUser(app.deps.db, b.email);
    expect((await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: a.cookie })).status).toBe(404);
    const sent = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: a.cookie, body: { content: "Hello?" } });
    expect(sent.status).toBe(404);
    expect(await app.deps.db.select().from(messages)).toHaveLength(0);
  });

  test("the chat page of that match is the 404 'no longer available' page", async () => {
    const a = await createMember(app, { gender: "male", firstName: "Andi" });
    const b = await createMember(app, { firstName: "Berta" });
    const matchId = await matchUsers(app, a, b);
    expect((await app.request("GET", `/chat/${matchId}`, { cookie: a.cookie })).status).toBe(200);
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, b.id));
    const page = await app.request("GET", `/chat/${matchId}`, { cookie: a.cookie });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This match does not exist or is no longer available.");
  });
});

describe("the Chats tab (/matches?view=chats)", () => {
  test("lists only the matches with a conversation, under its own title and tab", async () => {
    const me = await createMember(app, { gender: "male", firstName: "Andi" });
    const talking = await createMember(app, { firstName: "Tiur" });
    const quiet = await createMember(app, { firstName: "Sekar" });
    const talkingMatch = await matchUsers(app, me, talking);
    await matchUsers(app, me, quiet);
    const emptyChats = await (await app.request("GET", "/matches?view=chats", { cookie: me.cookie })).text();
    expect(emptyChats).toContain("No conversations yet");
    await app.request("POST", `/api/matches/${talkingMatch}/messages`, { cookie: talking.cookie, body: { content: "Syalom!" } });

    const chats = await (await app.request("GET", "/matches?view=chats", { cookie: me.cookie })).text();
    expect(chats).toContain('<h1 class="page-title">Chats</h1>');
    expect(chats).toMatch(/href="\/matches\?view=chats" class="tab" aria-current="page"/);
    expect(chats).toContain("Tiur");
    expect(chats).not.toContain(">Sekar");

    const all = await (await app.request("GET", "/matches", { cookie: me.cookie })).text();
    expect(all).toContain('<h1 class="page-title">Matches</h1>');
    expect(all).toContain("Tiur");
    expect(all).toContain("Sekar");
  });
});

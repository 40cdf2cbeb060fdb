import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";

// Registration hashes passwords (argon2): on a shared machine a test with several users takes seconds.
setDefaultTimeout(30_000);
import { and, ne } from "drizzle-orm";
import { blocks, matches, reports, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { notBlockedSql } from "./safety.service";
import { createMember } from "../discovery/discovery.test-support";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

/** What a suggestions query sees once it applies the block rule (discovery uses notBlockedSql). */
async function candidatesFor(viewerId: string) {
  const rows = await app.deps.db.select({ id: users.id }).from(users).where(and(ne(users.id, viewerId), notBlockedSql(users.id, viewerId)));
  return rows.map((row) => row.id);
}

describe("POST /api/blocks", () => {
  test("block: removes the match, the pair never appears in each other's suggestions, and cannot message", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const c = await app.registerUser();
    const matchId = await matchUsers(app, a, b);
    expect(await candidatesFor(a.id)).toContain(b.id);

    const response = await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: b.id } });
    expect(response.status).toBe(201);
    expect(await app.deps.db.select().from(blocks)).toEqual([{ blockerId: a.id, blockedId: b.id, createdAt: expect.any(Date) }]);
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
    expect(await candidatesFor(a.id)).not.toContain(b.id);
    expect(await candidatesFor(b.id)).not.toContain(a.id);
    expect(await candidatesFor(b.id)).toContain(c.id);
    for (const sender of [a, b]) {
      const send = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: sender.cookie, body: { content: "still there?" } });
      expect(send.status).toBe(404);
    }
    // Even a match row created afterwards (a stale like) carries no messages either way.
    const again = await matchUsers(app, a, b);
    expect((await app.request("POST", `/api/matches/${again}/messages`, { cookie: b.cookie, body: { content: "hi" } })).status).toBe(404);
  });

  test("block through the real suggestions: neither sees the other in GET /api/discovery any more", async () => {
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const yohanes = await createMember(app, { firstName: "Yohanes", gender: "male" });
    const paulus = await createMember(app, { firstName: "Paulus", gender: "male" });
    const idsSeenBy = async (viewer: { cookie: string }) => ((await (await app.request("GET", "/api/discovery", { cookie: viewer.cookie })).json()) as { id: string }[]).map((card) => card.id);
    expect(await idsSeenBy(maria)).toContain(yohanes.id);
    expect(await idsSeenBy(yohanes)).toContain(maria.id);

    expect((await app.request("POST", "/api/blocks", { cookie: yohanes.cookie, body: { userId: maria.id } })).status).toBe(201);
    expect(await idsSeenBy(maria)).not.toContain(yohanes.id);
    expect(await idsSeenBy(maria)).toContain(paulus.id);
    expect(await idsSeenBy(yohanes)).not.toContain(maria.id);
  });

  test("blocking twice is harmless; yourself or an unknown id is refused", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    expect((await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: b.id } })).status).toBe(201);
    expect((await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: b.id } })).status).toBe(201);
    expect(await app.deps.db.select().from(blocks)).toHaveLength(1);
    expect((await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: a.id } })).status).toBe(400);
    expect((await app.request("POST", "/api/blocks", { cookie: a.cookie, body: { userId: "nobody" } })).status).toBe(404);
    expect((await app.request("POST", "/api/blocks", { cookie: a.cookie, body: {} })).status).toBe(400);
    expect((await app.request("POST", "/api/blocks", { body: { userId: b.id } })).status).toBe(401);
  });
});

describe("POST /api/reports", () => {
  test("stores a pending report with reporter and reported user, also after an unmatch", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const matchId = await matchUsers(app, a, b);
    await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: a.cookie });
    const response = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "harassment", description: "  Rude messages  " } });
    expect(response.status).toBe(201);
    const [row] = await app.deps.db.select().from(reports);
    expect(row).toMatchObject({ reporterId: a.id, reportedUserId: b.id, reason: "harassment", description: "Rude messages", status: "pending" });
  });

  test("reporting a match also blocks and unmatches by default: the chat is gone for both, and both hear it live", async () => {
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(app, maria, budi);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: budi.cookie, body: { content: "Can you send me Rp 2 juta for the bus?" } });
    const removed: unknown[] = [];
    app.deps.events.on("match.removed", (payload) => removed.push(payload));

    const response = await app.request("POST", "/api/reports", { cookie: maria.cookie, body: { reportedUserId: budi.id, reason: "scam" } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ reportedUserId: budi.id, reason: "scam", status: "pending", blocked: true });
    expect(await app.deps.db.select().from(blocks)).toEqual([{ blockerId: maria.id, blockedId: budi.id, createdAt: expect.any(Date) }]);
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
    expect(removed).toEqual([{ matchId, userIds: [maria.id, budi.id] }]);
    // Budi can no longer write to her, and she has left his deck.
    expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: budi.cookie, body: { content: "hello?" } })).status).toBe(404);
    expect(await candidatesFor(budi.id)).not.toContain(maria.id);
    // The conversation is kept with the report, for the admin.
    const [row] = await app.deps.db.select().from(reports);
    expect(row?.evidence).toEqual([expect.objectContaining({ senderId: budi.id, content: "Can you send me Rp 2 juta for the bus?", kind: "text" })]);
  });

  test("a reporter who unticks 'Also block' keeps the match", async () => {
    const a = await createMember(app, { gender: "female" });
    const b = await createMember(app, { gender: "male" });
    await matchUsers(app, a, b);
    const response = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "other", block: false } });
    expect(response.status).toBe(201);
    expect((await response.json()).blocked).toBe(false);
    expect(await app.deps.db.select().from(blocks)).toHaveLength(0);
    expect(await app.deps.db.select().from(matches)).toHaveLength(1);
    const invalid = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "other", block: "yes" } });
    expect(invalid.status).toBe(400);
  });

  test("a report refused by the day's limit blocks nobody and keeps the match", async () => {
    const a = await createMember(app, { gender: "female" });
    const b = await createMember(app, { gender: "male" });
    const c = await createMember(app, { gender: "male" });
    for (let i = 0; i < 20; i++) await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "scam", block: false } });
    await matchUsers(app, a, c);
    const refused = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: c.id, reason: "scam" } });
    expect(refused.status).toBe(429);
    expect(await app.deps.db.select().from(blocks)).toHaveLength(0);
    expect(await app.deps.db.select().from(matches)).toHaveLength(1);
  });

  test("refuses an unknown reason, yourself and unknown users", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    const bad = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "bored" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Please choose a reason" });
    expect((await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: a.id, reason: "other" } })).status).toBe(400);
    expect((await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: "ghost", reason: "other" } })).status).toBe(404);
    expect(await app.deps.db.select().from(reports)).toHaveLength(0);
  });

  test("a member can file at most 20 reports a day", async () => {
    const a = await app.registerUser();
    const b = await app.registerUser();
    for (let i = 0; i < 20; i++) expect((await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "scam" } })).status).toBe(201);
    app.clock.advance(60 * 60_000);
    const refused = await app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "scam" } });
    expect(refused.status).toBe(429);
    // A rolling day: the first report leaves the window 23 hours from now.
    expect(refused.headers.get("Retry-After")).toBe(String(23 * 3600));
  });

  test("40 reports sent at the same moment still make at most 20", async () => {
    const a = await createMember(app, { gender: "male" });
    const b = await createMember(app);
    const responses = await Promise.all(Array.from({ length: 40 }, () => app.request("POST", "/api/reports", { cookie: a.cookie, body: { reportedUserId: b.id, reason: "scam" } })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(20);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(20);
    expect(await app.deps.db.select().from(reports)).toHaveLength(20);
  });
});

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { matches, messages } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { storeMessage } from "./message-writer";
import { MARK_READ_SQL, markRead } from "./chat.service";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

function messageRow(matchId: string, senderId: string, at: Date) {
  return { id: newId(), matchId, senderId, content: "Shalom, apa kabar?", kind: "text" as const, createdAt: at, readAt: null };
}

describe("storeMessage (fixed SQL text, decision 0104)", () => {
  test("stores every column as the schema reads it back, and the match's activity time", async () => {
    const a = await createMember(app, { firstName: "Ana" });
    const b = await createMember(app, { firstName: "Budi" });
    const matchId = await matchUsers(app, a, b);
    const at = new Date(app.clock.now().getTime() + 1234);
    const row = messageRow(matchId, a.id, at);
    await storeMessage(app.deps.db, row);
    const [stored] = await app.deps.db.select().from(messages).where(eq(messages.id, row.id));
    expect(stored).toEqual(row);
    const [match] = await app.deps.db.select({ lastMessageAt: matches.lastMessageAt }).from(matches).where(eq(matches.id, matchId));
    expect(match?.lastMessageAt?.getTime()).toBe(at.getTime());
  });

  test("the match keeps its newest message time when an older message is stored after it", async () => {
    const a = await createMember(app);
    const b = await createMember(app);
    const matchId = await matchUsers(app, a, b);
    const newer = new Date(app.clock.now().getTime() + 5_000);
    await Promise.all([storeMessage(app.deps.db, messageRow(matchId, a.id, newer)), storeMessage(app.deps.db, messageRow(matchId, b.id, new Date(newer.getTime() - 4_000)))]);
    const [match] = await app.deps.db.select({ lastMessageAt: matches.lastMessageAt }).from(matches).where(eq(matches.id, matchId));
    expect(match?.lastMessageAt?.getTime()).toBe(newer.getTime());
  });

  test("a message to a match that is gone is refused and leaves nothing", async () => {
    const a = await createMember(app);
    const row = messageRow(newId(), a.id, app.clock.now());
    await expect(storeMessage(app.deps.db, row)).rejects.toThrow(/FOREIGN KEY/i);
    expect(await app.deps.db.select().from(messages).where(eq(messages.id, row.id))).toEqual([]);
  });
});

describe("markRead (fixed SQL text, decision 0109)", () => {
  test("marks only the other person's unread messages, and visits only unread ones (the partial index)", async () => {
    const a = await createMember(app, { firstName: "Ana" });
    const b = await createMember(app, { firstName: "Budi" });
    const matchId = await matchUsers(app, a, b);
    const at = app.clock.now();
    const fromA = messageRow(matchId, a.id, at);
    const fromB = messageRow(matchId, b.id, at);
    await storeMessage(app.deps.db, fromA);
    await storeMessage(app.deps.db, fromB);
    const readAt = new Date(at.getTime() + 60_000);
    expect(await markRead(app.deps.db, readAt, matchId, b.id)).toBe(readAt.toISOString());
    const rows = await app.deps.db.select({ id: messages.id, readAt: messages.readAt }).from(messages).where(eq(messages.matchId, matchId));
    expect(new Map(rows.map((row) => [row.id, row.readAt?.getTime() ?? null]))).toEqual(new Map([[fromA.id, readAt.getTime()], [fromB.id, null]]));
    // Nothing left unread for Budi: no change, no receipt.
    expect(await markRead(app.deps.db, readAt, matchId, b.id)).toBeNull();
    // A long conversation costs a receipt nothing extra: the update reads the unread index only.
    const plan = await app.deps.dbClient.execute({ sql: `explain query plan ${MARK_READ_SQL}`, args: [0, matchId, b.id] });
    expect(plan.rows.map((row) => String(row.detail)).join(" | ")).toContain("USING INDEX messages_unread_idx");
  });
});

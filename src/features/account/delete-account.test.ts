import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import {
  adEvents,
  adminActions,
  adPlacements,
  dailyUsage,
  emailVerificationTokens,
  matches,
  messages,
  oauthAccounts,
  passwordResetTokens,
  payments,
  photos,
  reports,
  settings,
  subscriptions,
  users,
} from "../../../db/schema";
import { newId } from "../../platform/ids";
import type { AppEvents } from "../../platform/events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember, recordBlock, recordSwipe } from "../discovery/discovery.test-support";
import { uploadsDir } from "../profile/photos/photo-store";
import { deleteAccount } from "./delete-account";

let t: TestApp;
let events: { name: keyof AppEvents; payload: unknown }[];

beforeEach(async () => {
  t = await createTestApp();
  events = [];
  for (const name of ["sessions.revoked", "user.deleted", "match.removed"] as const) t.deps.events.on(name, (payload) => events.push({ name, payload }));
});
afterEach(() => t.close());

/** A real file under $DATA_DIR/uploads with one of our generated names. */
function storedFile(): string {
  const fileName = `${newId()}.jpg`;
  writeFileSync(join(uploadsDir(t.dataDir), fileName), "jpeg bytes");
  return fileName;
}
const onDisk = (fileName: string) => existsSync(join(uploadsDir(t.dataDir), fileName));

async function photoOf(userId: string, position: number) {
  const fileName = storedFile();
  await t.deps.db.insert(photos).values({ id: newId(), userId, position, fileName, mimeType: "image/jpeg", width: 800, height: 800, byteSize: 10, createdAt: t.clock.now() });
  return fileName;
}

/** Where each table names a user (every column that references users.id). */
const REFERENCES: Record<string, string> = {
  users: "id = :id",
  sessions: "user_id = :id",
  oauth_accounts: "user_id = :id",
  password_reset_tokens: "user_id = :id",
  email_verification_tokens: "user_id = :id",
  daily_usage: "user_id = :id",
  profiles: "user_id = :id",
  photos: "user_id = :id",
  swipes: "swiper_id = :id or swiped_id = :id",
  matches: "user1_id = :id or user2_id = :id",
  messages: "sender_id = :id",
  blocks: "blocker_id = :id or blocked_id = :id",
  reports: "reporter_id = :id or reported_user_id = :id",
  payments: "user_id = :id",
  subscriptions: "user_id = :id",
  ad_events: "user_id = :id",
  admin_actions: "admin_id = :id or target_user_id = :id",
  settings: "updated_by = :id",
};

/** How many rows of each table name the user. */
async function rowsNaming(userId: string) {
  const counts: Record<string, number> = {};
  for (const [table, condition] of Object.entries(REFERENCES)) {
    const result = await t.deps.dbClient.execute({ sql: `select count(*) as n from ${table} where ${condition}`, args: { id: userId } });
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe("deleteAccount", () => {
  it("removes the account and everything of it, files included, and leaves no dangling reference", async () => {
    const now = t.clock.now();
    const gone = await createMember(t, { firstName: "Yudi", isAdmin: true });
    const partner = await createMember(t, { firstName: "Rut" });
    const bystander = await createMember(t, { firstName: "Sari" });
    const db = t.deps.db;

    // Files: two photos and a separate profile picture; the partner's photo must survive.
    await db.delete(photos).where(eq(photos.userId, gone.id));
    const goneFiles = [await photoOf(gone.id, 0), await photoOf(gone.id, 1)];
    const picture = storedFile();
    await db.update(users).set({ profileImageUrl: `/uploads/${picture}` }).where(eq(users.id, gone.id));
    const partnerFile = await photoOf(partner.id, 1);

    const matchId = await matchUsers(t, gone, partner);
    await db.insert(messages).values([
      { id: newId(), matchId, senderId: gone.id, content: "Halo!", createdAt: now },
      { id: newId(), matchId, senderId: partner.id, content: "Hai juga", createdAt: now },
    ]);
    const otherMatch = await matchUsers(t, partner, bystander);
    await db.insert(messages).values({ id: newId(), matchId: otherMatch, senderId: partner.id, content: "Tetap ada", createdAt: now });
    await recordSwipe(t, gone.id, bystander.id, true);
    await recordSwipe(t, bystander.id, gone.id, false);
    await recordBlock(t, gone.id, bystander.id);
    await db.insert(reports).values([
      { id: newId(), reporterId: gone.id, reportedUserId: bystander.id, reason: "spam", createdAt: now },
      { id: newId(), reporterId: partner.id, reportedUserId: gone.id, reason: "spam", createdAt: now },
    ]);
    await db.insert(oauthAccounts).values({ provider: "google", providerUserId: "g-1", userId: gone.id, createdAt: now });
    await db.insert(passwordResetTokens).values({ id: newId(), userId: gone.id, expiresAt: now, createdAt: now });
    await db.insert(emailVerificationTokens).values({ id: newId(), userId: gone.id, expiresAt: now, createdAt: now });
    await db.insert(dailyUsage).values({ userId: gone.id, day: "2026-11-22", swipes: 3, chats: 1 });
    const paymentId = newId();
    await db.insert(payments).values({ id: paymentId, userId: gone.id, plan: "premium", amount: 49_000, method: "qris", gateway: "midtrans", gatewayOrderId: "order-1", createdAt: now });
    await db.insert(subscriptions).values({ id: newId(), userId: gone.id, plan: "premium", paymentId, createdAt: now });
    const placementId = newId();
    await db.insert(adPlacements).values({ id: placementId, name: "Deck", createdAt: now });
    await db.insert(adEvents).values({ id: newId(), placementId, userId: gone.id, kind: "impression", createdAt: now });
    await db.insert(settings).values({ key: "payment_qris", value: true, updatedBy: gone.id });
    await db.insert(adminActions).values({ id: newId(), adminId: gone.id, adminName: "Yudi", targetUserId: bystander.id, targetName: "Sari", action: "ban", createdAt: now });

    const result = await deleteAccount(t.deps, gone.id);

    expect(result).toMatchObject({ id: gone.id, firstName: "Yudi", removedMatches: [{ matchId, userIds: [gone.id, partner.id].sort() }] });
    expect(result!.removedFiles.sort()).toEqual([...goneFiles, picture].sort());
    expect(await rowsNaming(gone.id)).toEqual(Object.fromEntries(Object.keys(REFERENCES).map((table) => [table, 0])));
    for (const file of [...goneFiles, picture]) expect(onDisk(file)).toBe(false);
    expect(onDisk(partnerFile)).toBe(true);
    // What belongs to others stays: their match, its message, the ad event and setting (anonymous now), the log row.
    expect((await db.select().from(matches).where(eq(matches.id, otherMatch))).length).toBe(1);
    expect((await db.select().from(messages).where(eq(messages.matchId, otherMatch))).length).toBe(1);
    expect((await db.select().from(adEvents)).length).toBe(1);
    expect((await db.select().from(settings)).map((row) => row.updatedBy)).toEqual([null]);
    expect(await db.select({ adminId: adminActions.adminId, adminName: adminActions.adminName }).from(adminActions)).toEqual([{ adminId: null, adminName: "Yudi" }]);
    expect((await t.deps.dbClient.execute("PRAGMA foreign_key_check")).rows).toEqual([]);
    expect(events).toEqual([
      { name: "match.removed", payload: { matchId, userIds: [gone.id, partner.id].sort() } },
      { name: "sessions.revoked", payload: { userId: gone.id, sessionIds: null } },
      { name: "user.deleted", payload: { userId: gone.id } },
    ]);
    expect((await t.request("GET", "/api/auth/user", { cookie: gone.cookie })).status).toBe(401);
  });

  it("keeps a profile picture that is also someone's photo file", async () => {
    const gone = await createMember(t);
    const other = await createMember(t);
    const shared = await photoOf(other.id, 1);
    await t.deps.db.update(users).set({ profileImageUrl: `/uploads/${shared}` }).where(eq(users.id, gone.id));
    const result = await deleteAccount(t.deps, gone.id);
    expect(result!.removedFiles).not.toContain(shared);
    expect(onDisk(shared)).toBe(true);
  });

  it("does nothing at all for an unknown account or one that no longer meets the condition", async () => {
    const kept = await createMember(t);
    const file = await photoOf(kept.id, 1);
    const partner = await createMember(t);
    await matchUsers(t, kept, partner);
    expect(await deleteAccount(t.deps, "nosuchuser")).toBeNull();
    expect(await deleteAccount(t.deps, kept.id, { onlyIf: sql`${users.isBanned} = 1`, alongside: (guard) => [t.deps.db.run(sql`insert into admin_actions (id, admin_name, target_name, action, created_at) select ${newId()}, 'Test', 'x', 'delete_user', 0 where ${guard}`)] })).toBeNull();
    const counts = await rowsNaming(kept.id);
    expect(counts).toMatchObject({ users: 1, photos: 2, matches: 1, sessions: 1, profiles: 1, admin_actions: 0 });
    expect((await t.deps.db.select().from(adminActions)).length).toBe(0);
    expect(onDisk(file)).toBe(true);
    expect(events).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { parseConfig } from "../src/config";
import { authenticate } from "../src/features/auth/auth.service";
import { systemClock } from "../src/platform/clock";
import { openDatabase, type DatabaseHandle } from "./client";
import { applyMigrations, readMigrationsFolder } from "./migrate";
import { matches, messages, photos, profiles, reports, swipes, users } from "./schema";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemo } from "./seed";
import { secretBoxFor } from "../src/platform/secret-box";
import { FAITH_DURATIONS, RELATIONSHIP_GOALS } from "./demo/people";
import { DENOMINATION_KEYS } from "../src/features/profile/denominations";
import { INTEREST_KEYS } from "../src/features/profile/interests";
import { churchById } from "../src/features/churches/church-directory";
import { loadViewer, suggestFor } from "../src/features/discovery/discovery.service";

/** The JPEG marker segments before the image data, with where each starts. */
function jpegSegments(bytes: Uint8Array): { marker: number; offset: number }[] {
  const segments: { marker: number; offset: number }[] = [];
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return segments;
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    segments.push({ marker, offset });
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    offset += 2 + ((bytes[offset + 2]! << 8) | bytes[offset + 3]!);
  }
  return segments;
}

describe("seedDemo", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let config: ReturnType<typeof parseConfig>;
  let firstSummary: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "kasih-seed-"));
    config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    handle = await openDatabase(config.databaseUrl);
    await applyMigrations(handle.client, readMigrationsFolder(join(import.meta.dir, "migrations")));
    firstSummary = await seedDemo(handle.db, config);
  }, 120_000);

  afterAll(() => {
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("creates at least 200 complete profiles of both genders, aged 20 to 45, with options from the specification", async () => {
    const rows = await handle.db.select().from(profiles);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((p) => p.gender))).toEqual(new Set(["male", "female"]));
    for (const profile of rows) {
      expect(profile.age).toBeGreaterThanOrEqual(20);
      expect(profile.age).toBeLessThanOrEqual(45);
      expect(DENOMINATION_KEYS).toContain(profile.denomination as (typeof DENOMINATION_KEYS)[number]);
      for (const interest of profile.interests) expect(INTEREST_KEYS).toContain(interest);
      if (profile.churchId !== null) expect(churchById(profile.churchId)).toBeDefined();
      expect(FAITH_DURATIONS).toContain(profile.faithDuration as (typeof FAITH_DURATIONS)[number]);
      expect(RELATIONSHIP_GOALS).toContain(profile.relationshipGoals as (typeof RELATIONSHIP_GOALS)[number]);
      expect(profile.bio.length).toBeGreaterThanOrEqual(20);
      expect(profile.faithTestimony.length).toBeGreaterThanOrEqual(50);
      expect(profile.jesusChristMeaning!.length).toBeGreaterThanOrEqual(20);
      expect(profile.churchName.length).toBeGreaterThan(3);
      expect(profile.interests.length).toBeGreaterThan(0);
      expect(profile.occupation).toBeTruthy();
      expect(profile.education).toBeTruthy();
      expect(profile.city).toBeTruthy();
      expect(profile.cityLat).toEqual(expect.any(Number));
      expect(profile.searchDistance).toBeGreaterThanOrEqual(50);
      expect(profile.searchDistance).toBeLessThanOrEqual(200);
    }
    expect(new Set(rows.map((p) => p.denomination)).size).toBeGreaterThanOrEqual(6);
    // Most demo churches are in the directory (docs/decisions/0132): synods, networks, dioceses.
    expect(rows.filter((p) => p.churchId !== null).length).toBeGreaterThan(rows.length * 0.6);
    expect(rows.find((p) => p.churchName.startsWith("GBI"))?.churchId).toBe("gbi");
  });

  test("gives every profile 1 to 3 photos stored as valid JPEG files without EXIF", async () => {
    const rows = await handle.db.select().from(photos);
    const perUser = new Map<string, number>();
    for (const photo of rows) perUser.set(photo.userId, (perUser.get(photo.userId) ?? 0) + 1);
    expect(perUser.size).toBe((await handle.db.select({ n: count() }).from(profiles))[0]!.n);
    for (const n of perUser.values()) expect(n).toBeGreaterThanOrEqual(1), expect(n).toBeLessThanOrEqual(3);
    expect(rows.filter((photo) => photo.position === 0).length).toBe(perUser.size);
    for (const photo of rows) {
      expect(photo.fileName).toMatch(/^[a-z2-7]{26}\.jpg$/);
      expect(photo.mimeType).toBe("image/jpeg");
      const bytes = new Uint8Array(readFileSync(join(dataDir, "uploads", photo.fileName)));
      expect(bytes.length).toBe(photo.byteSize);
      expect(bytes[bytes.length - 2]).toBe(0xff);
      expect(bytes[bytes.length - 1]).toBe(0xd9);
      const segments = jpegSegments(bytes);
      const markers = segments.map((segment) => segment.marker);
      expect(markers[0]).toBe(0xe0); // JFIF
      expect(markers).not.toContain(0xe1); // no APP1: no EXIF, no XMP
      expect(markers).not.toContain(0xfe); // no comment
      expect(markers[markers.length - 1]).toBe(0xda);
      // The baseline frame header states the size recorded in the row.
      const sof = segments.find((segment) => segment.marker === 0xc0)!.offset;
      expect((bytes[sof + 5]! << 8) | bytes[sof + 6]!).toBe(photo.height);
      expect((bytes[sof + 7]! << 8) | bytes[sof + 8]!).toBe(photo.width);
    }
  });

  test("has seeded people who already like the demo account, some with a super like", async () => {
    const [demo] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "demo@kasih.app"));
    const likes = await handle.db.select().from(swipes).where(and(eq(swipes.swipedId, demo!.id), eq(swipes.isLike, true)));
    expect(likes.length).toBeGreaterThanOrEqual(20);
    expect(likes.some((like) => like.isSuperLike)).toBe(true);
    const likerProfiles = await handle.db.select().from(profiles).where(inArray(profiles.userId, likes.map((like) => like.swiperId)));
    expect(likerProfiles.every((profile) => profile.gender === "female")).toBe(true);
  });

  test("starts the demo account with matches that have messages, and puts reports in the queue", async () => {
    const [demo] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "demo@kasih.app"));
    const own = (await handle.db.select().from(matches)).filter((m) => m.user1Id === demo!.id || m.user2Id === demo!.id);
    expect(own.length).toBeGreaterThanOrEqual(2);
    for (const match of own) {
      const lines = await handle.db.select().from(messages).where(eq(messages.matchId, match.id));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(match.lastMessageAt).not.toBeNull();
    }
    const pending = await handle.db.select().from(reports).where(eq(reports.status, "pending"));
    expect(pending.length).toBeGreaterThanOrEqual(2);
    // Each carries what a filed report does (docs/decisions/0129): the reported profile's snapshot
    // with its photos, and the conversation behind the scam and harassment reports.
    for (const report of pending) {
      expect(report.reportedSnapshot?.name).toBeTruthy();
      expect(report.reportedSnapshot?.photos.length).toBeGreaterThan(0);
      for (const photo of report.reportedSnapshot!.photos) expect(existsSync(join(config.dataDir, "evidence", photo))).toBe(true);
    }
    for (const reason of ["scam", "harassment"]) {
      const withConversation = pending.find((report) => report.reason === reason);
      expect(withConversation?.evidence?.length).toBeGreaterThanOrEqual(3);
    }
  });

  test("photo-verifies about a third of the seeded people, with their photos marked as reviewed, and no one else", async () => {
    const demoEmails = new Set(DEMO_ACCOUNTS.map((account) => account.email));
    const everyone = (await handle.db.select({ id: users.id, email: users.email, photoVerifiedAt: users.photoVerifiedAt, createdAt: users.createdAt }).from(users)).filter((u) => !demoEmails.has(u.email!));
    const verified = everyone.filter((u) => u.photoVerifiedAt !== null);
    expect(verified.length / everyone.length).toBeGreaterThan(0.25);
    expect(verified.length / everyone.length).toBeLessThan(0.42);
    const allPhotos = await handle.db.select({ userId: photos.userId, verifiedAt: photos.verifiedAt }).from(photos);
    const verifiedIds = new Set(verified.map((u) => u.id));
    for (const person of verified) {
      const own = allPhotos.filter((photo) => photo.userId === person.id);
      // The badge stands on reviewed photos (src/features/verification/verified-photos.ts), approved after joining.
      expect(own.length).toBeGreaterThan(0);
      for (const photo of own) expect(photo.verifiedAt?.getTime()).toBe(person.photoVerifiedAt!.getTime());
      expect(person.photoVerifiedAt!.getTime()).toBeGreaterThanOrEqual(person.createdAt!.getTime());
    }
    for (const photo of allPhotos) if (!verifiedIds.has(photo.userId)) expect(photo.verifiedAt).toBeNull();
    expect(firstSummary).toContain(`(${verified.length} photo-verified)`);
  });

  test("every message is sent by one of its match's two people, after the match began and not in the future", async () => {
    const allMatches = new Map((await handle.db.select().from(matches)).map((m) => [m.id, m]));
    const lines = await handle.db.select().from(messages);
    expect(lines.length).toBeGreaterThan(10);
    const now = Date.now();
    for (const line of lines) {
      const match = allMatches.get(line.matchId)!;
      expect([match.user1Id, match.user2Id]).toContain(line.senderId);
      expect(line.createdAt!.getTime()).toBeGreaterThan(match.createdAt!.getTime());
      expect(line.createdAt!.getTime()).toBeLessThanOrEqual(now);
    }
    // Each match begins with the second of the two likes, never before either.
    const likes = await handle.db.select().from(swipes).where(eq(swipes.isLike, true));
    const likedAt = new Map(likes.map((like) => [`${like.swiperId}>${like.swipedId}`, like.createdAt!.getTime()]));
    for (const match of allMatches.values()) {
      const a = likedAt.get(`${match.user1Id}>${match.user2Id}`);
      const b = likedAt.get(`${match.user2Id}>${match.user1Id}`);
      if (a !== undefined && b !== undefined) expect(match.createdAt!.getTime()).toBeGreaterThanOrEqual(Math.max(a, b));
    }
  });

  test("the demo chats greet the person they are sent to, by name", async () => {
    const names = new Map((await handle.db.select({ id: users.id, firstName: users.firstName }).from(users)).map((u) => [u.id, u.firstName]));
    const allMatches = new Map((await handle.db.select().from(matches)).map((m) => [m.id, m]));
    const greetings = (await handle.db.select().from(messages)).filter((line) => /^(Hi|Shalom|Halo|Shalom juga,) /.test(line.content));
    expect(greetings.length).toBeGreaterThanOrEqual(4);
    for (const line of greetings) {
      const match = allMatches.get(line.matchId)!;
      const recipient = match.user1Id === line.senderId ? match.user2Id : match.user1Id;
      const named = line.content.match(/^(?:Hi|Halo|Shalom(?: juga,)?) ([^,!]+)/)?.[1];
      if (named !== undefined && names.has(recipient)) expect([line.content, named]).toEqual([line.content, names.get(recipient)!]);
    }
  });

  test("the demo account's Discover with 'Verified people only' is not empty", async () => {
    const [demo] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
    const viewer = await loadViewer(handle.db, demo!.id);
    const cards = await suggestFor(handle.db, { ...viewer!, verifiedOnly: true }, new Date(), 20, [], { likesFirst: false });
    expect(cards.length).toBeGreaterThanOrEqual(5);
    const verified = new Set((await handle.db.select({ id: users.id, at: users.photoVerifiedAt }).from(users)).filter((u) => u.at !== null).map((u) => u.id));
    for (const card of cards) expect(verified.has(card.id)).toBe(true);
  });

  test("creates the demo sign-ins: they work with the printed password, including an admin and a Premium Plus account", async () => {
    for (const account of DEMO_ACCOUNTS) expect(firstSummary).toContain(account.email);
    expect(firstSummary).toContain(DEMO_PASSWORD);
    const result = await authenticate({ db: handle.db, config, clock: systemClock }, "demo@kasih.app", DEMO_PASSWORD);
    expect(result.ok && result.value.hasPhoto).toBe(true);
    const [admin] = await handle.db.select().from(users).where(eq(users.email, "admin@kasih.app"));
    expect(admin!.isAdmin).toBe(true);
    expect(admin!.role).toBe("admin");
    // Enrolled with the demo's fixed second factor, printed with the sign-ins; sealed in the database.
    expect(admin!.totpEnrolledAt).not.toBeNull();
    expect(secretBoxFor(config.dataDir).open(admin!.totpSecret!, `totp:${admin!.id}`)).toBe(DEMO_ADMIN_TOTP_SECRET);
    expect(firstSummary).toContain(`Setup key: ${DEMO_ADMIN_TOTP_SECRET}`);
    const [premium] = await handle.db.select().from(users).where(eq(users.email, "premium@kasih.app"));
    expect(premium!.plan).toBe("premium_plus");
  });

  test("verifies every demo sign-in's address, and the seeded people's exactly when they are verified", async () => {
    // The demo admin stays an admin on a server whose SUPER_ADMIN_EMAIL is a demo address (docs/decisions/0083).
    const demos = await handle.db.select({ emailVerifiedAt: users.emailVerifiedAt, isVerified: users.isVerified }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((account) => account.email)));
    expect(demos.length).toBe(DEMO_ACCOUNTS.length);
    for (const demo of demos) expect(demo.emailVerifiedAt).not.toBeNull();
    const everyone = await handle.db.select({ emailVerifiedAt: users.emailVerifiedAt, isVerified: users.isVerified }).from(users);
    for (const person of everyone) expect(person.emailVerifiedAt !== null).toBe(person.isVerified);
    expect(everyone.some((person) => person.emailVerifiedAt === null)).toBe(true);
  });

  test("seeded non-demo accounts cannot be signed into", async () => {
    const [someone] = await handle.db.select({ email: users.email }).from(users).where(eq(users.email, users.email)).limit(1).offset(10);
    const result = await authenticate({ db: handle.db, config, clock: systemClock }, someone!.email!, DEMO_PASSWORD);
    expect(result.ok).toBe(false);
  });

  test("running it again on a seeded data set adds nothing and prints the sign-ins again", async () => {
    const before = await Promise.all([users, profiles, photos, swipes, matches].map(async (table) => (await handle.db.select({ n: count() }).from(table))[0]!.n));
    const again = await seedDemo(handle.db, config);
    const after = await Promise.all([users, profiles, photos, swipes, matches].map(async (table) => (await handle.db.select({ n: count() }).from(table))[0]!.n));
    expect(after).toEqual(before);
    expect(again).toContain("demo@kasih.app");
    expect(again).toContain("already");
    expect(existsSync(join(dataDir, "uploads"))).toBe(true);
  });
});

/** Test helpers: members with a complete profile and photo rows, written straight to the database. */
import { eq } from "drizzle-orm";
import { createSession } from "../auth/session";
import { blocks, photos, profiles, sessions, swipes, users, type Role } from "../../../db/schema";
import { findCity } from "../profile/cities";
import { denominationKeyOf } from "../profile/denominations";
import { newId } from "../../platform/ids";
import type { TestApp } from "../../testing/test-app";

export interface MemberOptions {
  firstName?: string;
  gender?: "male" | "female";
  age?: number;
  /** A family key, or an old English value stored as its key (as migration 0020 did). */
  denomination?: string;
  churchId?: string | null;
  churchName?: string;
  /** Interest keys. */
  interests?: string[];
  relationshipGoals?: string | null;
  city?: string | null;
  searchDistance?: number;
  photo?: boolean;
  profile?: boolean;
  plan?: "free" | "premium" | "premium_plus";
  isAdmin?: boolean;
  /** Default: admin with isAdmin, else member. */
  role?: Role;
  /**
   * Whether a staff member's session has proven the second factor (ADMIN.md 'Who'); default true,
   * so tests about other things reach the panel. Tests of the second factor pass false.
   */
  secondFactor?: boolean;
  lastActiveAt?: Date | null;
}

export async function createMember(app: TestApp, options: MemberOptions = {}) {
  // Straight to the database with a session: registering through the API hashes a password
  // (slow on purpose), and these tests need dozens of members.
  const now = app.clock.now();
  const id = newId();
  const firstName = options.firstName ?? "Maria";
  await app.deps.db.insert(users).values({
    id,
    email: `${id}@example.com`,
    firstName,
    plan: options.plan ?? "free",
    isAdmin: options.isAdmin ?? false,
    role: options.role ?? (options.isAdmin ? "admin" : "member"),
    lastActiveAt: options.lastActiveAt === undefined ? now : options.lastActiveAt,
    createdAt: now,
  });
  const { token, session } = await createSession(app.deps.db, app.clock, id, options.isAdmin ?? false);
  if ((options.isAdmin || options.role === "moderator") && options.secondFactor !== false) await app.deps.db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, session.id));
  const account = { id, firstName, cookie: `kasih_session=${token}` };
  if (options.profile !== false) {
    const city = options.city === undefined ? "jakarta" : options.city;
    const found = city === null ? undefined : findCity(city);
    await app.deps.db.insert(profiles).values({
      userId: account.id,
      age: options.age ?? 28,
      gender: options.gender ?? "female",
      denomination: denominationKeyOf(options.denomination ?? "protestant") ?? "other",
      churchId: options.churchId ?? null,
      churchName: options.churchName ?? "GKI Pondok Indah",
      faithTestimony: "I met Jesus at a youth camp and He changed how I see everything.",
      faithDuration: "10+ years",
      bio: "I love worship music, hiking and good coffee.",
      relationshipGoals: options.relationshipGoals === undefined ? "marriage" : options.relationshipGoals,
      jesusChristMeaning: "My saviour and my closest friend.",
      searchDistance: options.searchDistance ?? 50,
      interests: options.interests ?? ["worship-music", "hiking", "coffee"],
      city: found?.id ?? null,
      cityLat: found?.lat ?? null,
      cityLng: found?.lng ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (options.photo !== false) {
    await app.deps.db.insert(photos).values({ id: newId(), userId: account.id, position: 0, fileName: `${newId()}.jpg`, mimeType: "image/jpeg", width: 800, height: 800, byteSize: 1000, createdAt: now });
  }
  return account;
}

export async function recordSwipe(app: TestApp, swiperId: string, swipedId: string, isLike: boolean, isSuperLike = false) {
  await app.deps.db.insert(swipes).values({ swiperId, swipedId, isLike, isSuperLike, createdAt: app.clock.now() });
}

export async function recordBlock(app: TestApp, blockerId: string, blockedId: string) {
  await app.deps.db.insert(blocks).values({ blockerId, blockedId, createdAt: app.clock.now() });
}

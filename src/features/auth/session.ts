import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { sessions, users, type NotificationChoices, type Plan, type Role } from "../../../db/schema";
import { preparedQuery } from "../../../db/prepared";
import { sideWrite } from "../../operations/storage-health";
import type { Clock } from "../../platform/clock";
import { newToken } from "../../platform/ids";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** SECURITY.md: idle and absolute limits, stricter for admins. */
export const sessionPolicy = {
  member: { idleTimeoutMs: 14 * day, absoluteLifetimeMs: 30 * day, touchIntervalMs: hour },
  // An admin session idles out after 30 minutes, so its last-seen time must move more often than hourly.
  admin: { idleTimeoutMs: 30 * minute, absoluteLifetimeMs: 12 * hour, touchIntervalMs: minute },
} as const;

export interface SessionUser {
  id: string;
  /** Null for an account made by phone until an address is added (docs/decisions/0136). */
  email: string | null;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  /** ADMIN.md 'Who': `admin` and `moderator` open the panel (with a second factor). */
  role: Role;
  plan: Plan;
  planExpiresAt: Date | null;
  isBanned: boolean;
  language: "en" | "id";
  /** Which notifications the member wants (src/features/settings): the live toasts and push follow them. */
  notifications: NotificationChoices;
  /** At least one profile photo: the rest of the app opens. */
  hasPhoto: boolean;
  createdAt: Date;
}

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  /** When a TOTP or recovery code was proven in this session (ADMIN.md 'Who'); null: not yet. */
  secondFactorAt: Date | null;
}

/** The database keeps only the SHA-256 of a token, so a leaked table opens no account. */
export function sessionIdFromToken(token: string): string {
  // Bun's one-shot native SHA-256: a pure-JS hash cost ~30 µs on every signed-in request,
  // node:crypto's createHash() object ~1 µs, this ~0.4 µs.
  return Bun.SHA256.hash(token, "hex");
}

export async function createSession(db: Database, clock: Clock, userId: string, isAdmin: boolean) {
  const token = newToken(20); // 160 bits
  const now = clock.now();
  const policy = isAdmin ? sessionPolicy.admin : sessionPolicy.member;
  const session: Session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + policy.absoluteLifetimeMs), secondFactorAt: null };
  await db.insert(sessions).values({ id: session.id, userId, createdAt: now, lastSeenAt: now, expiresAt: session.expiresAt });
  return { token, session };
}

/** Looks a token up; ends and refuses it when idle too long, past its lifetime, or the user is banned. */
export async function validateSessionToken(db: Database, clock: Clock, token: string): Promise<{ session: Session; user: SessionUser } | null> {
  const sessionId = sessionIdFromToken(token);
  // Prepared once per database: building this select costs more than running it (bench/README.md).
  const lookup = preparedQuery(db, "auth.session-lookup", () => db
    .select({
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      isAdmin: users.isAdmin,
      role: users.role,
      plan: users.plan,
      planExpiresAt: users.planExpiresAt,
      isBanned: users.isBanned,
      language: users.language,
      notifications: users.notifications,
      // "Has a photo" opens the app (spec point 2's guards); kept on the row by the database (0109).
      hasPhoto: users.hasPhoto,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare());
  const [row] = await lookup.execute({ sessionId });
  if (row === undefined) return null;
  const { sessionId: _id, sessionCreatedAt, lastSeenAt, expiresAt, secondFactorAt, ...user } = row;
  // Moderators open the panel too: their sessions are as short as an admin's (docs/decisions/0127).
  const policy = row.isAdmin || row.role === "moderator" ? sessionPolicy.admin : sessionPolicy.member;
  const found = {
    idleSince: lastSeenAt.getTime(),
    // The role's lifetime counts from the sign-in, so a member made admin keeps no 30-day admin session.
    absoluteEnd: Math.min(expiresAt.getTime(), sessionCreatedAt.getTime() + policy.absoluteLifetimeMs),
    policy,
    session: { id: sessionId, userId: row.id, expiresAt, secondFactorAt } satisfies Session,
    user: user satisfies SessionUser,
  };
  const now = clock.now().getTime();
  if (found.user.isBanned || now >= found.absoluteEnd || now - found.idleSince >= found.policy.idleTimeoutMs) {
    // The session has ended whether or not its row can go now (a full disk: it goes next time).
    await sideWrite(db, "ended session removal", () => db.delete(sessions).where(eq(sessions.id, sessionId)));
    return null;
  }
  if (now - found.idleSince >= found.policy.touchIntervalMs) {
    // The member's "Active … ago" (src/features/settings) and Discover's recency follow the same touch.
    // A full or read-only disk must not turn every signed-in read into an error: the touch waits
    // (docs/decisions/0116).
    await sideWrite(db, "session touch", () =>
      db.batch([
        db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, sessionId)),
        db.update(users).set({ lastActiveAt: new Date(now) }).where(eq(users.id, found.user.id)),
      ]),
    );
  }
  return found;
}

export async function invalidateSession(db: Database, sessionId: string, userId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

export async function invalidateUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** A paid plan counts while it has not expired; a plan without an end was granted by an operator. */
export function isPremiumActive(user: Pick<SessionUser, "plan" | "planExpiresAt">, now: Date): boolean {
  return user.plan !== "free" && (user.planExpiresAt === null || user.planExpiresAt.getTime() > now.getTime());
}

/** The plan in force now: an expired paid plan is the free plan. */
export function effectivePlan(user: Pick<SessionUser, "plan" | "planExpiresAt">, now: Date): Plan {
  return isPremiumActive(user, now) ? user.plan : "free";
}

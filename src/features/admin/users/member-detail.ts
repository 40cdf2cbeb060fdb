/**
 * One member as the admin's page shows them (ADMIN.md 'One member'; docs/decisions/0128): read by
 * GET /api/admin/users/{id} and /admin/users/{id} alike, so the two cannot disagree. Never a
 * password hash, a session or a second-factor secret.
 */
import { asc, count, countDistinct, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppDeps } from "../../../app-env";
import { adminActions, matches, memberWarnings, payments, photos, photoVerifications, profiles, reports, users, type PromptAnswer, type Role } from "../../../../db/schema";
import { effectivePlan, isPremiumActive } from "../../auth/session";
import { suspensionOf } from "../../auth/suspension";
import { photoUrl, thumbUrl } from "../../profile/profile-json";
import { churchById } from "../../churches/church-directory";

function churchOf(id: string | null): { id: string; name: string } | null {
  const church = id === null ? undefined : churchById(id);
  return church === undefined ? null : { id: church.id, name: church.name };
}

type Deps = Pick<AppDeps, "db" | "clock">;

/** How many of each history the page lists (newest first); the totals are counted apart. */
export const MEMBER_PAGE_ROWS = 50;

export interface MemberReport {
  id: string;
  reason: string;
  description: string;
  status: string;
  createdAt: string;
  /** The other person: the reporter of a report against them, the reported one of a report by them (null once deleted). */
  other: { id: string; name: string } | null;
}

export interface MemberDetail {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Proven by the mailed link or a provider; shown apart from the photo badge. */
  emailVerified: boolean;
  emailVerifiedAt: string | null;
  /** Proven by a code sent to it (API.md 'Phone sign-in'); a number written before then is unproven. */
  phone: string | null;
  phoneVerified: boolean;
  phoneVerifiedAt: string | null;
  role: Role;
  isAdmin: boolean;
  language: string;
  createdAt: string;
  lastActiveAt: string | null;
  signupIp: string | null;
  signupCountry: string | null;
  plan: string;
  isPremium: boolean;
  planExpiresAt: string | null;
  isBanned: boolean;
  banReason: string | null;
  /** A suspension in force now (a lifted one is null). */
  suspension: { until: string; reason: string } | null;
  hidden: { at: string; by: string | null } | null;
  profile: {
    age: number;
    gender: string;
    denomination: string;
    churchName: string;
    /** A church of the directory (src/features/churches), beside the free-text name. */
    church: { id: string; name: string } | null;
    city: string | null;
    bio: string;
    faithTestimony: string;
    faithDuration: string;
    jesusChristMeaning: string | null;
    ministryInvolvement: string | null;
    relationshipGoals: string | null;
    occupation: string | null;
    education: string | null;
    interests: string[];
    prompts: PromptAnswer[];
  } | null;
  photos: { id: string; position: number; url: string; thumbUrl: string; width: number; height: number; verifiedAt: string | null }[];
  /** The photo-verified badge (an approved live selfie), and the selfie review. */
  verification: {
    verifiedAt: string | null;
    reverifyRequestedAt: string | null;
    latest: { id: string; status: string; reason: string | null; pose: string; submittedAt: string | null; decidedAt: string | null; selfieUrl: string | null } | null;
  };
  payments: { id: string; plan: string; amount: number; status: string; method: string; gateway: string; createdAt: string; href: string }[];
  paymentsTotal: number;
  matchesCount: number;
  reportsAgainst: { total: number; reporters: number; pending: number; items: MemberReport[] };
  reportsBy: { total: number; items: MemberReport[] };
  warnings: { id: string; message: string; createdAt: string; seenAt: string | null }[];
  actions: { id: string; admin: string; action: string; reason: string | null; createdAt: string }[];
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const other = alias(users, "other");

export async function memberDetail(deps: Deps, userId: string): Promise<MemberDetail | null> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user === undefined) return null;
  const now = deps.clock.now();
  const againstWhere = eq(reports.reportedUserId, userId);
  const byWhere = eq(reports.reporterId, userId);
  const reportColumns = { id: reports.id, reason: reports.reason, description: reports.description, status: reports.status, createdAt: reports.createdAt, otherId: other.id, otherFirst: other.firstName, otherLast: other.lastName };
  const [
    [profile],
    photoRows,
    [attempt],
    paymentRows,
    [paymentCount],
    [matchCount],
    againstRows,
    [againstCounts],
    byRows,
    [byCount],
    warningRows,
    actionRows,
  ] = await Promise.all([
    deps.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    deps.db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position)),
    deps.db.select().from(photoVerifications).where(eq(photoVerifications.userId, userId)).orderBy(desc(photoVerifications.createdAt), desc(photoVerifications.id)).limit(1),
    deps.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(MEMBER_PAGE_ROWS),
    deps.db.select({ value: count() }).from(payments).where(eq(payments.userId, userId)),
    deps.db.select({ value: count() }).from(matches).where(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))),
    deps.db.select(reportColumns).from(reports).leftJoin(other, eq(other.id, reports.reporterId)).where(againstWhere).orderBy(desc(reports.createdAt), desc(reports.id)).limit(MEMBER_PAGE_ROWS),
    deps.db
      .select({ total: count(), reporters: countDistinct(reports.reporterId), pending: sql<number>`coalesce(sum(${reports.status} = 'pending'), 0)` })
      .from(reports)
      .where(againstWhere),
    deps.db.select(reportColumns).from(reports).leftJoin(other, eq(other.id, reports.reportedUserId)).where(byWhere).orderBy(desc(reports.createdAt), desc(reports.id)).limit(MEMBER_PAGE_ROWS),
    deps.db.select({ value: count() }).from(reports).where(byWhere),
    deps.db.select().from(memberWarnings).where(eq(memberWarnings.userId, userId)).orderBy(desc(memberWarnings.createdAt), desc(memberWarnings.id)).limit(MEMBER_PAGE_ROWS),
    deps.db.select().from(adminActions).where(eq(adminActions.targetUserId, userId)).orderBy(desc(adminActions.createdAt), desc(adminActions.id)).limit(MEMBER_PAGE_ROWS),
  ]);
  const toReport = (row: (typeof againstRows)[number]): MemberReport => ({
    id: row.id,
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    other: row.otherId === null ? null : { id: row.otherId, name: `${row.otherFirst ?? ""} ${row.otherLast ?? ""}`.trim() },
  });
  const suspension = suspensionOf(user, now);
  const plan = { plan: user.plan, planExpiresAt: user.planExpiresAt };
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    phone: user.phone,
    phoneVerified: user.phoneVerifiedAt !== null,
    phoneVerifiedAt: iso(user.phoneVerifiedAt),
    role: user.role,
    isAdmin: user.isAdmin,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    lastActiveAt: iso(user.lastActiveAt),
    signupIp: user.signupIp,
    signupCountry: user.signupCountry,
    plan: effectivePlan(plan, now),
    isPremium: isPremiumActive(plan, now),
    planExpiresAt: iso(user.planExpiresAt),
    isBanned: user.isBanned,
    banReason: user.banReason,
    suspension: suspension === null ? null : { until: suspension.until.toISOString(), reason: suspension.reason },
    hidden: user.hiddenAt === null ? null : { at: user.hiddenAt.toISOString(), by: user.hiddenBy },
    profile:
      profile === undefined
        ? null
        : {
            age: profile.age,
            gender: profile.gender,
            denomination: profile.denomination,
            churchName: profile.churchName,
            church: churchOf(profile.churchId),
            city: profile.city,
            bio: profile.bio,
            faithTestimony: profile.faithTestimony,
            faithDuration: profile.faithDuration,
            jesusChristMeaning: profile.jesusChristMeaning,
            ministryInvolvement: profile.ministryInvolvement,
            relationshipGoals: profile.relationshipGoals,
            occupation: profile.occupation,
            education: profile.education,
            interests: profile.interests,
            prompts: profile.prompts,
          },
    photos: photoRows.map((photo) => ({ id: photo.id, position: photo.position, url: photoUrl(photo.fileName), thumbUrl: thumbUrl(photo.fileName), width: photo.width, height: photo.height, verifiedAt: iso(photo.verifiedAt) })),
    verification: {
      verifiedAt: iso(user.photoVerifiedAt),
      reverifyRequestedAt: iso(user.reverifyRequestedAt),
      latest:
        attempt === undefined
          ? null
          : {
              id: attempt.id,
              status: attempt.status,
              reason: attempt.reason,
              pose: attempt.pose,
              submittedAt: iso(attempt.submittedAt),
              decidedAt: iso(attempt.decidedAt),
              // The selfie is kept only while it waits for review (verification.service.ts deletes it at the decision).
              selfieUrl: attempt.status === "pending" && attempt.selfieFile !== null ? `/api/admin/verifications/${attempt.id}/selfie` : null,
            },
    },
    payments: paymentRows.map((row) => ({ id: row.id, plan: row.plan, amount: row.amount, status: row.status, method: row.method, gateway: row.gateway, createdAt: row.createdAt.toISOString(), href: `/admin/payments/${row.id}` })),
    paymentsTotal: paymentCount?.value ?? 0,
    matchesCount: matchCount?.value ?? 0,
    reportsAgainst: { total: againstCounts?.total ?? 0, reporters: againstCounts?.reporters ?? 0, pending: Number(againstCounts?.pending ?? 0), items: againstRows.map(toReport) },
    reportsBy: { total: byCount?.value ?? 0, items: byRows.map(toReport) },
    warnings: warningRows.map((row) => ({ id: row.id, message: row.message, createdAt: row.createdAt.toISOString(), seenAt: iso(row.seenAt) })),
    actions: actionRows.map((row) => ({ id: row.id, admin: row.adminName, action: row.action, reason: row.reason, createdAt: row.createdAt.toISOString() })),
  };
}

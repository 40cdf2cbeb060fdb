/**
 * Photo verification (docs/decisions/0093): the member copies a pose drawn at random in a live
 * selfie; an admin compares it with the member's photos and approves or rejects with a reason;
 * the member is mailed in their language; the selfie file is deleted at the decision. Approved
 * members carry users.photo_verified_at, which cards, the profile and the chat header show, for
 * as long as one of the photos the approval covered remains (verified-photos.ts, decision 0130).
 */
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { orderOf } from "../admin/list-query";
import { VERIFICATION_SORT, type VerificationSortColumn } from "./verification-list";
import type { AppDeps } from "../../app-env";
import { photos, photoVerifications, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { actorOf, adminLogInsertIf } from "../admin/admin-log";
import type { SessionUser } from "../auth/session";
import type { Mailer } from "../mail/mailer";
import { verificationDecisionMail } from "../mail/templates";
import { thumbUrl } from "../profile/profile-json";
import { POSES, type Pose, type RejectionReason, type VerificationState } from "./poses";
import { removeSelfie, storeSelfie } from "./selfie-store";
import { log } from "../../platform/log";
import { hasPhotoOf, markPhotosVerified } from "./verified-photos";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

export const VERIFICATION_MESSAGES = {
  alreadyVerified: "You are already verified",
  waiting: "Your selfie is waiting for review",
  notStarted: "Please start verification first",
  needsPhoto: "Add a profile photo first",
  notFound: "Verification not found",
  notPending: "This verification has already been decided",
  reasonRequired: "Please choose a reason",
  approved: "Verification approved",
  rejected: "Verification rejected",
} as const;

type Failure = { ok: false; status: 400 | 404 | 409; message: string };

async function latestAttempt(deps: Pick<Deps, "db">, userId: string) {
  const [row] = await deps.db.select().from(photoVerifications).where(eq(photoVerifications.userId, userId)).orderBy(desc(photoVerifications.createdAt), desc(photoVerifications.id)).limit(1);
  return row ?? null;
}

export async function verificationStateOf(deps: Pick<Deps, "db">, userId: string): Promise<VerificationState> {
  const [[user], attempt] = await Promise.all([
    deps.db.select({ verifiedAt: users.photoVerifiedAt, reverifyRequestedAt: users.reverifyRequestedAt }).from(users).where(eq(users.id, userId)).limit(1),
    latestAttempt(deps, userId),
  ]);
  if (user?.verifiedAt) return { status: "approved", verifiedAt: user.verifiedAt.toISOString() };
  if (attempt === null) return { status: "none" };
  // Approved once, the badge since withdrawn: an admin asked for a new selfie, or the reviewed photos are gone.
  if (attempt.status === "approved") return { status: "none", withdrawn: user?.reverifyRequestedAt ? "reverify" : "photos_changed" };
  if (attempt.status === "started") return { status: "started", pose: attempt.pose as Pose };
  if (attempt.status === "pending") return { status: "pending", submittedAt: (attempt.submittedAt ?? attempt.createdAt).toISOString() };
  if (attempt.status === "rejected") return { status: "rejected", reason: attempt.reason as RejectionReason };
  return { status: "none" };
}

/** Draws a pose for a new attempt (a fresh one each time, so a stale photo cannot be reused). */
export async function startVerification(deps: Deps, userId: string): Promise<{ ok: true; state: VerificationState } | Failure> {
  const state = await verificationStateOf(deps, userId);
  if (state.status === "approved") return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyVerified };
  if (state.status === "pending") return { ok: false, status: 409, message: VERIFICATION_MESSAGES.waiting };
  const [photo] = await deps.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId)).limit(1);
  if (photo === undefined) return { ok: false, status: 400, message: VERIFICATION_MESSAGES.needsPhoto };
  const pose = POSES[randomInt(POSES.length)]!;
  await deps.db.batch([
    deps.db.delete(photoVerifications).where(and(eq(photoVerifications.userId, userId), eq(photoVerifications.status, "started"))),
    deps.db.insert(photoVerifications).values({ id: newId(), userId, pose, status: "started", createdAt: deps.clock.now() }),
  ]);
  return { ok: true, state: { status: "started", pose } };
}

/** Stores the selfie of the started attempt and puts it in the review queue. Throws PhotoError for a bad image. */
export async function submitSelfie(deps: Deps, userId: string, bytes: Uint8Array): Promise<{ ok: true; state: VerificationState } | Failure> {
  const attempt = await latestAttempt(deps, userId);
  if (attempt === null || attempt.status !== "started") {
    const state = await verificationStateOf(deps, userId);
    if (state.status === "approved") return { ok: false, status: 409, message: VERIFICATION_MESSAGES.alreadyVerified };
    if (state.status === "pending") return { ok: false, status: 409, message: VERIFICATION_MESSAGES.waiting };
    return { ok: false, status: 409, message: VERIFICATION_MESSAGES.notStarted };
  }
  const fileName = await storeSelfie(deps.config.dataDir, bytes);
  const now = deps.clock.now();
  const updated = await deps.db
    .update(photoVerifications)
    .set({ status: "pending", selfieFile: fileName, submittedAt: now })
    .where(and(eq(photoVerifications.id, attempt.id), eq(photoVerifications.status, "started")))
    .returning({ id: photoVerifications.id });
  if (updated.length === 0) {
    // A second tab sent its selfie first: this one is not kept.
    await removeSelfie(deps.config.dataDir, fileName);
    return { ok: false, status: 409, message: VERIFICATION_MESSAGES.waiting };
  }
  return { ok: true, state: { status: "pending", submittedAt: now.toISOString() } };
}

/** One selfie waiting for review, beside the member's photos (the admin's Moderation view). */
export interface PendingVerification {
  id: string;
  user: { id: string; firstName: string; lastName: string; email: string | null };
  pose: Pose;
  submittedAt: string;
  photos: string[];
}

/** What the queue's sort columns order by (verification-list.ts); the oldest first by default, like a queue. */
const VERIFICATION_SORT_SQL: Record<VerificationSortColumn, SQLWrapper> = {
  submittedAt: photoVerifications.submittedAt,
  name: sql`lower(trim(${users.firstName} || ' ' || ${users.lastName}))`,
};

export async function listPendingVerifications(deps: Pick<Deps, "db">, page: { page: number; limit: number; sort?: string }) {
  const pending = eq(photoVerifications.status, "pending");
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ id: photoVerifications.id, pose: photoVerifications.pose, submittedAt: photoVerifications.submittedAt, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(photoVerifications)
      .innerJoin(users, eq(users.id, photoVerifications.userId))
      .where(pending)
      .orderBy(...orderOf(page.sort ?? VERIFICATION_SORT.defaultSort, VERIFICATION_SORT_SQL, [asc(photoVerifications.submittedAt), asc(photoVerifications.id)]))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.select({ value: count() }).from(photoVerifications).where(pending),
  ]);
  const photoRows = rows.length === 0 ? [] : await deps.db.select({ userId: photos.userId, fileName: photos.fileName }).from(photos).where(inArray(photos.userId, rows.map((row) => row.userId))).orderBy(photos.userId, photos.position);
  const items: PendingVerification[] = rows.map((row) => ({
    id: row.id,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email },
    pose: row.pose as Pose,
    submittedAt: (row.submittedAt ?? new Date(0)).toISOString(),
    photos: photoRows.filter((photo) => photo.userId === row.userId).map((photo) => thumbUrl(photo.fileName)),
  }));
  return { verifications: items, total: total?.value ?? 0, page: page.page, limit: page.limit };
}

export async function pendingVerificationCount(deps: Pick<Deps, "db">): Promise<number> {
  const [row] = await deps.db.select({ value: count() }).from(photoVerifications).where(eq(photoVerifications.status, "pending"));
  return row?.value ?? 0;
}

/** The selfie file of a pending verification, for the admin only. */
export async function pendingSelfieFile(deps: Pick<Deps, "db">, id: string): Promise<string | null> {
  const [row] = await deps.db.select({ file: photoVerifications.selfieFile }).from(photoVerifications).where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, "pending"))).limit(1);
  return row?.file ?? null;
}

export type Decision = { decision: "approve" } | { decision: "reject"; reason: RejectionReason };

/**
 * Approves or rejects a pending selfie. ONE db.batch (docs/decisions/0002): the admin log row,
 * the member's verified time (approve) and the attempt's new status are all guarded by "still
 * pending", read before the status changes, so two admins deciding at once give one decision.
 * Then the selfie file is deleted and the member is mailed in their language.
 */
export async function decideVerification(deps: Deps, mailer: Mailer, admin: Pick<SessionUser, "id" | "firstName" | "lastName">, id: string, decision: Decision): Promise<{ ok: true } | Failure> {
  const [attempt] = await deps.db
    .select({ userId: photoVerifications.userId, file: photoVerifications.selfieFile, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language })
    .from(photoVerifications)
    .innerJoin(users, eq(users.id, photoVerifications.userId))
    .where(eq(photoVerifications.id, id))
    .limit(1);
  if (attempt === undefined) return { ok: false, status: 404, message: VERIFICATION_MESSAGES.notFound };
  const now = deps.clock.now();
  const stillPending = sql`exists (select 1 from photo_verifications where id = ${id} and status = 'pending')`;
  const approve = decision.decision === "approve";
  const logRow = adminLogInsertIf(
    deps.db,
    { actor: actorOf(admin), action: approve ? "verification_approve" : "verification_reject", targetUserId: attempt.userId, targetName: `${attempt.firstName} ${attempt.lastName}`.trim(), reason: approve ? null : decision.reason, at: now },
    stillPending,
  );
  // The badge goes with the photos the admin compared (decision 0130): they are marked in the same batch.
  const verifyMember = deps.db.update(users).set({ photoVerifiedAt: now, reverifyRequestedAt: null }).where(and(eq(users.id, attempt.userId), approve ? stillPending : sql`0`, hasPhotoOf(attempt.userId)));
  const markPhotos = markPhotosVerified(deps.db, attempt.userId, now, approve ? stillPending : sql`0`);
  const decide = deps.db
    .update(photoVerifications)
    .set({ status: approve ? "approved" : "rejected", reason: approve ? null : decision.reason, selfieFile: null, decidedAt: now })
    .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, "pending")))
    .returning({ id: photoVerifications.id });
  const [, , , decided] = await deps.db.batch([logRow, verifyMember, markPhotos, decide]);
  if (decided.length === 0) return { ok: false, status: 409, message: VERIFICATION_MESSAGES.notPending };
  await removeSelfie(deps.config.dataDir, attempt.file);
  // The decision stands if the mail fails; the member sees it on /verify too (and only there
  // without an address, docs/decisions/0136).
  if (attempt.email !== null) {
    const mail = verificationDecisionMail(attempt.language, attempt.email, attempt.firstName, approve ? { approved: true } : { approved: false, reason: decision.reason }, `${deps.config.appOrigin}/verify`);
    await mailer.send(mail).catch((error) => log.error({ err: error }, "verification mail failed"));
  }
  return { ok: true };
}

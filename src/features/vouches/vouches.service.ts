/**
 * Church vouching (MATCHING.md 'Church vouching', docs/decisions/0134): a member of the same church
 * vouches; the vouched member accepts before it shows; either side takes it back; an admin removes
 * one (logged in the same batch). A voucher who is banned, suspended or deleted loses every vouch
 * they gave (vouch-withdrawal.ts; deletion by the foreign keys' cascade).
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-env";
import { photos, profiles, users, vouches, type VouchStatus } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { actorOf, adminLogInsertIf } from "../admin/admin-log";
import type { SessionUser } from "../auth/session";
import { churchById } from "../churches/church-directory";
import { churchLabel } from "../churches/church-label";
import { thumbUrl } from "../profile/profile-json";
import type { VouchJson } from "./vouch-types";
import { DAY_MS, sharedChurch, VOUCH_MESSAGES, VOUCH_WINDOW_DAYS, VOUCHES_PER_WINDOW, voucherRefusal, type ChurchOf, type VoucherFacts } from "./vouch-rules";

type Deps = Pick<AppDeps, "db" | "clock">;
export type VouchResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/** A member who can be vouched for: an account with a profile, not banned. */
export interface VouchTarget extends ChurchOf {
  id: string;
  firstName: string;
  photo: string | null;
}

export async function vouchTarget(deps: Pick<Deps, "db">, userId: string): Promise<VouchTarget | null> {
  const [row] = await deps.db
    .select({ id: users.id, firstName: users.firstName, churchId: profiles.churchId, churchName: profiles.churchName, isBanned: users.isBanned })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (row === undefined || row.isBanned) return null;
  const [photo] = await deps.db.select({ fileName: photos.fileName }).from(photos).where(eq(photos.userId, userId)).orderBy(photos.position).limit(1);
  return { id: row.id, firstName: row.firstName, churchId: row.churchId, churchName: row.churchName, photo: photo === undefined ? null : thumbUrl(photo.fileName) };
}

/** What the rules read about a voucher; the count of recent vouches runs on vouches_voucher_created_idx. */
async function voucherFacts(deps: Deps, voucherId: string, now: Date): Promise<VoucherFacts | null> {
  const [row] = await deps.db
    .select({
      photoVerifiedAt: users.photoVerifiedAt,
      createdAt: users.createdAt,
      isBanned: users.isBanned,
      suspendedUntil: users.suspendedUntil,
      churchId: profiles.churchId,
      churchName: sql<string>`coalesce(${profiles.churchName}, '')`,
      recentVouches: sql<number>`(select count(*) from vouches v where v.voucher_id = ${users.id} and v.created_at > ${now.getTime() - VOUCH_WINDOW_DAYS * DAY_MS} and v.status in ('pending', 'accepted'))`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, voucherId))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `voucherId` may vouch for `target` now: null when they may, else the refusal as the
 * API answers it. The vouch link's page shows the same reason (vouches.pages.tsx).
 */
export async function vouchRefusal(deps: Deps, voucherId: string, target: VouchTarget | null): Promise<{ status: 400 | 403 | 404 | 409; message: string } | null> {
  if (target !== null && target.id === voucherId) return { status: 400, message: VOUCH_MESSAGES.self };
  if (target === null) return { status: 404, message: VOUCH_MESSAGES.memberNotFound };
  const [existing] = await deps.db.select({ id: vouches.id }).from(vouches).where(and(eq(vouches.voucherId, voucherId), eq(vouches.userId, target.id))).limit(1);
  if (existing !== undefined) return { status: 409, message: VOUCH_MESSAGES.already };
  const now = deps.clock.now();
  const facts = await voucherFacts(deps, voucherId, now);
  if (facts === null) return { status: 404, message: VOUCH_MESSAGES.memberNotFound };
  const refusal = voucherRefusal(facts, target, now);
  return refusal === null ? null : { status: 403, message: refusal };
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error) + String((error as { cause?: unknown })?.cause ?? "");
  return text.includes("UNIQUE constraint failed");
}

/** POST /api/vouches: a pending vouch, once every rule holds. */
export async function createVouch(deps: Deps, voucherId: string, userId: string, note: string | null): Promise<VouchResult<{ id: string; status: "pending" }>> {
  const target = userId === voucherId ? ({ id: userId } as VouchTarget) : await vouchTarget(deps, userId);
  const refusal = await vouchRefusal(deps, voucherId, target);
  if (refusal !== null) return { ok: false, ...refusal };
  const facts = (await voucherFacts(deps, voucherId, deps.clock.now()))!;
  const church = sharedChurch(facts, target!)!;
  const now = deps.clock.now();
  const id = newId();
  try {
    // The window's count is tested inside the insert, so two vouches sent at once cannot make a sixth.
    const inserted = await deps.db.run(sql`insert into vouches (id, voucher_id, user_id, church_id, church_name, status, note, created_at)
      select ${id}, ${voucherId}, ${userId}, ${church.churchId}, ${church.churchName}, 'pending', ${note}, ${now.getTime()}
      where (select count(*) from vouches where voucher_id = ${voucherId} and created_at > ${now.getTime() - VOUCH_WINDOW_DAYS * DAY_MS} and status in ('pending', 'accepted')) < ${VOUCHES_PER_WINDOW}`);
    if (inserted.rowsAffected === 0) return { ok: false, status: 403, message: VOUCH_MESSAGES.tooMany };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: VOUCH_MESSAGES.already };
    throw error;
  }
  return { ok: true, value: { id, status: "pending" } };
}

const labelOf = (row: { churchId: string | null; churchName: string }) => churchLabel(row.churchId === null ? null : (churchById(row.churchId) ?? null), row.churchName);

async function peopleOf(deps: Pick<Deps, "db">, ids: string[]) {
  if (ids.length === 0) return new Map<string, { firstName: string; photo: string | null }>();
  const [people, mainPhotos] = await Promise.all([
    deps.db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ids)),
    deps.db.select({ userId: photos.userId, fileName: photos.fileName }).from(photos).where(and(inArray(photos.userId, ids), eq(photos.position, 0))),
  ]);
  const photoOf = new Map(mainPhotos.map((row) => [row.userId, thumbUrl(row.fileName)]));
  return new Map(people.map((person) => [person.id, { firstName: person.firstName, photo: photoOf.get(person.id) ?? null }]));
}

/** GET /api/vouches: the vouches the member gave and received, newest first. */
export async function listVouches(deps: Pick<Deps, "db">, userId: string): Promise<{ given: VouchJson[]; received: VouchJson[] }> {
  const rows = await deps.db.select().from(vouches).where(or(eq(vouches.voucherId, userId), eq(vouches.userId, userId))).orderBy(desc(vouches.createdAt), desc(vouches.id));
  const others = [...new Set(rows.map((row) => (row.voucherId === userId ? row.userId : row.voucherId)))];
  const people = await peopleOf(deps, others);
  const toJson = (row: (typeof rows)[number]): VouchJson => {
    const otherId = row.voucherId === userId ? row.userId : row.voucherId;
    const person = people.get(otherId) ?? { firstName: "", photo: null };
    return {
      id: row.id,
      voucherId: row.voucherId,
      userId: row.userId,
      status: row.status,
      church: labelOf(row),
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      person: { id: otherId, ...person },
    };
  };
  return { given: rows.filter((row) => row.voucherId === userId).map(toJson), received: rows.filter((row) => row.userId === userId).map(toJson) };
}

/** POST /api/vouches/{id}/accept | decline: by the vouched member, while it is pending. */
export async function decideVouch(deps: Deps, userId: string, vouchId: string, status: "accepted" | "declined"): Promise<VouchResult<{ id: string; status: VouchStatus }>> {
  const [row] = await deps.db.select({ status: vouches.status }).from(vouches).where(and(eq(vouches.id, vouchId), eq(vouches.userId, userId))).limit(1);
  if (row === undefined) return { ok: false, status: 404, message: VOUCH_MESSAGES.vouchNotFound };
  const updated = await deps.db
    .update(vouches)
    .set({ status, decidedAt: deps.clock.now() })
    .where(and(eq(vouches.id, vouchId), eq(vouches.userId, userId), eq(vouches.status, "pending")))
    .returning({ id: vouches.id });
  if (updated.length === 0) return { ok: false, status: 409, message: VOUCH_MESSAGES.notPending };
  return { ok: true, value: { id: vouchId, status } };
}

/** DELETE /api/vouches/{id}: the voucher takes it back, or the member removes it. */
export async function removeVouch(deps: Pick<Deps, "db">, userId: string, vouchId: string): Promise<boolean> {
  const removed = await deps.db
    .delete(vouches)
    .where(and(eq(vouches.id, vouchId), or(eq(vouches.voucherId, userId), eq(vouches.userId, userId))))
    .returning({ id: vouches.id });
  return removed.length > 0;
}

/**
 * DELETE /api/admin/vouches/{id}: the vouch goes and the admin log keeps a row naming the vouched
 * member, the voucher and the church, in one batch; the row is written only if the vouch is there.
 */
export async function adminRemoveVouch(deps: Deps, admin: SessionUser, vouchId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ userId: vouches.userId, voucherId: vouches.voucherId, churchId: vouches.churchId, churchName: vouches.churchName })
    .from(vouches)
    .where(eq(vouches.id, vouchId))
    .limit(1);
  if (row === undefined) return false;
  const names = await peopleOf(deps, [row.userId, row.voucherId]);
  const member = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.userId)).limit(1);
  const memberName = member[0] === undefined ? "" : `${member[0].firstName} ${member[0].lastName}`.trim();
  const [, removed] = await deps.db.batch([
    adminLogInsertIf(
      deps.db,
      {
        actor: actorOf(admin),
        action: "vouch_remove",
        targetUserId: row.userId,
        targetName: memberName,
        reason: `vouch by ${names.get(row.voucherId)?.firstName ?? "?"} (${row.voucherId}), ${labelOf(row)}`,
        at: deps.clock.now(),
      },
      sql`exists (select 1 from vouches where id = ${vouchId})`,
    ),
    deps.db.delete(vouches).where(eq(vouches.id, vouchId)).returning({ id: vouches.id }),
  ]);
  return removed.length > 0;
}

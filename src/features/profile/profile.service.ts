import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { photos, profileDrafts, profiles, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { MAX_PROFILE_PHOTOS } from "../../platform/constants";
import { newId } from "../../platform/ids";
import { cleanText, isBlank } from "../../platform/text";
import { jakartaDayOf } from "../../platform/clock";
import { ageOn } from "./birth-date";
import { findCity } from "./cities";
import type { Lang } from "../../i18n";
import { loadOwnProfile, photoUrl, type ProfileJson } from "./profile-json";
import { PROFILE_MESSAGES, type CreateProfileInput, type EditProfileInput, type ProfileMode } from "./profile.schemas";
import { withdrawBadgeIfUncovered } from "../verification/verified-photos";
import { decodeDataUrl, fileNameFromUrl, isDataUrl, PhotoError, removeStoredFile, storeImage, type StoredFile } from "./photos/photo-store";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;
type PhotoRow = typeof photos.$inferSelect;

export type ServiceResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409 | 413 | 415; message: string; errors?: Record<string, string> };

export async function listPhotos(deps: Deps, userId: string): Promise<PhotoRow[]> {
  return deps.db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
}

/**
 * Adds one stored file as the user's last photo. The count check and the insert are one
 * statement, so two uploads at the same moment can never make a seventh photo.
 */
export async function addPhoto(deps: Deps, userId: string, file: StoredFile): Promise<ServiceResult<PhotoRow>> {
  const id = newId();
  const now = deps.clock.now().getTime();
  const result = await deps.db.run(sql`
    insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at)
    select ${id}, ${userId}, coalesce((select max(position) + 1 from photos where user_id = ${userId}), 0),
           ${file.fileName}, ${file.mime}, ${file.width}, ${file.height}, ${file.byteSize}, ${now}
    where (select count(*) from photos where user_id = ${userId}) < ${MAX_PROFILE_PHOTOS}`);
  if (result.rowsAffected === 0) {
    await removeStoredFile(deps.config.dataDir, file.fileName);
    return { ok: false, status: 400, message: PROFILE_MESSAGES.maxPhotos };
  }
  const [row] = await deps.db.select().from(photos).where(eq(photos.id, id));
  return { ok: true, value: row! };
}

/**
 * Deletes one of the user's photos (404 when it is not theirs) and its file; the rest close up.
 * The last reviewed photo takes the Verified badge with it, in the same batch (decision 0130).
 */
export async function deletePhoto(deps: Deps, userId: string, photoId: string): Promise<ServiceResult<PhotoRow[]>> {
  const current = await listPhotos(deps, userId);
  const target = current.find((photo) => photo.id === photoId);
  if (target === undefined) return { ok: false, status: 404, message: PROFILE_MESSAGES.photoNotFound };
  const hasProfile = (await deps.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).limit(1)).length > 0;
  // A saved profile keeps at least one photo (spec point 5): the last one is replaced, not removed.
  if (hasProfile && current.length === 1) return { ok: false, status: 400, message: PROFILE_MESSAGES.photosRequired };
  const remaining = current.filter((photo) => photo.id !== photoId);
  await deps.db.batch([
    deps.db.delete(photos).where(and(eq(photos.id, photoId), eq(photos.userId, userId))),
    ...positionUpdates(deps, userId, remaining.map((photo) => photo.id)),
    withdrawBadgeIfUncovered(deps.db, userId),
  ]);
  await removeStoredFile(deps.config.dataDir, target.fileName);
  return { ok: true, value: await listPhotos(deps, userId) };
}

/** Puts the user's photos in the given order; the list must name exactly their photos. */
export async function reorderPhotos(deps: Deps, userId: string, order: string[]): Promise<ServiceResult<PhotoRow[]>> {
  const current = await listPhotos(deps, userId);
  const ids = order.map((entry) => matchPhoto(current, entry)?.id);
  if (ids.some((id) => id === undefined) || new Set(ids).size !== current.length || ids.length !== current.length) {
    return { ok: false, status: 404, message: PROFILE_MESSAGES.photoNotFound };
  }
  const updates = positionUpdates(deps, userId, ids as string[]);
  if (updates.length > 0) await deps.db.batch(updates as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true, value: await listPhotos(deps, userId) };
}

function positionUpdates(deps: Deps, userId: string, orderedIds: string[]) {
  return orderedIds.map((id, position) => deps.db.update(photos).set({ position }).where(and(eq(photos.id, id), eq(photos.userId, userId))));
}

/** An entry of a photo list: the photo's id or its /uploads URL (absolute or not). */
function matchPhoto(current: PhotoRow[], entry: string): PhotoRow | undefined {
  const fileName = fileNameFromUrl(entry);
  return current.find((photo) => photo.id === entry || (fileName !== null && photo.fileName === fileName));
}

/**
 * Makes the user's photos exactly the given list: kept photos take their new positions, data
 * URLs become new stored files, photos left out are deleted with their files.
 */
async function applyPhotoList(deps: Deps, userId: string, entries: string[]): Promise<ServiceResult<{ statements: BatchItem<"sqlite">[]; removedFiles: string[]; newFiles: string[] }>> {
  const current = await listPhotos(deps, userId);
  const stored: StoredFile[] = [];
  const plan: ({ kind: "keep"; id: string } | { kind: "new"; file: StoredFile })[] = [];
  const cleanup = () => Promise.all(stored.map((file) => removeStoredFile(deps.config.dataDir, file.fileName)));
  try {
    for (const entry of entries) {
      if (isDataUrl(entry)) {
        const file = await storeImage(deps.config.dataDir, decodeDataUrl(entry));
        stored.push(file);
        plan.push({ kind: "new", file });
        continue;
      }
      const existing = matchPhoto(current, entry);
      if (existing === undefined || plan.some((step) => step.kind === "keep" && step.id === existing.id)) {
        await cleanup();
        return { ok: false, status: 404, message: PROFILE_MESSAGES.photoNotFound };
      }
      plan.push({ kind: "keep", id: existing.id });
    }
  } catch (error) {
    await cleanup();
    if (error instanceof PhotoError) return { ok: false, status: error.status, message: error.message, errors: { photos: error.message } };
    throw error;
  }
  const keptIds = new Set(plan.flatMap((step) => (step.kind === "keep" ? [step.id] : [])));
  const removed = current.filter((photo) => !keptIds.has(photo.id));
  const statements: BatchItem<"sqlite">[] = [];
  if (removed.length > 0) statements.push(deps.db.delete(photos).where(and(eq(photos.userId, userId), inArray(photos.id, removed.map((photo) => photo.id)))));
  const now = deps.clock.now();
  plan.forEach((step, position) => {
    if (step.kind === "keep") statements.push(deps.db.update(photos).set({ position }).where(and(eq(photos.id, step.id), eq(photos.userId, userId))));
    else
      statements.push(
        deps.db.insert(photos).values({ id: newId(), userId, position, fileName: step.file.fileName, mimeType: step.file.mime, width: step.file.width, height: step.file.height, byteSize: step.file.byteSize, createdAt: now }),
      );
  });
  // The plan was made from a read that another save may have outrun (five parallel saves once
  // left 26 photos). Last in the batch: if the member does not now have exactly the planned
  // photos, this insert of a NULL id fails its NOT NULL constraint, which rolls the whole batch
  // back (SQLite has no RAISE outside triggers); saveProfile answers 409.
  statements.push(
    deps.db.run(sql`insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at)
      select null, ${userId}, 0, '', '', 0, 0, 0, 0 where (select count(*) from photos where user_id = ${userId}) <> ${plan.length}`),
  );
  return { ok: true, value: { statements, removedFiles: removed.map((photo) => photo.fileName), newFiles: stored.map((file) => file.fileName) } };
}

function cityColumns(cityId: string | null | undefined): ServiceResult<{ city: string | null; cityLat: number | null; cityLng: number | null }> {
  if (cityId === undefined || cityId === null || cityId === "") return { ok: true, value: { city: null, cityLat: null, cityLng: null } };
  const city = findCity(cityId);
  if (city === undefined) return { ok: false, status: 400, message: PROFILE_MESSAGES.city, errors: { city: PROFILE_MESSAGES.city } };
  return { ok: true, value: { city: city.id, cityLat: city.lat, cityLng: city.lng } };
}

/** An optional text as stored: cleaned (src/platform/text.ts), and null when nothing visible is left. */
const clean = (value: string | null | undefined) => {
  const cleaned = value === null || value === undefined ? "" : cleanText(value, { multiline: true });
  return isBlank(cleaned) ? null : cleaned;
};

/** Saves a profile (POST: registration rules, PATCH: edit rules) with its photo list, in one batch. */
export async function saveProfile(deps: Deps, userId: string, mode: ProfileMode, input: CreateProfileInput | EditProfileInput, lang: Lang = "en"): Promise<ServiceResult<ProfileJson>> {
  const [existing] = await deps.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (mode === "edit" && existing === undefined) return { ok: false, status: 400, message: PROFILE_MESSAGES.profileIncomplete };
  const city = cityColumns(input.city);
  if (!city.ok) return city;
  const photoPlan = await applyPhotoList(deps, userId, input.photos);
  if (!photoPlan.ok) return photoPlan;
  const now = deps.clock.now();
  // The age follows the birth date (docs/decisions/0096); an edit of a profile that has one never sends it.
  const birthDate = input.birthDate !== undefined && (existing === undefined || existing.birthDate === null) ? input.birthDate : undefined;
  const fields = {
    ...(birthDate === undefined ? {} : { birthDate, age: ageOn(birthDate, jakartaDayOf(now))! }),
    gender: input.gender,
    denomination: input.denomination,
    churchName: cleanText(input.churchName ?? ""),
    // Older clients send no churchId: an edit without it keeps the stored one (docs/decisions/0132).
    ...(input.churchId !== undefined || mode === "create" ? { churchId: input.churchId ?? null } : {}),
    faithTestimony: cleanText(input.faithTestimony, { multiline: true }),
    faithDuration: input.faithDuration,
    bio: cleanText(input.bio, { multiline: true }),
    ministryInvolvement: clean(input.ministryInvolvement),
    relationshipGoals: clean(input.relationshipGoals),
    jesusChristMeaning: clean(input.jesusChristMeaning),
    ...(input.interests === undefined ? {} : { interests: input.interests }),
    ...(input.occupation === undefined ? {} : { occupation: clean(input.occupation) }),
    ...(input.education === undefined ? {} : { education: clean(input.education) }),
    ...(input.city === undefined ? {} : city.value),
    ...("preferences" in input && input.preferences !== undefined
      ? { filterAgeMin: input.preferences.ageMin, filterAgeMax: input.preferences.ageMax, searchDistance: input.preferences.maxDistance }
      : {}),
    ...(input.prompts === undefined ? {} : { prompts: input.prompts.map((prompt) => ({ id: prompt.id, answer: cleanText(prompt.answer, { multiline: true }) })) }),
    updatedAt: now,
  };
  const statements: BatchItem<"sqlite">[] = [];
  if (existing === undefined) {
    statements.push(deps.db.insert(profiles).values({ userId, createdAt: now, age: 0, ...fields }).onConflictDoUpdate({ target: profiles.userId, set: fields }));
    // The consent the create carries is recorded with its time, unless onboarding already did.
    statements.push(deps.db.update(users).set({ termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, ${now.getTime()})`, adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, ${now.getTime()})` }).where(eq(users.id, userId)));
    statements.push(deps.db.delete(profileDrafts).where(eq(profileDrafts.userId, userId)));
  } else {
    statements.push(deps.db.update(profiles).set(fields).where(eq(profiles.userId, userId)));
  }
  try {
    // Photos replaced so that no reviewed one is left take the Verified badge with them (decision 0130).
    await deps.db.batch([...statements, ...photoPlan.value.statements, withdrawBadgeIfUncovered(deps.db, userId)] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    await Promise.all(photoPlan.value.newFiles.map((file) => removeStoredFile(deps.config.dataDir, file)));
    const text = String((error as { message?: string })?.message ?? "") + String((error as { cause?: unknown })?.cause ?? "");
    if (text.includes("NOT NULL constraint failed: photos.id")) {
      return { ok: false, status: 409, message: PROFILE_MESSAGES.photosChanged };
    }
    throw error;
  }
  await Promise.all(photoPlan.value.removedFiles.map((file) => removeStoredFile(deps.config.dataDir, file)));
  return { ok: true, value: (await loadOwnProfile(deps.db, userId, lang))! };
}

export async function saveSearchDistance(deps: Deps, userId: string, searchDistance: number): Promise<ServiceResult<ProfileJson>> {
  const updated = await deps.db.update(profiles).set({ searchDistance, updatedAt: deps.clock.now() }).where(eq(profiles.userId, userId)).returning({ userId: profiles.userId });
  if (updated.length === 0) return { ok: false, status: 400, message: PROFILE_MESSAGES.profileIncomplete };
  return { ok: true, value: (await loadOwnProfile(deps.db, userId))! };
}

/** PATCH /api/auth/profile-picture: a data URL becomes a stored file; "" removes the picture. */
export async function setProfilePicture(deps: Deps, userId: string, value: string): Promise<ServiceResult<{ profileImageUrl: string | null }>> {
  const [user] = await deps.db.select({ profileImageUrl: users.profileImageUrl }).from(users).where(eq(users.id, userId));
  const previous = user?.profileImageUrl ? fileNameFromUrl(user.profileImageUrl) : null;
  let next: string | null = null;
  if (value !== "") {
    try {
      const file = await storeImage(deps.config.dataDir, decodeDataUrl(value));
      next = photoUrl(file.fileName);
    } catch (error) {
      if (error instanceof PhotoError) return { ok: false, status: error.status, message: error.message };
      throw error;
    }
  }
  await deps.db.update(users).set({ profileImageUrl: next }).where(eq(users.id, userId));
  // The old file goes unless a photo row still uses it (never for files we generated separately).
  if (previous !== null) {
    const inUse = await deps.db.select({ id: photos.id }).from(photos).where(eq(photos.fileName, previous)).limit(1);
    if (inUse.length === 0) await removeStoredFile(deps.config.dataDir, previous);
  }
  return { ok: true, value: { profileImageUrl: next } };
}

/** Whether a file under /uploads may be served: a photo row or someone's profile picture. */
export async function findServableFile(deps: Deps, fileName: string): Promise<{ mime: string } | null> {
  const [photo] = await deps.db.select({ mime: photos.mimeType }).from(photos).where(eq(photos.fileName, fileName)).limit(1);
  if (photo !== undefined) return photo;
  const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.profileImageUrl, photoUrl(fileName))).limit(1);
  if (owner === undefined) return null;
  const ext = fileName.split(".").pop();
  return { mime: ext === "png" ? "image/png" : ext === "webp" ? "image/webp" : "image/jpeg" };
}

import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { preparedQuery } from "../../../db/prepared";
import { photos, profiles } from "../../../db/schema";
import type { Lang } from "../../i18n";
import { churchJson } from "../churches/church-json";
import { denominationName } from "./denominations";
import { interestName } from "./interests";

type ProfileRow = typeof profiles.$inferSelect;
type PhotoRow = typeof photos.$inferSelect;

/** Public URL of a stored photo file; served by the profile area with long cache headers. */
export function photoUrl(fileName: string): string {
  return `/uploads/${fileName}`;
}

/** The list-sized variant of a photo (avatars, who liked you): PHOTO_THUMB_WIDTH_PX wide. */
export function thumbUrl(fileName: string): string {
  return `/uploads/${fileName}?size=thumb`;
}

/**
 * The owner's view of a profile (spec point 3, Profile); photos are URLs, main photo first. The
 * denomination is its key with its name in `lang`; the church the directory's entry (MATCHING.md).
 */
export function profileToJson(profile: ProfileRow, profilePhotos: PhotoRow[], lang: Lang = "en") {
  return {
    userId: profile.userId,
    photos: [...profilePhotos].sort((a, b) => a.position - b.position).map((photo) => photoUrl(photo.fileName)),
    photoIds: [...profilePhotos].sort((a, b) => a.position - b.position).map((photo) => photo.id),
    age: profile.age,
    birthDate: profile.birthDate,
    gender: profile.gender,
    denomination: profile.denomination,
    denominationName: denominationName(profile.denomination, lang),
    churchId: profile.churchId,
    church: churchJson(profile.churchId),
    churchName: profile.churchName,
    faithTestimony: profile.faithTestimony,
    faithDuration: profile.faithDuration,
    bio: profile.bio,
    ministryInvolvement: profile.ministryInvolvement,
    relationshipGoals: profile.relationshipGoals,
    jesusChristMeaning: profile.jesusChristMeaning,
    searchDistance: profile.searchDistance,
    interests: profile.interests,
    interestNames: profile.interests.map((key) => interestName(key, lang)),
    prompts: profile.prompts,
    occupation: profile.occupation,
    education: profile.education,
    city: profile.city,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export type ProfileJson = ReturnType<typeof profileToJson>;

export async function loadOwnProfile(db: Database, userId: string, lang: Lang = "en"): Promise<ProfileJson | null> {
  // Prepared once per database: GET /api/auth/user runs these on every call.
  const profileQuery = preparedQuery(db, "profile.own-profile", () =>
    db.select().from(profiles).where(eq(profiles.userId, sql.placeholder("userId"))).limit(1).prepare(),
  );
  const [profile] = await profileQuery.execute({ userId });
  if (profile === undefined) return null;
  const photosQuery = preparedQuery(db, "profile.own-photos", () =>
    db.select().from(photos).where(eq(photos.userId, sql.placeholder("userId"))).orderBy(asc(photos.position)).prepare(),
  );
  const profilePhotos = await photosQuery.execute({ userId });
  return profileToJson(profile, profilePhotos, lang);
}

/** A member's main photo as a list-sized thumbnail URL, or null without photos. */
export async function mainPhotoThumb(db: Database, userId: string): Promise<string | null> {
  // Prepared once per database: the Discover and chat pages ask on every load.
  const query = preparedQuery(db, "profile.main-photo", () =>
    db.select({ fileName: photos.fileName }).from(photos).where(eq(photos.userId, sql.placeholder("userId"))).orderBy(asc(photos.position)).limit(1).prepare(),
  );
  const [row] = await query.execute({ userId });
  return row === undefined ? null : thumbUrl(row.fileName);
}

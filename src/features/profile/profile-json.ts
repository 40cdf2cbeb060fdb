import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { photos, profiles } from "../../../db/schema";

type ProfileRow = typeof profiles.$inferSelect;
type PhotoRow = typeof photos.$inferSelect;

/** Public URL of a stored photo file; served by the profile area with long cache headers. */
export function photoUrl(fileName: string): string {
  return `/uploads/${fileName}`;
}

/** The owner's view of a profile (spec point 3, Profile); photos are URLs, main photo first. */
export function profileToJson(profile: ProfileRow, profilePhotos: PhotoRow[]) {
  return {
    userId: profile.userId,
    photos: [...profilePhotos].sort((a, b) => a.position - b.position).map((photo) => photoUrl(photo.fileName)),
    photoIds: [...profilePhotos].sort((a, b) => a.position - b.position).map((photo) => photo.id),
    age: profile.age,
    gender: profile.gender,
    denomination: profile.denomination,
    churchName: profile.churchName,
    faithTestimony: profile.faithTestimony,
    faithDuration: profile.faithDuration,
    bio: profile.bio,
    ministryInvolvement: profile.ministryInvolvement,
    relationshipGoals: profile.relationshipGoals,
    jesusChristMeaning: profile.jesusChristMeaning,
    searchDistance: profile.searchDistance,
    interests: profile.interests,
    occupation: profile.occupation,
    education: profile.education,
    city: profile.city,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export type ProfileJson = ReturnType<typeof profileToJson>;

export async function loadOwnProfile(db: Database, userId: string): Promise<ProfileJson | null> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (profile === undefined) return null;
  const profilePhotos = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
  return profileToJson(profile, profilePhotos);
}

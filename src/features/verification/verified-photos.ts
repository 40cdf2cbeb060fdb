/**
 * The Verified badge belongs to the photos that were reviewed (docs/decisions/0130): approving a
 * selfie marks the member's current photos (photos.verified_at); a photo change that leaves none
 * of them withdraws the badge (users.photo_verified_at, which every badge and the "verified only"
 * filter read) in the same batch, until a new selfie is approved. Adding a photo keeps the badge
 * while a reviewed one remains.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";

/** Marks the member's photos as covered by the selfie approved at `at`, when `guard` holds (still pending). */
export function markPhotosVerified(db: Database, userId: string, at: Date, guard: SQL) {
  return db.run(sql`update photos set verified_at = ${at.getTime()} where user_id = ${userId} and ${guard}`);
}

/** A member has at least one photo to carry the badge (an approval without any gives none). */
export function hasPhotoOf(userId: string): SQL {
  return sql`exists (select 1 from photos where user_id = ${userId})`;
}

/**
 * Withdraws the badge when none of the reviewed photos is left; a statement for the batch that
 * changes the photos, so the badge never outlives them.
 */
export function withdrawBadgeIfUncovered(db: Database, userId: string) {
  return db.run(sql`update users set photo_verified_at = null
    where id = ${userId} and photo_verified_at is not null
      and not exists (select 1 from photos where user_id = ${userId} and verified_at is not null)`);
}

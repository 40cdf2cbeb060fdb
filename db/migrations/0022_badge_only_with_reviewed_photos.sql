-- The Verified badge belongs to the photos that were reviewed (docs/decisions/0130). Migration 0018
-- marked the photos that existed when each selfie was approved; a member whose reviewed photos had
-- all been replaced before then kept the badge with none of them left. Withdrawn here, as a photo
-- change withdraws it now; a new selfie gives it back.
UPDATE users SET photo_verified_at = NULL
WHERE photo_verified_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM photos WHERE photos.user_id = users.id AND photos.verified_at IS NOT NULL);

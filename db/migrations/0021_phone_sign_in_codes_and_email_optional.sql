-- Phone sign-in (API.md 'Phone sign-in', docs/decisions/0136): an account made by phone has no email
-- until one is added and proven, so users.email becomes nullable (SQLite needs a rebuild for that);
-- users gain phone_verified_at, and a proven number belongs to one account. Existing phone values
-- (never proven by Kasih) are kept, unproven. The rebuild drops users' role triggers with the table
-- and would trip over the has_photo triggers on photos and profiles (their bodies name users while
-- it is gone): all eight are dropped first and created again after, as written in 0015 and 0019.
CREATE TABLE `phone_codes` (
	`phone` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
DROP TRIGGER `photos_keep_has_photo_on_insert`;--> statement-breakpoint
DROP TRIGGER `photos_keep_has_photo_on_delete`;--> statement-breakpoint
DROP TRIGGER `profiles_keep_has_photo_on_insert`;--> statement-breakpoint
DROP TRIGGER `profiles_keep_has_photo_on_delete`;--> statement-breakpoint
DROP TRIGGER `users_role_follows_is_admin_on_update`;--> statement-breakpoint
DROP TRIGGER `users_is_admin_follows_role_on_update`;--> statement-breakpoint
DROP TRIGGER `users_role_follows_is_admin_on_insert`;--> statement-breakpoint
DROP TRIGGER `users_is_admin_follows_role_on_insert`;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`profile_image_url` text,
	`phone` text,
	`phone_verified_at` integer,
	`is_verified` integer DEFAULT false NOT NULL,
	`email_verified_at` integer,
	`is_admin` integer DEFAULT false NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`totp_secret` text,
	`totp_enrolled_at` integer,
	`totp_last_step` integer,
	`plan` text DEFAULT 'free' NOT NULL,
	`plan_expires_at` integer,
	`plan_since` integer,
	`is_banned` integer DEFAULT false NOT NULL,
	`ban_reason` text,
	`suspended_until` integer,
	`suspension_reason` text,
	`hidden_at` integer,
	`hidden_by` text,
	`reverify_requested_at` integer,
	`signup_ip` text,
	`signup_country` text,
	`language` text DEFAULT 'en' NOT NULL,
	`boosted_until` integer,
	`last_active_at` integer,
	`read_receipts` integer DEFAULT true NOT NULL,
	`show_activity` integer DEFAULT true NOT NULL,
	`show_distance` integer DEFAULT true NOT NULL,
	`notifications` text DEFAULT '{"newMatches":true,"messages":true,"likes":true,"emailUpdates":false}' NOT NULL,
	`photo_verified_at` integer,
	`verified_only` integer DEFAULT false NOT NULL,
	`matches_seen_at` integer,
	`terms_accepted_at` integer,
	`adult_confirmed_at` integer,
	`has_photo` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- phone_verified_at is new: NULL (drizzle-kit names the missing column, which SQLite would read as the string 'phone_verified_at').
INSERT INTO `__new_users`("id", "email", "password_hash", "first_name", "last_name", "profile_image_url", "phone", "phone_verified_at", "is_verified", "email_verified_at", "is_admin", "role", "totp_secret", "totp_enrolled_at", "totp_last_step", "plan", "plan_expires_at", "plan_since", "is_banned", "ban_reason", "suspended_until", "suspension_reason", "hidden_at", "hidden_by", "reverify_requested_at", "signup_ip", "signup_country", "language", "boosted_until", "last_active_at", "read_receipts", "show_activity", "show_distance", "notifications", "photo_verified_at", "verified_only", "matches_seen_at", "terms_accepted_at", "adult_confirmed_at", "has_photo", "created_at") SELECT "id", "email", "password_hash", "first_name", "last_name", "profile_image_url", "phone", NULL, "is_verified", "email_verified_at", "is_admin", "role", "totp_secret", "totp_enrolled_at", "totp_last_step", "plan", "plan_expires_at", "plan_since", "is_banned", "ban_reason", "suspended_until", "suspension_reason", "hidden_at", "hidden_by", "reverify_requested_at", "signup_ip", "signup_country", "language", "boosted_until", "last_active_at", "read_receipts", "show_activity", "show_distance", "notifications", "photo_verified_at", "verified_only", "matches_seen_at", "terms_accepted_at", "adult_confirmed_at", "has_photo", "created_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_proven_phone_unique` ON `users` (`phone`) WHERE "users"."phone_verified_at" is not null;--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`,`id`,`is_banned`,`photo_verified_at`,`hidden_at`,`suspended_until`);--> statement-breakpoint
CREATE INDEX `users_boosted_until_idx` ON `users` (`boosted_until`);--> statement-breakpoint
CREATE TRIGGER `photos_keep_has_photo_on_insert` AFTER INSERT ON `photos` BEGIN
  UPDATE `users` SET `has_photo` = EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = NEW.`user_id`) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `photos_keep_has_photo_on_delete` AFTER DELETE ON `photos` BEGIN
  UPDATE `users` SET `has_photo` = (EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = OLD.`user_id`) AND EXISTS (SELECT 1 FROM `photos` WHERE `user_id` = OLD.`user_id`)) WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_keep_has_photo_on_insert` AFTER INSERT ON `profiles` BEGIN
  UPDATE `users` SET `has_photo` = EXISTS (SELECT 1 FROM `photos` WHERE `user_id` = NEW.`user_id`) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_keep_has_photo_on_delete` AFTER DELETE ON `profiles` BEGIN
  UPDATE `users` SET `has_photo` = 0 WHERE `id` = OLD.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_role_follows_is_admin_on_update` AFTER UPDATE OF `is_admin` ON `users`
  WHEN (NEW.`is_admin` = 1) <> (NEW.`role` = 'admin') BEGIN
  UPDATE `users` SET `role` = CASE WHEN NEW.`is_admin` = 1 THEN 'admin' ELSE 'member' END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_is_admin_follows_role_on_update` AFTER UPDATE OF `role` ON `users`
  WHEN (NEW.`is_admin` = 1) <> (NEW.`role` = 'admin') BEGIN
  UPDATE `users` SET `is_admin` = (NEW.`role` = 'admin') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_role_follows_is_admin_on_insert` AFTER INSERT ON `users`
  WHEN NEW.`is_admin` = 1 AND NEW.`role` <> 'admin' BEGIN
  UPDATE `users` SET `role` = 'admin' WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_is_admin_follows_role_on_insert` AFTER INSERT ON `users`
  WHEN NEW.`role` = 'admin' AND NEW.`is_admin` = 0 BEGIN
  UPDATE `users` SET `is_admin` = 1 WHERE `id` = NEW.`id`;
END;

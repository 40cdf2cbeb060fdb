-- Moderation and trust (ADMIN.md 'Who', 'One member', 'Reports that act'; SECURITY.md 'Privacy and
-- abuse'; docs/decisions/0127). Reports are rebuilt so they outlive either member (ids set to null on
-- deletion instead of cascading); sessions (WITHOUT ROWID, 0014), users and photos (the has_photo
-- triggers of 0015) only gain columns, so none of them is rebuilt.
CREATE TABLE `blocked_registrations` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blocked_registrations_until_idx` ON `blocked_registrations` (`until`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`reported_user_id` text,
	`reason` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`evidence` text,
	`reported_snapshot` text,
	`reporter_ip` text,
	`counts_toward_hiding` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`action` text,
	`action_detail` text,
	`action_by` text,
	`action_at` integer,
	`notified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`action_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_reports`("id", "reporter_id", "reported_user_id", "reason", "description", "evidence", "status", "created_at", "updated_at") SELECT "id", "reporter_id", "reported_user_id", "reason", "description", "evidence", "status", "created_at", "updated_at" FROM `reports`;--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reported_status_idx` ON `reports` (`reported_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE TABLE `member_warnings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`message` text NOT NULL,
	`admin_id` text,
	`report_id` text,
	`created_at` integer NOT NULL,
	`seen_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_warnings_user_idx` ON `member_warnings` (`user_id`,`seen_at`);--> statement-breakpoint
DROP INDEX `users_last_active_idx`;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_enrolled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `hidden_by` text;--> statement-breakpoint
ALTER TABLE `users` ADD `reverify_requested_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `signup_ip` text;--> statement-breakpoint
ALTER TABLE `users` ADD `signup_country` text;--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`,`id`,`is_banned`,`photo_verified_at`,`hidden_at`,`suspended_until`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `second_factor_at` integer;--> statement-breakpoint
ALTER TABLE `photos` ADD `verified_at` integer;--> statement-breakpoint
CREATE INDEX `admin_actions_target_idx` ON `admin_actions` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_actions_admin_idx` ON `admin_actions` (`admin_id`,`created_at`);--> statement-breakpoint
-- Admins become role admin; isAdmin stays true for them alone. They enrol a second factor at their next visit.
UPDATE `users` SET `role` = 'admin' WHERE `is_admin` = 1;--> statement-breakpoint
-- The photos present when a member's selfie was approved are the ones it covered.
UPDATE `photos` SET `verified_at` = (SELECT `photo_verified_at` FROM `users` WHERE `users`.`id` = `photos`.`user_id`)
  WHERE `created_at` <= (SELECT `photo_verified_at` FROM `users` WHERE `users`.`id` = `photos`.`user_id`);--> statement-breakpoint
-- Members hidden until now by three pending reports stay hidden until an admin looks. Older reports
-- carry no reporter address nor eligibility, so they count toward hiding no one from now on.
UPDATE `users` SET `hidden_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), `hidden_by` = 'reports'
  WHERE (SELECT count(DISTINCT `reporter_id`) FROM `reports` WHERE `reported_user_id` = `users`.`id` AND `status` = 'pending') >= 3;--> statement-breakpoint
-- Reports filed before the reported profile was kept: take it now, from the profile as it still is
-- (photos by file name; those files go with the account if it is deleted).
UPDATE `reports` SET `reported_snapshot` = (
  SELECT json_object(
    'name', u.`first_name`, 'age', p.`age`, 'gender', p.`gender`, 'city', p.`city`, 'bio', coalesce(p.`bio`, ''),
    'prompts', json(coalesce(p.`prompts`, '[]')),
    'photos', json((SELECT json_group_array(`file_name`) FROM (SELECT `file_name` FROM `photos` WHERE `user_id` = u.`id` ORDER BY `position`))),
    'takenAt', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
  FROM `users` u LEFT JOIN `profiles` p ON p.`user_id` = u.`id` WHERE u.`id` = `reports`.`reported_user_id`
) WHERE `reported_user_id` IS NOT NULL;

CREATE TABLE `photo_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`pose` text NOT NULL,
	`status` text DEFAULT 'started' NOT NULL,
	`selfie_file` text,
	`reason` text,
	`created_at` integer NOT NULL,
	`submitted_at` integer,
	`decided_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_verifications_user_idx` ON `photo_verifications` (`user_id`);--> statement-breakpoint
CREATE INDEX `photo_verifications_status_idx` ON `photo_verifications` (`status`,`submitted_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `photo_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `verified_only` integer DEFAULT false NOT NULL;
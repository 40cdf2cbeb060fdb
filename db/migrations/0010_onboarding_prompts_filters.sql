CREATE TABLE `profile_drafts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`step` integer NOT NULL,
	`values` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `profiles_gender_city_idx`;--> statement-breakpoint
ALTER TABLE `profiles` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `prompts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `filter_age_min` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `filter_age_max` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `filter_denominations` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `filter_goals` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `profiles_discovery_idx` ON `profiles` (`gender`,`city`,`age`,`denomination`,`relationship_goals`,`city_lat`);--> statement-breakpoint
ALTER TABLE `users` ADD `terms_accepted_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `adult_confirmed_at` integer;
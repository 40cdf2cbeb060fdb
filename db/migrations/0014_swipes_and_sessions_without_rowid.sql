PRAGMA foreign_keys=OFF;--> statement-breakpoint
-- The two tables written or read on every call are keyed by what they are looked up by, without a
-- separate row id (docs/decisions/0109): a swipe is its pair (the table and the likes-received
-- index are the only b-trees a swipe writes; before, also a row-id table, an index on a random id
-- and an index for undo), and a session is found by its id in one b-tree search instead of two.
-- drizzle-kit cannot declare WITHOUT ROWID; a later migration that rebuilds either table must add it again.
CREATE TABLE `__new_swipes` (
	`swiper_id` text NOT NULL,
	`swiped_id` text NOT NULL,
	`is_like` integer NOT NULL,
	`is_super_like` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`swiper_id`, `swiped_id`),
	FOREIGN KEY (`swiper_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`swiped_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_swipes`("swiper_id", "swiped_id", "is_like", "is_super_like", "created_at") SELECT "swiper_id", "swiped_id", "is_like", "is_super_like", "created_at" FROM `swipes`;--> statement-breakpoint
DROP TABLE `swipes`;--> statement-breakpoint
ALTER TABLE `__new_swipes` RENAME TO `swipes`;--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_sessions`("id", "user_id", "created_at", "last_seen_at", "expires_at") SELECT "id", "user_id", "created_at", "last_seen_at", "expires_at" FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `swipes_swiped_like_idx` ON `swipes` (`swiped_id`,`is_like`,`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);

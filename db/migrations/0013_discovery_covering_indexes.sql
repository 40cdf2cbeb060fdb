DROP INDEX `users_last_active_idx`;--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`,`id`,`is_banned`,`photo_verified_at`);--> statement-breakpoint
CREATE INDEX `profiles_discovery_checks_idx` ON `profiles` (`user_id`,`gender`,`city`,`city_lat`,`age`,`denomination`,`relationship_goals`);
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`);--> statement-breakpoint
CREATE INDEX `users_boosted_until_idx` ON `users` (`boosted_until`);
ALTER TABLE `payments` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `activation_id` text;--> statement-breakpoint
CREATE INDEX `payments_pending_expiry_idx` ON `payments` (`status`,`expires_at`);
ALTER TABLE `users` ADD `read_receipts` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `show_activity` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `show_distance` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notifications` text DEFAULT '{"newMatches":true,"messages":true,"likes":true,"emailUpdates":false}' NOT NULL;
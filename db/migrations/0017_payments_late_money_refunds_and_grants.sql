CREATE TABLE `payment_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text,
	`gateway` text NOT NULL,
	`received_at` integer NOT NULL,
	`verified` integer NOT NULL,
	`status` text NOT NULL,
	`answer` integer NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payment_notifications_payment_idx` ON `payment_notifications` (`payment_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `payment_notifications_received_idx` ON `payment_notifications` (`received_at`);--> statement-breakpoint
CREATE TABLE `payment_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_status_history_payment_idx` ON `payment_status_history` (`payment_id`,`at`);--> statement-breakpoint
CREATE TABLE `plan_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan` text NOT NULL,
	`until` integer,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_grants_user_idx` ON `plan_grants` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `plan_since` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `gateway_transaction_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `flag_late` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `flag_needs_attention` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `flags_seen_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `applied_plan` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `period_starts_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `period_ends_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_reason` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_manual` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_note` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `gateway_refund_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `payments_paid_at_idx` ON `payments` (`paid_at`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
INSERT INTO `payment_status_history` (`id`, `payment_id`, `status`, `at`) SELECT 'created-' || `id`, `id`, 'pending', `created_at` FROM `payments`;--> statement-breakpoint
INSERT INTO `payment_status_history` (`id`, `payment_id`, `status`, `at`) SELECT 'now-' || `id`, `id`, `status`, coalesce(`paid_at`, `created_at`) FROM `payments` WHERE `status` <> 'pending';

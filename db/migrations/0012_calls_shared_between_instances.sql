CREATE TABLE `calls_in_progress` (
	`match_id` text PRIMARY KEY NOT NULL,
	`call_id` text NOT NULL,
	`caller_id` text NOT NULL,
	`callee_id` text NOT NULL,
	`call_type` text NOT NULL,
	`state` text NOT NULL,
	`started_at` integer NOT NULL,
	`accepted_at` integer,
	`rings_until` integer NOT NULL,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);

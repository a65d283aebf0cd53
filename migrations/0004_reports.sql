CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`page` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`email` text,
	`user_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution_note` text,
	`resolved_by` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_user_id_idx` ON `reports` (`user_id`);--> statement-breakpoint
CREATE INDEX `reports_resolved_by_idx` ON `reports` (`resolved_by`);--> statement-breakpoint
ALTER TABLE `audio_objects` ADD `speaker` text;--> statement-breakpoint
ALTER TABLE `audio_objects` ADD `recorded_at` integer;
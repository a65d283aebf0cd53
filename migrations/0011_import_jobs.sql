CREATE TABLE `import_job_batches` (
	`job_id` integer NOT NULL,
	`batch` integer NOT NULL,
	`added` integer NOT NULL,
	`changed` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`job_id`, `batch`),
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`file_key` text NOT NULL,
	`format` text NOT NULL,
	`total_lines` integer NOT NULL,
	`total_batches` integer NOT NULL,
	`done_batches` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`changed` integer DEFAULT 0 NOT NULL,
	`refused` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`error` text,
	`report` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `import_jobs_file_hash_idx` ON `import_jobs` (`file_hash`);--> statement-breakpoint
CREATE INDEX `import_jobs_created_at_idx` ON `import_jobs` (`created_at`);--> statement-breakpoint
CREATE INDEX `import_jobs_user_id_idx` ON `import_jobs` (`user_id`);
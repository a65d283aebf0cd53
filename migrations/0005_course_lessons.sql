-- The course as data (issue "Learning that works"): a lesson carries its place on the path, a draft/published
-- status, a summary, an English explanation and a spec (JSON: the dictionary words and the cells it teaches).
-- Its sentences stay in lesson_items (type 'sent', one audio clip each).
ALTER TABLE `lessons` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `summary` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `explanation` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `spec` text;--> statement-breakpoint
ALTER TABLE `lessons` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `lessons_status_position_idx` ON `lessons` (`status`,`position`);
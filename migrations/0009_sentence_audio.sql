ALTER TABLE `sentences` ADD `audio_id` integer REFERENCES audio_objects(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `sentences` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `sentences_audio_id_idx` ON `sentences` (`audio_id`);
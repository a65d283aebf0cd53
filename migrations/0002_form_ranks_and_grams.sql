CREATE TABLE `form_grams` (
	`gram` text NOT NULL,
	`form_id` integer NOT NULL,
	PRIMARY KEY(`gram`, `form_id`),
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_grams_form_id_idx` ON `form_grams` (`form_id`);--> statement-breakpoint
CREATE TABLE `form_rank_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`dirty` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `gram_positions` (
	`n` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE `forms` ADD `rank` integer;--> statement-breakpoint
CREATE INDEX `forms_rank_search_key_idx` ON `forms` (`rank`,`search_key`);--> statement-breakpoint
-- Hand-written below this line (drizzle-kit does not model triggers). See docs/decisions/012-editor-filter-index.md.
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 256)
INSERT INTO `gram_positions` (`n`) SELECT n FROM seq;--> statement-breakpoint
INSERT INTO `form_rank_state` (`id`, `dirty`) VALUES (1, 1);--> statement-breakpoint
INSERT OR IGNORE INTO `form_grams` (`gram`, `form_id`)
  SELECT substr(f.`search_key`, p.`n`, 3), f.`id` FROM `forms` f JOIN `gram_positions` p ON p.`n` <= length(f.`search_key`) - 2;--> statement-breakpoint
CREATE TRIGGER `forms_after_insert` AFTER INSERT ON `forms` BEGIN
  INSERT OR IGNORE INTO `form_grams` (`gram`, `form_id`)
    SELECT substr(new.`search_key`, `n`, 3), new.`id` FROM `gram_positions` WHERE `n` <= length(new.`search_key`) - 2;
  UPDATE `form_rank_state` SET `dirty` = 1 WHERE `id` = 1 AND `dirty` = 0;
END;--> statement-breakpoint
CREATE TRIGGER `forms_after_update_search_key` AFTER UPDATE OF `search_key` ON `forms` WHEN old.`search_key` IS NOT new.`search_key` BEGIN
  DELETE FROM `form_grams` WHERE `form_id` = old.`id`;
  INSERT OR IGNORE INTO `form_grams` (`gram`, `form_id`)
    SELECT substr(new.`search_key`, `n`, 3), new.`id` FROM `gram_positions` WHERE `n` <= length(new.`search_key`) - 2;
END;--> statement-breakpoint
CREATE TRIGGER `forms_after_update_count` AFTER UPDATE OF `count` ON `forms` WHEN old.`count` IS NOT new.`count` BEGIN
  UPDATE `form_rank_state` SET `dirty` = 1 WHERE `id` = 1 AND `dirty` = 0;
END;--> statement-breakpoint
CREATE TRIGGER `forms_after_delete` AFTER DELETE ON `forms` BEGIN
  DELETE FROM `form_grams` WHERE `form_id` = old.`id`;
  UPDATE `form_rank_state` SET `dirty` = 1 WHERE `id` = 1 AND `dirty` = 0;
END;

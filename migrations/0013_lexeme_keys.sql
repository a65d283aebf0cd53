CREATE TABLE `lexeme_keys` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`lexeme_id` integer NOT NULL,
	PRIMARY KEY(`kind`, `key`, `lexeme_id`)
);
--> statement-breakpoint
CREATE INDEX `lexeme_keys_lexeme_id_idx` ON `lexeme_keys` (`lexeme_id`);--> statement-breakpoint
CREATE TABLE `lexeme_keys_pending` (
	`lexeme_id` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lexeme_order` (
	`lexeme_id` integer PRIMARY KEY NOT NULL,
	`sort_key` text NOT NULL,
	`letter` text NOT NULL,
	`pos_group` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lexeme_order_sort_idx` ON `lexeme_order` (`sort_key`);--> statement-breakpoint
CREATE INDEX `lexeme_order_group_idx` ON `lexeme_order` (`pos_group`,`letter`,`sort_key`);--> statement-breakpoint
-- Hand-written (ADR 026): a write of what a lexeme is found by marks it pending until its keys are written (in the
-- writer's next batch: db/queries/lexicon-keys.ts); a removed lexeme takes its keys and its place in the list with it.
CREATE TRIGGER `lexemes_keys_after_insert` AFTER INSERT ON `lexemes` BEGIN
  INSERT INTO `lexeme_keys_pending` (`lexeme_id`) VALUES (new.`id`) ON CONFLICT(`lexeme_id`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `lexemes_keys_after_update` AFTER UPDATE OF `name`, `pos`, `gloss`, `stem` ON `lexemes`
  WHEN old.`name` IS NOT new.`name` OR old.`pos` IS NOT new.`pos` OR old.`gloss` IS NOT new.`gloss` OR old.`stem` IS NOT new.`stem` BEGIN
  INSERT INTO `lexeme_keys_pending` (`lexeme_id`) VALUES (new.`id`) ON CONFLICT(`lexeme_id`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `lexemes_keys_after_delete` AFTER DELETE ON `lexemes` BEGIN
  DELETE FROM `lexeme_keys` WHERE `lexeme_id` = old.`id`;
  DELETE FROM `lexeme_order` WHERE `lexeme_id` = old.`id`;
  DELETE FROM `lexeme_keys_pending` WHERE `lexeme_id` = old.`id`;
END;--> statement-breakpoint
INSERT INTO `lexeme_keys_pending` (`lexeme_id`) SELECT `id` FROM `lexemes`;

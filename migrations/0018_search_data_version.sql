CREATE TABLE `search_data` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`lexicon_writes` integer DEFAULT 0 NOT NULL,
	`rederived_at` integer,
	`indexed_at` integer
);
--> statement-breakpoint
-- Hand-written: the stored search data of a database migrated to here was made by version 1 of the engine and key
-- format (app/core/search-data-version.ts); a later version re-derives it by itself (ADR 034).
INSERT INTO `search_data` (`id`, `version`) VALUES (1, 1);--> statement-breakpoint
-- Hand-written: every write of a lexeme that changes what is derived from it is counted here, so the lexicon version
-- is one row read, not a scan of `lexemes` (a recording or a corpus count changes nothing derived).
CREATE TRIGGER `lexemes_count_after_insert` AFTER INSERT ON `lexemes` BEGIN
  UPDATE `search_data` SET `lexicon_writes` = `lexicon_writes` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `lexemes_count_after_update` AFTER UPDATE OF `name`, `pos`, `gloss`, `stem` ON `lexemes`
  WHEN old.`name` IS NOT new.`name` OR old.`pos` IS NOT new.`pos` OR old.`gloss` IS NOT new.`gloss` OR old.`stem` IS NOT new.`stem` BEGIN
  UPDATE `search_data` SET `lexicon_writes` = `lexicon_writes` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `lexemes_count_after_delete` AFTER DELETE ON `lexemes` BEGIN
  UPDATE `search_data` SET `lexicon_writes` = `lexicon_writes` + 1 WHERE `id` = 1;
END;

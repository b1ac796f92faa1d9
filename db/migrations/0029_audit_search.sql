-- The audit log's search by the words of its summaries (decision 0048): an FTS5 index of words
-- (each word also findable by its beginning), so a search reads the entries that hold the words,
-- not every entry. It keeps no copy of the text (contentless, rows deleted by id); the triggers keep
-- it in step with `audit_log` in the same statement as every write, and
-- `npm run db:rebuild-derived` refills it.
CREATE VIRTUAL TABLE `audit_search` USING fts5(summary, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
INSERT INTO `audit_search` (rowid, summary) SELECT id, summary FROM audit_log;
--> statement-breakpoint
CREATE TRIGGER `audit_search_insert` AFTER INSERT ON `audit_log`
BEGIN
  INSERT INTO audit_search (rowid, summary) VALUES (NEW.id, NEW.summary);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_search_update` AFTER UPDATE OF summary ON `audit_log`
BEGIN
  DELETE FROM audit_search WHERE rowid = OLD.id;
  INSERT INTO audit_search (rowid, summary) VALUES (NEW.id, NEW.summary);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_search_delete` AFTER DELETE ON `audit_log`
BEGIN
  DELETE FROM audit_search WHERE rowid = OLD.id;
END;

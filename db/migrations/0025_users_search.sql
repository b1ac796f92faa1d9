-- The admin searches of people through a trigram index (decision 0046): a search for part of a
-- username, an email or a name reads the accounts that hold it, not every account. The index keeps
-- no copy of the text (contentless, rows deleted by id); the triggers below keep it in step with
-- `users` in the same statement as every write, and `npm run db:rebuild-derived` refills it.
CREATE VIRTUAL TABLE `users_search` USING fts5(username, email, name, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
INSERT INTO `users_search` (rowid, username, email, name)
  SELECT id, username, coalesce(email, ''), trim(first_name || ' ' || last_name) FROM users;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO users_search (rowid, username, email, name) VALUES (NEW.id, NEW.username, coalesce(NEW.email, ''), trim(NEW.first_name || ' ' || NEW.last_name));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF username, email, first_name, last_name ON `users`
BEGIN
  DELETE FROM users_search WHERE rowid = OLD.id;
  INSERT INTO users_search (rowid, username, email, name) VALUES (NEW.id, NEW.username, coalesce(NEW.email, ''), trim(NEW.first_name || ' ' || NEW.last_name));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN
  DELETE FROM users_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER `stat_audit_log_insert` AFTER INSERT ON `audit_log`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'audit.created', substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'audit.created:' || NEW.action, substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_audit_log_delete` AFTER DELETE ON `audit_log`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'audit.created', substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'audit.created:' || OLD.action, substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric = 'audit.created' OR metric LIKE 'audit.created:%';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value) SELECT 'audit.created', substr(created_at, 1, 10), count(*) FROM audit_log GROUP BY 2 UNION ALL SELECT 'audit.created:' || action, substr(created_at, 1, 10), count(*) FROM audit_log GROUP BY action, 2;

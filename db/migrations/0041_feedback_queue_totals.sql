-- The feedback queue's running totals (decision 0070): feedback requests by status, over every
-- course ('feedback.{status}') and per course ('feedback.{status}:{course_id}'), day ''; kept in the
-- transaction of every write to feedback_requests, whoever writes (the cascade of a deleted account included).
CREATE TRIGGER `stat_feedback_requests_insert` AFTER INSERT ON `feedback_requests`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || NEW.status, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || NEW.status || ':' || NEW.course_id, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_feedback_requests_delete` AFTER DELETE ON `feedback_requests`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || OLD.status, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || OLD.status || ':' || OLD.course_id, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_feedback_requests_update` AFTER UPDATE OF status, course_id ON `feedback_requests`
WHEN OLD.status IS NOT NEW.status OR OLD.course_id IS NOT NEW.course_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || OLD.status, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || OLD.status || ':' || OLD.course_id, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || NEW.status, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'feedback.' || NEW.status || ':' || NEW.course_id, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric LIKE 'feedback.%';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value)
  SELECT 'feedback.' || status, '', count(*) FROM feedback_requests GROUP BY status
  UNION ALL SELECT 'feedback.' || status || ':' || course_id, '', count(*) FROM feedback_requests GROUP BY status, course_id;

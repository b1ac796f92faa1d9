CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TRIGGER `stat_orders_created_insert` AFTER INSERT ON `orders`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created', substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created:' || NEW.status, substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_orders_created_update` AFTER UPDATE OF status, created_at ON `orders`
WHEN OLD.status IS NOT NEW.status OR OLD.created_at IS NOT NEW.created_at
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created', substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created:' || OLD.status, substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created', substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created:' || NEW.status, substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_orders_created_delete` AFTER DELETE ON `orders`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created', substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created:' || OLD.status, substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric = 'orders.created' OR metric LIKE 'orders.created:%';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value) SELECT 'orders.created', substr(created_at, 1, 10), count(*) FROM orders GROUP BY 2 UNION ALL SELECT 'orders.created:' || status, substr(created_at, 1, 10), count(*) FROM orders GROUP BY status, 2;

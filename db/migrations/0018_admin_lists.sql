CREATE INDEX `subscriptions_created_idx` ON `subscriptions` (`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_created_idx` ON `subscriptions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_plan_created_idx` ON `subscriptions` (`plan_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_starts_idx` ON `bookings` (`starts_at`);--> statement-breakpoint
CREATE TRIGGER `stat_bookings_total_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.total', '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_bookings_total_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.total', '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric = 'bookings.total';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.total', '', count(*) FROM bookings WHERE 1 HAVING count(*) > 0;

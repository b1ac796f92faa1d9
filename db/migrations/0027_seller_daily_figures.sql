-- A seller's analytics from running totals per seller and UTC day (decision 0047): sales, the
-- gross and net of sales and refunds, page views and downloads, kept by triggers in the same
-- transaction as each write (as the figures of 0017 and 0023), so a year of a seller's analytics is
-- 365 rows a figure, not every sale. `npm run db:rebuild-derived` recounts them (stats/rebuild.ts).
CREATE TRIGGER `stat_seller_day_ledger_insert` AFTER INSERT ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_sales:' || NEW.seller_id, substr(NEW.created_at, 1, 10), 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_gross:' || NEW.seller_id, substr(NEW.created_at, 1, 10), NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_net:' || NEW.seller_id, substr(NEW.created_at, 1, 10), NEW.net_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_ledger_update` AFTER UPDATE ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_sales:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_gross:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_net:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -OLD.net_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_sales:' || NEW.seller_id, substr(NEW.created_at, 1, 10), 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_gross:' || NEW.seller_id, substr(NEW.created_at, 1, 10), NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_net:' || NEW.seller_id, substr(NEW.created_at, 1, 10), NEW.net_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_ledger_delete` AFTER DELETE ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_sales:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_gross:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_net:' || OLD.seller_id, substr(OLD.created_at, 1, 10), -OLD.net_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_views_insert` AFTER INSERT ON `resource_views`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_views:' || r.seller_id, NEW.day, NEW.views FROM resources r WHERE r.id = NEW.resource_id ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_views_update` AFTER UPDATE ON `resource_views`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_views:' || r.seller_id, OLD.day, -OLD.views FROM resources r WHERE r.id = OLD.resource_id ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_views:' || r.seller_id, NEW.day, NEW.views FROM resources r WHERE r.id = NEW.resource_id ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_views_delete` AFTER DELETE ON `resource_views`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_views:' || r.seller_id, OLD.day, -OLD.views FROM resources r WHERE r.id = OLD.resource_id ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_downloads_insert` AFTER INSERT ON `resource_downloads`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_downloads:' || r.seller_id, substr(NEW.created_at, 1, 10), 1 FROM resources r WHERE r.id = NEW.resource_id AND (NEW.user_id IS NULL OR NEW.user_id <> r.seller_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_downloads_update` AFTER UPDATE ON `resource_downloads`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_downloads:' || r.seller_id, substr(OLD.created_at, 1, 10), -1 FROM resources r WHERE r.id = OLD.resource_id AND (OLD.user_id IS NULL OR OLD.user_id <> r.seller_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_downloads:' || r.seller_id, substr(NEW.created_at, 1, 10), 1 FROM resources r WHERE r.id = NEW.resource_id AND (NEW.user_id IS NULL OR NEW.user_id <> r.seller_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_day_downloads_delete` AFTER DELETE ON `resource_downloads`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.day_downloads:' || r.seller_id, substr(OLD.created_at, 1, 10), -1 FROM resources r WHERE r.id = OLD.resource_id AND (OLD.user_id IS NULL OR OLD.user_id <> r.seller_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
-- A deleted resource takes its views and downloads with it (ON DELETE CASCADE), and the cascaded
-- rows' own triggers no longer find the resource's seller: its figures leave here, before.
CREATE TRIGGER `stat_seller_day_resource_delete` BEFORE DELETE ON `resources`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT * FROM (SELECT 'seller.day_views:' || OLD.seller_id, day, -sum(views) FROM resource_views WHERE resource_id = OLD.id GROUP BY day) WHERE true ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT * FROM (SELECT 'seller.day_downloads:' || OLD.seller_id, substr(created_at, 1, 10) AS d, -count(*) FROM resource_downloads WHERE resource_id = OLD.id AND (user_id IS NULL OR user_id <> OLD.seller_id) GROUP BY d) WHERE true ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value) SELECT * FROM (
  SELECT 'seller.day_sales:' || seller_id, substr(created_at, 1, 10) AS d, count(*) AS n FROM seller_ledger WHERE type = 'sale' GROUP BY seller_id, d
  UNION ALL SELECT 'seller.day_gross:' || seller_id, substr(created_at, 1, 10) AS d, sum(gross_cents) FROM seller_ledger WHERE type IN ('sale', 'refund') GROUP BY seller_id, d
  UNION ALL SELECT 'seller.day_net:' || seller_id, substr(created_at, 1, 10) AS d, sum(net_cents) FROM seller_ledger WHERE type IN ('sale', 'refund') GROUP BY seller_id, d
  UNION ALL SELECT 'seller.day_views:' || r.seller_id, v.day, sum(v.views) FROM resource_views v JOIN resources r ON r.id = v.resource_id GROUP BY r.seller_id, v.day
  UNION ALL SELECT 'seller.day_downloads:' || r.seller_id, substr(rd.created_at, 1, 10), count(*) FROM resource_downloads rd JOIN resources r ON r.id = rd.resource_id
    WHERE rd.user_id IS NULL OR rd.user_id <> r.seller_id GROUP BY r.seller_id, 2)
WHERE n <> 0 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;

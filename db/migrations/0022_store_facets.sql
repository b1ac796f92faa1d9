CREATE INDEX `resources_status_newest_idx` ON `resources` (`status`,coalesce("published_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_status_rating_idx` ON `resources` (`status`,`rating_average`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `resources_status_sales_idx` ON `resources` (`status`,`sales_count`,`rating_average`,`id`);--> statement-breakpoint
-- The store's facets and its number of listed resources (published, of an approved and active
-- seller) as running totals in stat_totals (decision 0039): the store's first page counted every
-- listed resource five times over, each with a look-up of its seller, on every read.
CREATE TRIGGER `stat_store_resource_insert` AFTER INSERT ON `resources` WHEN NEW.status = 'published'
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', 1 FROM (
    SELECT 'store.listed' AS m
    UNION ALL SELECT 'store.style:' || NEW.dance_style
    UNION ALL SELECT 'store.age:' || NEW.age_group
    UNION ALL SELECT 'store.level:' || NEW.level
    UNION ALL SELECT 'store.category:' || NEW.category_id WHERE NEW.category_id IS NOT NULL
    UNION ALL SELECT CASE WHEN NEW.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END
  ) WHERE EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = NEW.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_resource_delete` AFTER DELETE ON `resources` WHEN OLD.status = 'published'
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', -1 FROM (
    SELECT 'store.listed' AS m
    UNION ALL SELECT 'store.style:' || OLD.dance_style
    UNION ALL SELECT 'store.age:' || OLD.age_group
    UNION ALL SELECT 'store.level:' || OLD.level
    UNION ALL SELECT 'store.category:' || OLD.category_id WHERE OLD.category_id IS NOT NULL
    UNION ALL SELECT CASE WHEN OLD.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END
  ) WHERE EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = OLD.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_resource_update` AFTER UPDATE OF `status`, `seller_id`, `dance_style`, `age_group`, `level`, `category_id`, `price_cents` ON `resources`
WHEN OLD.status = 'published' OR NEW.status = 'published'
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', -1 FROM (
    SELECT 'store.listed' AS m
    UNION ALL SELECT 'store.style:' || OLD.dance_style
    UNION ALL SELECT 'store.age:' || OLD.age_group
    UNION ALL SELECT 'store.level:' || OLD.level
    UNION ALL SELECT 'store.category:' || OLD.category_id WHERE OLD.category_id IS NOT NULL
    UNION ALL SELECT CASE WHEN OLD.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END
  ) WHERE OLD.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = OLD.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', 1 FROM (
    SELECT 'store.listed' AS m
    UNION ALL SELECT 'store.style:' || NEW.dance_style
    UNION ALL SELECT 'store.age:' || NEW.age_group
    UNION ALL SELECT 'store.level:' || NEW.level
    UNION ALL SELECT 'store.category:' || NEW.category_id WHERE NEW.category_id IS NOT NULL
    UNION ALL SELECT CASE WHEN NEW.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END
  ) WHERE NEW.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = NEW.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_seller_update` AFTER UPDATE OF `status` ON `seller_profiles`
WHEN (OLD.status = 'approved') <> (NEW.status = 'approved')
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', (CASE WHEN NEW.status = 'approved' THEN 1 ELSE -1 END) * n FROM (
    SELECT 'store.listed' AS m, count(*) AS n FROM resources WHERE seller_id = NEW.user_id AND status = 'published'
    UNION ALL SELECT 'store.style:' || dance_style, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY dance_style
    UNION ALL SELECT 'store.age:' || age_group, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY age_group
    UNION ALL SELECT 'store.level:' || level, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY level
    UNION ALL SELECT 'store.category:' || category_id, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' AND category_id IS NOT NULL GROUP BY category_id
    UNION ALL SELECT CASE WHEN price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published'
      GROUP BY price_cents = 0
  ) WHERE n > 0 AND EXISTS (SELECT 1 FROM users su WHERE su.id = NEW.user_id AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_seller_insert` AFTER INSERT ON `seller_profiles` WHEN NEW.status = 'approved'
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', (1) * n FROM (
    SELECT 'store.listed' AS m, count(*) AS n FROM resources WHERE seller_id = NEW.user_id AND status = 'published'
    UNION ALL SELECT 'store.style:' || dance_style, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY dance_style
    UNION ALL SELECT 'store.age:' || age_group, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY age_group
    UNION ALL SELECT 'store.level:' || level, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' GROUP BY level
    UNION ALL SELECT 'store.category:' || category_id, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published' AND category_id IS NOT NULL GROUP BY category_id
    UNION ALL SELECT CASE WHEN price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END, count(*) FROM resources WHERE seller_id = NEW.user_id AND status = 'published'
      GROUP BY price_cents = 0
  ) WHERE n > 0 AND EXISTS (SELECT 1 FROM users su WHERE su.id = NEW.user_id AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_seller_delete` AFTER DELETE ON `seller_profiles` WHEN OLD.status = 'approved'
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', (-1) * n FROM (
    SELECT 'store.listed' AS m, count(*) AS n FROM resources WHERE seller_id = OLD.user_id AND status = 'published'
    UNION ALL SELECT 'store.style:' || dance_style, count(*) FROM resources WHERE seller_id = OLD.user_id AND status = 'published' GROUP BY dance_style
    UNION ALL SELECT 'store.age:' || age_group, count(*) FROM resources WHERE seller_id = OLD.user_id AND status = 'published' GROUP BY age_group
    UNION ALL SELECT 'store.level:' || level, count(*) FROM resources WHERE seller_id = OLD.user_id AND status = 'published' GROUP BY level
    UNION ALL SELECT 'store.category:' || category_id, count(*) FROM resources WHERE seller_id = OLD.user_id AND status = 'published' AND category_id IS NOT NULL GROUP BY category_id
    UNION ALL SELECT CASE WHEN price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END, count(*) FROM resources WHERE seller_id = OLD.user_id AND status = 'published'
      GROUP BY price_cents = 0
  ) WHERE n > 0 AND EXISTS (SELECT 1 FROM users su WHERE su.id = OLD.user_id AND su.is_active = 1)
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_store_user_active` AFTER UPDATE OF `is_active` ON `users`
WHEN OLD.is_active IS NOT NEW.is_active
BEGIN
  INSERT INTO stat_totals (metric, day, value)
  SELECT m, '', (CASE WHEN NEW.is_active = 1 THEN 1 ELSE -1 END) * n FROM (
    SELECT 'store.listed' AS m, count(*) AS n FROM resources WHERE seller_id = NEW.id AND status = 'published'
    UNION ALL SELECT 'store.style:' || dance_style, count(*) FROM resources WHERE seller_id = NEW.id AND status = 'published' GROUP BY dance_style
    UNION ALL SELECT 'store.age:' || age_group, count(*) FROM resources WHERE seller_id = NEW.id AND status = 'published' GROUP BY age_group
    UNION ALL SELECT 'store.level:' || level, count(*) FROM resources WHERE seller_id = NEW.id AND status = 'published' GROUP BY level
    UNION ALL SELECT 'store.category:' || category_id, count(*) FROM resources WHERE seller_id = NEW.id AND status = 'published' AND category_id IS NOT NULL GROUP BY category_id
    UNION ALL SELECT CASE WHEN price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END, count(*) FROM resources WHERE seller_id = NEW.id AND status = 'published'
      GROUP BY price_cents = 0
  ) WHERE n > 0 AND EXISTS (SELECT 1 FROM seller_profiles sp WHERE sp.user_id = NEW.id AND sp.status = 'approved')
  ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric >= 'store.' AND metric < 'store/';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value)
SELECT m, '', count(*) FROM (
  SELECT 'store.listed' AS m FROM resources r WHERE r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  UNION ALL SELECT 'store.style:' || r.dance_style FROM resources r WHERE r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  UNION ALL SELECT 'store.age:' || r.age_group FROM resources r WHERE r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  UNION ALL SELECT 'store.level:' || r.level FROM resources r WHERE r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  UNION ALL SELECT 'store.category:' || r.category_id FROM resources r WHERE r.status = 'published' AND r.category_id IS NOT NULL AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
  UNION ALL SELECT CASE WHEN r.price_cents = 0 THEN 'store.price:free' ELSE 'store.price:paid' END FROM resources r WHERE r.status = 'published' AND EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id WHERE sp.user_id = r.seller_id AND sp.status = 'approved' AND su.is_active = 1)
) WHERE 1 GROUP BY m;

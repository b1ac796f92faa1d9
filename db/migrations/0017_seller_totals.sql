CREATE TABLE `resource_revenue` (
	`resource_id` integer PRIMARY KEY NOT NULL,
	`revenue_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `resource_revenue_order_idx` ON `resource_revenue` (`revenue_cents`);--> statement-breakpoint
CREATE INDEX `seller_ledger_item_idx` ON `seller_ledger` (`order_item_id`,`type`);--> statement-breakpoint
CREATE INDEX `seller_ledger_created_idx` ON `seller_ledger` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `stat_seller_ledger_insert` AFTER INSERT ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sales:' || NEW.seller_id, '', 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.gross:' || NEW.seller_id, '', NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.net:' || NEW.seller_id, '', NEW.net_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.balance:' || NEW.seller_id, '', NEW.net_cents WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.sales', substr(NEW.created_at, 1, 10), 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.gross', substr(NEW.created_at, 1, 10), NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.fees', substr(NEW.created_at, 1, 10), NEW.fee_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO resource_revenue (resource_id, revenue_cents) SELECT NEW.resource_id, NEW.gross_cents WHERE NEW.resource_id IS NOT NULL AND NEW.type IN ('sale', 'refund') ON CONFLICT (resource_id) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_ledger_update` AFTER UPDATE ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sales:' || OLD.seller_id, '', -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.gross:' || OLD.seller_id, '', -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.net:' || OLD.seller_id, '', -OLD.net_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.balance:' || OLD.seller_id, '', -OLD.net_cents WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = OLD.order_id AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.sales', substr(OLD.created_at, 1, 10), -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.gross', substr(OLD.created_at, 1, 10), -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.fees', substr(OLD.created_at, 1, 10), -OLD.fee_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO resource_revenue (resource_id, revenue_cents) SELECT OLD.resource_id, -OLD.gross_cents WHERE OLD.resource_id IS NOT NULL AND OLD.type IN ('sale', 'refund') ON CONFLICT (resource_id) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sales:' || NEW.seller_id, '', 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.gross:' || NEW.seller_id, '', NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.net:' || NEW.seller_id, '', NEW.net_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.balance:' || NEW.seller_id, '', NEW.net_cents WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.sales', substr(NEW.created_at, 1, 10), 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.gross', substr(NEW.created_at, 1, 10), NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.fees', substr(NEW.created_at, 1, 10), NEW.fee_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO resource_revenue (resource_id, revenue_cents) SELECT NEW.resource_id, NEW.gross_cents WHERE NEW.resource_id IS NOT NULL AND NEW.type IN ('sale', 'refund') ON CONFLICT (resource_id) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_seller_ledger_delete` AFTER DELETE ON `seller_ledger`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sales:' || OLD.seller_id, '', -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.gross:' || OLD.seller_id, '', -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.net:' || OLD.seller_id, '', -OLD.net_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.balance:' || OLD.seller_id, '', -OLD.net_cents WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = OLD.order_id AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.sales', substr(OLD.created_at, 1, 10), -1 WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.gross', substr(OLD.created_at, 1, 10), -OLD.gross_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.fees', substr(OLD.created_at, 1, 10), -OLD.fee_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO resource_revenue (resource_id, revenue_cents) SELECT OLD.resource_id, -OLD.gross_cents WHERE OLD.resource_id IS NOT NULL AND OLD.type IN ('sale', 'refund') ON CONFLICT (resource_id) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
DELETE FROM `stat_totals` WHERE metric LIKE 'seller.%' OR metric LIKE 'ledger.%';
--> statement-breakpoint
INSERT INTO `stat_totals` (metric, day, value) SELECT metric, day, value FROM (
  SELECT 'seller.sales:' || seller_id AS metric, '' AS day, count(*) AS value FROM seller_ledger l WHERE type = 'sale' GROUP BY seller_id
  UNION ALL SELECT 'seller.gross:' || seller_id, '', sum(gross_cents) FROM seller_ledger l WHERE l.type IN ('sale', 'refund') GROUP BY seller_id
  UNION ALL SELECT 'seller.net:' || seller_id, '', sum(net_cents) FROM seller_ledger l WHERE l.type IN ('sale', 'refund') GROUP BY seller_id
  UNION ALL SELECT 'seller.balance:' || seller_id, '', sum(net_cents) FROM seller_ledger l WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id
  AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) GROUP BY seller_id
  UNION ALL SELECT 'ledger.sales', substr(created_at, 1, 10), count(*) FROM seller_ledger l WHERE type = 'sale' GROUP BY 2
  UNION ALL SELECT 'ledger.gross', substr(created_at, 1, 10), sum(gross_cents) FROM seller_ledger l WHERE l.type IN ('sale', 'refund') GROUP BY 2
  UNION ALL SELECT 'ledger.fees', substr(created_at, 1, 10), sum(fee_cents) FROM seller_ledger l WHERE l.type IN ('sale', 'refund') GROUP BY 2) WHERE value <> 0;
--> statement-breakpoint
INSERT INTO `resource_revenue` (resource_id, revenue_cents) SELECT resource_id, sum(gross_cents) AS revenue_cents FROM seller_ledger
  WHERE resource_id IS NOT NULL AND type IN ('sale', 'refund') GROUP BY resource_id;

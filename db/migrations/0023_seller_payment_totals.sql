-- A seller's payments page from running totals (decision 0044): the ledger's entries, the gross of
-- the sales, the fees and what payouts sent, per seller, kept by the ledger's triggers with the
-- figures of 0017.
DROP TRIGGER IF EXISTS `stat_seller_ledger_insert`;
--> statement-breakpoint
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
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.entries:' || NEW.seller_id, '', 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sale_gross:' || NEW.seller_id, '', NEW.gross_cents WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.fees:' || NEW.seller_id, '', NEW.fee_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.paid_out:' || NEW.seller_id, '', -NEW.net_cents WHERE NEW.type = 'payout' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `stat_seller_ledger_update`;
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
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.entries:' || OLD.seller_id, '', -1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sale_gross:' || OLD.seller_id, '', -OLD.gross_cents WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.fees:' || OLD.seller_id, '', -OLD.fee_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.paid_out:' || OLD.seller_id, '', OLD.net_cents WHERE OLD.type = 'payout' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sales:' || NEW.seller_id, '', 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.gross:' || NEW.seller_id, '', NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.net:' || NEW.seller_id, '', NEW.net_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.balance:' || NEW.seller_id, '', NEW.net_cents WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND CASE WHEN json_valid(o.metadata) THEN json_extract(o.metadata, '$.connect_destination') IS NOT NULL ELSE 0 END) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.sales', substr(NEW.created_at, 1, 10), 1 WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.gross', substr(NEW.created_at, 1, 10), NEW.gross_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'ledger.fees', substr(NEW.created_at, 1, 10), NEW.fee_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO resource_revenue (resource_id, revenue_cents) SELECT NEW.resource_id, NEW.gross_cents WHERE NEW.resource_id IS NOT NULL AND NEW.type IN ('sale', 'refund') ON CONFLICT (resource_id) DO UPDATE SET revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.entries:' || NEW.seller_id, '', 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sale_gross:' || NEW.seller_id, '', NEW.gross_cents WHERE NEW.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.fees:' || NEW.seller_id, '', NEW.fee_cents WHERE NEW.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.paid_out:' || NEW.seller_id, '', -NEW.net_cents WHERE NEW.type = 'payout' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `stat_seller_ledger_delete`;
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
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.entries:' || OLD.seller_id, '', -1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.sale_gross:' || OLD.seller_id, '', -OLD.gross_cents WHERE OLD.type = 'sale' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.fees:' || OLD.seller_id, '', -OLD.fee_cents WHERE OLD.type IN ('sale', 'refund') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'seller.paid_out:' || OLD.seller_id, '', OLD.net_cents WHERE OLD.type = 'payout' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM `stat_totals` WHERE metric LIKE 'seller.entries:%' OR metric LIKE 'seller.sale\_gross:%' ESCAPE '\' OR metric LIKE 'seller.fees:%' OR metric LIKE 'seller.paid\_out:%' ESCAPE '\';
--> statement-breakpoint
INSERT INTO `stat_totals` (metric, day, value) SELECT metric, day, value FROM (
  SELECT 'seller.entries:' || seller_id AS metric, '' AS day, count(*) AS value FROM seller_ledger GROUP BY seller_id
  UNION ALL SELECT 'seller.sale_gross:' || seller_id, '', sum(gross_cents) FROM seller_ledger WHERE type = 'sale' GROUP BY seller_id
  UNION ALL SELECT 'seller.fees:' || seller_id, '', sum(fee_cents) FROM seller_ledger WHERE type IN ('sale', 'refund') GROUP BY seller_id
  UNION ALL SELECT 'seller.paid_out:' || seller_id, '', -sum(net_cents) FROM seller_ledger WHERE type = 'payout' GROUP BY seller_id) WHERE value <> 0;

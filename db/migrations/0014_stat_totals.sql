CREATE TABLE `stat_totals` (
	`metric` text NOT NULL,
	`day` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`metric`, `day`)
);
--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_paid_idx` ON `orders` (`paid_at`) WHERE "orders"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `refunds_status_created_idx` ON `refunds` (`status`,`created_at`,`order_id`);--> statement-breakpoint
CREATE INDEX `bookings_status_ends_idx` ON `bookings` (`status`,`ends_at`);--> statement-breakpoint
CREATE INDEX `bookings_confirmed_idx` ON `bookings` (`confirmed_at`) WHERE "bookings"."confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `stat_users_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.total', '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.active', '', 1 WHERE NEW.is_active = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.new', substr(NEW.created_at, 1, 10), 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_users_update` AFTER UPDATE OF is_active, created_at ON `users`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.active', '', (NEW.is_active = 1) - (OLD.is_active = 1) WHERE (NEW.is_active = 1) <> (OLD.is_active = 1) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.new', substr(OLD.created_at, 1, 10), -1 WHERE substr(OLD.created_at, 1, 10) <> substr(NEW.created_at, 1, 10) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.new', substr(NEW.created_at, 1, 10), 1 WHERE substr(OLD.created_at, 1, 10) <> substr(NEW.created_at, 1, 10) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_users_delete` AFTER DELETE ON `users`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.total', '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.active', '', -1 WHERE OLD.is_active = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'users.new', substr(OLD.created_at, 1, 10), -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_user_roles_insert` AFTER INSERT ON `user_roles`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT (SELECT 'role.' || name FROM roles WHERE id = NEW.role_id), '', 1 WHERE EXISTS (SELECT 1 FROM roles WHERE id = NEW.role_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_user_roles_update` AFTER UPDATE OF role_id ON `user_roles`
WHEN OLD.role_id IS NOT NEW.role_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT (SELECT 'role.' || name FROM roles WHERE id = OLD.role_id), '', -1 WHERE EXISTS (SELECT 1 FROM roles WHERE id = OLD.role_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT (SELECT 'role.' || name FROM roles WHERE id = NEW.role_id), '', 1 WHERE EXISTS (SELECT 1 FROM roles WHERE id = NEW.role_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_user_roles_delete` AFTER DELETE ON `user_roles`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT (SELECT 'role.' || name FROM roles WHERE id = OLD.role_id), '', -1 WHERE EXISTS (SELECT 1 FROM roles WHERE id = OLD.role_id) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_orders_insert` AFTER INSERT ON `orders`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.pending', '', 1 WHERE NEW.status = 'pending' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.paid', substr(NEW.paid_at, 1, 10), 1 WHERE NEW.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value)
    SELECT 'revenue.' || kind, substr(NEW.paid_at, 1, 10), 1 * sum(net) FROM (
      SELECT kind, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
        SELECT kind, t, r, base, fl, sum(fl) OVER () AS sfl, row_number() OVER (ORDER BY rem DESC, id) AS rk FROM (
          SELECT id, kind, total_cents AS t, max(0, min(NEW.refunded_cents, NEW.total_cents)) AS r, b.base AS base,
            CASE WHEN b.base > 0 THEN (max(0, min(NEW.refunded_cents, NEW.total_cents)) * max(0, total_cents)) / b.base ELSE 0 END AS fl,
            CASE WHEN b.base > 0 THEN (max(0, min(NEW.refunded_cents, NEW.total_cents)) * max(0, total_cents)) % b.base ELSE 0 END AS rem
          FROM order_items, (SELECT coalesce(sum(max(0, total_cents)), 0) AS base FROM order_items WHERE order_id = NEW.id) b
          WHERE order_id = NEW.id)))
    WHERE kind <> 'SUBSCRIPTION' AND NEW.paid_at IS NOT NULL AND NEW.status IN ('paid', 'partially_refunded', 'refunded') GROUP BY kind
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_orders_update` AFTER UPDATE OF status, paid_at, refunded_cents, total_cents ON `orders`
WHEN OLD.status IS NOT NEW.status OR OLD.paid_at IS NOT NEW.paid_at OR OLD.refunded_cents IS NOT NEW.refunded_cents OR OLD.total_cents IS NOT NEW.total_cents
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.pending', '', (NEW.status = 'pending') - (OLD.status = 'pending') WHERE (NEW.status = 'pending') <> (OLD.status = 'pending') ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.paid', substr(OLD.paid_at, 1, 10), -1 WHERE OLD.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.paid', substr(NEW.paid_at, 1, 10), 1 WHERE NEW.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value)
    SELECT 'revenue.' || kind, substr(OLD.paid_at, 1, 10), -1 * sum(net) FROM (
      SELECT kind, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
        SELECT kind, t, r, base, fl, sum(fl) OVER () AS sfl, row_number() OVER (ORDER BY rem DESC, id) AS rk FROM (
          SELECT id, kind, total_cents AS t, max(0, min(OLD.refunded_cents, OLD.total_cents)) AS r, b.base AS base,
            CASE WHEN b.base > 0 THEN (max(0, min(OLD.refunded_cents, OLD.total_cents)) * max(0, total_cents)) / b.base ELSE 0 END AS fl,
            CASE WHEN b.base > 0 THEN (max(0, min(OLD.refunded_cents, OLD.total_cents)) * max(0, total_cents)) % b.base ELSE 0 END AS rem
          FROM order_items, (SELECT coalesce(sum(max(0, total_cents)), 0) AS base FROM order_items WHERE order_id = OLD.id) b
          WHERE order_id = OLD.id)))
    WHERE kind <> 'SUBSCRIPTION' AND OLD.paid_at IS NOT NULL AND OLD.status IN ('paid', 'partially_refunded', 'refunded') GROUP BY kind
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value)
    SELECT 'revenue.' || kind, substr(NEW.paid_at, 1, 10), 1 * sum(net) FROM (
      SELECT kind, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
        SELECT kind, t, r, base, fl, sum(fl) OVER () AS sfl, row_number() OVER (ORDER BY rem DESC, id) AS rk FROM (
          SELECT id, kind, total_cents AS t, max(0, min(NEW.refunded_cents, NEW.total_cents)) AS r, b.base AS base,
            CASE WHEN b.base > 0 THEN (max(0, min(NEW.refunded_cents, NEW.total_cents)) * max(0, total_cents)) / b.base ELSE 0 END AS fl,
            CASE WHEN b.base > 0 THEN (max(0, min(NEW.refunded_cents, NEW.total_cents)) * max(0, total_cents)) % b.base ELSE 0 END AS rem
          FROM order_items, (SELECT coalesce(sum(max(0, total_cents)), 0) AS base FROM order_items WHERE order_id = NEW.id) b
          WHERE order_id = NEW.id)))
    WHERE kind <> 'SUBSCRIPTION' AND NEW.paid_at IS NOT NULL AND NEW.status IN ('paid', 'partially_refunded', 'refunded') GROUP BY kind
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_orders_delete` AFTER DELETE ON `orders`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.pending', '', -1 WHERE OLD.status = 'pending' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'orders.paid', substr(OLD.paid_at, 1, 10), -1 WHERE OLD.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_order_items_insert` AFTER INSERT ON `order_items`
BEGIN
  INSERT INTO stat_totals (metric, day, value)
    SELECT 'revenue.' || kind, substr((SELECT paid_at FROM orders WHERE id = NEW.order_id), 1, 10), -1 * sum(net) FROM (
      SELECT kind, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
        SELECT kind, t, r, base, fl, sum(fl) OVER () AS sfl, row_number() OVER (ORDER BY rem DESC, id) AS rk FROM (
          SELECT id, kind, total_cents AS t, max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) AS r, b.base AS base,
            CASE WHEN b.base > 0 THEN (max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) * max(0, total_cents)) / b.base ELSE 0 END AS fl,
            CASE WHEN b.base > 0 THEN (max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) * max(0, total_cents)) % b.base ELSE 0 END AS rem
          FROM order_items, (SELECT coalesce(sum(max(0, total_cents)), 0) AS base FROM order_items WHERE order_id = NEW.order_id AND id <> NEW.id) b
          WHERE order_id = NEW.order_id AND id <> NEW.id)))
    WHERE kind <> 'SUBSCRIPTION' AND (SELECT paid_at FROM orders WHERE id = NEW.order_id) IS NOT NULL AND (SELECT status FROM orders WHERE id = NEW.order_id) IN ('paid', 'partially_refunded', 'refunded') GROUP BY kind
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value)
    SELECT 'revenue.' || kind, substr((SELECT paid_at FROM orders WHERE id = NEW.order_id), 1, 10), 1 * sum(net) FROM (
      SELECT kind, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
        SELECT kind, t, r, base, fl, sum(fl) OVER () AS sfl, row_number() OVER (ORDER BY rem DESC, id) AS rk FROM (
          SELECT id, kind, total_cents AS t, max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) AS r, b.base AS base,
            CASE WHEN b.base > 0 THEN (max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) * max(0, total_cents)) / b.base ELSE 0 END AS fl,
            CASE WHEN b.base > 0 THEN (max(0, min((SELECT refunded_cents FROM orders WHERE id = NEW.order_id), (SELECT total_cents FROM orders WHERE id = NEW.order_id))) * max(0, total_cents)) % b.base ELSE 0 END AS rem
          FROM order_items, (SELECT coalesce(sum(max(0, total_cents)), 0) AS base FROM order_items WHERE order_id = NEW.order_id) b
          WHERE order_id = NEW.order_id)))
    WHERE kind <> 'SUBSCRIPTION' AND (SELECT paid_at FROM orders WHERE id = NEW.order_id) IS NOT NULL AND (SELECT status FROM orders WHERE id = NEW.order_id) IN ('paid', 'partially_refunded', 'refunded') GROUP BY kind
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscription_invoices_insert` AFTER INSERT ON `subscription_invoices`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'revenue.SUBSCRIPTION', substr(NEW.paid_at, 1, 10), NEW.amount_paid_cents - NEW.refunded_cents WHERE NEW.status = 'paid' AND NEW.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscription_invoices_update` AFTER UPDATE OF status, paid_at, amount_paid_cents, refunded_cents ON `subscription_invoices`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'revenue.SUBSCRIPTION', substr(OLD.paid_at, 1, 10), -(OLD.amount_paid_cents - OLD.refunded_cents) WHERE OLD.status = 'paid' AND OLD.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'revenue.SUBSCRIPTION', substr(NEW.paid_at, 1, 10), NEW.amount_paid_cents - NEW.refunded_cents WHERE NEW.status = 'paid' AND NEW.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscription_invoices_delete` AFTER DELETE ON `subscription_invoices`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'revenue.SUBSCRIPTION', substr(OLD.paid_at, 1, 10), -(OLD.amount_paid_cents - OLD.refunded_cents) WHERE OLD.status = 'paid' AND OLD.paid_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_refunds_insert` AFTER INSERT ON `refunds`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'refunds.cents', substr(NEW.created_at, 1, 10), NEW.amount_cents WHERE NEW.status = 'succeeded' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_refunds_update` AFTER UPDATE OF status, amount_cents, created_at ON `refunds`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'refunds.cents', substr(OLD.created_at, 1, 10), -OLD.amount_cents WHERE OLD.status = 'succeeded' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'refunds.cents', substr(NEW.created_at, 1, 10), NEW.amount_cents WHERE NEW.status = 'succeeded' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_refunds_delete` AFTER DELETE ON `refunds`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'refunds.cents', substr(OLD.created_at, 1, 10), -OLD.amount_cents WHERE OLD.status = 'succeeded' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_bookings_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_start', substr(NEW.starts_at, 1, 10), 1 WHERE NEW.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_end', substr(NEW.ends_at, 1, 10), 1 WHERE NEW.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.cancelled', substr(NEW.cancelled_at, 1, 10), 1 WHERE NEW.status = 'cancelled' AND NEW.cancelled_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_bookings_update` AFTER UPDATE OF status, starts_at, ends_at, cancelled_at ON `bookings`
WHEN OLD.status IS NOT NEW.status OR OLD.starts_at IS NOT NEW.starts_at OR OLD.ends_at IS NOT NEW.ends_at OR OLD.cancelled_at IS NOT NEW.cancelled_at
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_start', substr(OLD.starts_at, 1, 10), -1 WHERE OLD.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_end', substr(OLD.ends_at, 1, 10), -1 WHERE OLD.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.cancelled', substr(OLD.cancelled_at, 1, 10), -1 WHERE OLD.status = 'cancelled' AND OLD.cancelled_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_start', substr(NEW.starts_at, 1, 10), 1 WHERE NEW.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_end', substr(NEW.ends_at, 1, 10), 1 WHERE NEW.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.cancelled', substr(NEW.cancelled_at, 1, 10), 1 WHERE NEW.status = 'cancelled' AND NEW.cancelled_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_bookings_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_start', substr(OLD.starts_at, 1, 10), -1 WHERE OLD.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.confirmed_end', substr(OLD.ends_at, 1, 10), -1 WHERE OLD.status = 'confirmed' ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'bookings.cancelled', substr(OLD.cancelled_at, 1, 10), -1 WHERE OLD.status = 'cancelled' AND OLD.cancelled_at IS NOT NULL ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscriptions_insert` AFTER INSERT ON `subscriptions`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.n' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.paying' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.mrr' || ':' || NEW.plan_id || ':' || NEW.status, '', (CASE NEW.interval WHEN 'year' THEN (NEW.price_cents + 6) / 12 ELSE NEW.price_cents END) WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) AND NEW.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling_mrr' || ':' || NEW.plan_id || ':' || NEW.status, '', (CASE NEW.interval WHEN 'year' THEN (NEW.price_cents + 6) / 12 ELSE NEW.price_cents END) WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) AND NEW.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscriptions_update` AFTER UPDATE OF plan_id, status, price_cents, interval, cancel_at_period_end ON `subscriptions`
WHEN OLD.plan_id IS NOT NEW.plan_id OR OLD.status IS NOT NEW.status OR OLD.price_cents IS NOT NEW.price_cents OR OLD.interval IS NOT NEW.interval OR OLD.cancel_at_period_end IS NOT NEW.cancel_at_period_end
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.n' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.paying' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.mrr' || ':' || OLD.plan_id || ':' || OLD.status, '', -(CASE OLD.interval WHEN 'year' THEN (OLD.price_cents + 6) / 12 ELSE OLD.price_cents END) WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) AND OLD.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling_mrr' || ':' || OLD.plan_id || ':' || OLD.status, '', -(CASE OLD.interval WHEN 'year' THEN (OLD.price_cents + 6) / 12 ELSE OLD.price_cents END) WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) AND OLD.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.n' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.paying' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.mrr' || ':' || NEW.plan_id || ':' || NEW.status, '', (CASE NEW.interval WHEN 'year' THEN (NEW.price_cents + 6) / 12 ELSE NEW.price_cents END) WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling' || ':' || NEW.plan_id || ':' || NEW.status, '', 1 WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) AND NEW.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling_mrr' || ':' || NEW.plan_id || ':' || NEW.status, '', (CASE NEW.interval WHEN 'year' THEN (NEW.price_cents + 6) / 12 ELSE NEW.price_cents END) WHERE (NEW.status IN ('active', 'past_due') AND NEW.price_cents > 0) AND NEW.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_subscriptions_delete` AFTER DELETE ON `subscriptions`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.n' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.paying' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.mrr' || ':' || OLD.plan_id || ':' || OLD.status, '', -(CASE OLD.interval WHEN 'year' THEN (OLD.price_cents + 6) / 12 ELSE OLD.price_cents END) WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling' || ':' || OLD.plan_id || ':' || OLD.status, '', -1 WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) AND OLD.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'sub.canceling_mrr' || ':' || OLD.plan_id || ':' || OLD.status, '', -(CASE OLD.interval WHEN 'year' THEN (OLD.price_cents + 6) / 12 ELSE OLD.price_cents END) WHERE (OLD.status IN ('active', 'past_due') AND OLD.price_cents > 0) AND OLD.cancel_at_period_end = 1 ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
INSERT INTO `stat_totals` (metric, day, value) SELECT metric, day, value FROM (
  SELECT 'users.total' AS metric, '' AS day, count(*) AS value FROM users
  UNION ALL SELECT 'users.active', '', count(*) FROM users WHERE is_active = 1
  UNION ALL SELECT 'users.new', substr(created_at, 1, 10), count(*) FROM users GROUP BY 2
  UNION ALL SELECT 'role.' || r.name, '', count(*) FROM user_roles ur JOIN roles r ON r.id = ur.role_id GROUP BY r.id
  UNION ALL SELECT 'orders.pending', '', count(*) FROM orders WHERE status = 'pending'
  UNION ALL SELECT 'orders.paid', substr(paid_at, 1, 10), count(*) FROM orders WHERE paid_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT * FROM (
  SELECT 'revenue.' || kind AS metric, day, sum(net) AS value FROM (
    SELECT kind, day, CASE WHEN r = 0 OR base = 0 THEN t ELSE t - fl - (rk <= r - sfl) END AS net FROM (
      SELECT kind, day, t, r, base, fl,
        sum(fl) OVER (PARTITION BY order_id) AS sfl,
        row_number() OVER (PARTITION BY order_id ORDER BY rem DESC, id) AS rk
      FROM (
        SELECT oi.id, oi.order_id, oi.kind, oi.total_cents AS t, substr(o.paid_at, 1, 10) AS day,
          max(0, min(o.refunded_cents, o.total_cents)) AS r, b.base,
          CASE WHEN b.base > 0 THEN (max(0, min(o.refunded_cents, o.total_cents)) * max(0, oi.total_cents)) / b.base ELSE 0 END AS fl,
          CASE WHEN b.base > 0 THEN (max(0, min(o.refunded_cents, o.total_cents)) * max(0, oi.total_cents)) % b.base ELSE 0 END AS rem
        FROM orders o
        JOIN order_items oi ON oi.order_id = o.id
        JOIN (SELECT order_id, sum(max(0, total_cents)) AS base FROM order_items GROUP BY order_id) b ON b.order_id = o.id
        WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'partially_refunded', 'refunded'))))
  WHERE kind <> 'SUBSCRIPTION' GROUP BY kind, day)
  UNION ALL SELECT 'revenue.SUBSCRIPTION', substr(paid_at, 1, 10), sum(amount_paid_cents - refunded_cents)
    FROM subscription_invoices WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'refunds.cents', substr(created_at, 1, 10), sum(amount_cents) FROM refunds WHERE status = 'succeeded' GROUP BY 2
  UNION ALL SELECT 'bookings.confirmed_start', substr(starts_at, 1, 10), count(*) FROM bookings WHERE status = 'confirmed' GROUP BY 2
  UNION ALL SELECT 'bookings.confirmed_end', substr(ends_at, 1, 10), count(*) FROM bookings WHERE status = 'confirmed' GROUP BY 2
  UNION ALL SELECT 'bookings.cancelled', substr(cancelled_at, 1, 10), count(*) FROM bookings
    WHERE status = 'cancelled' AND cancelled_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'sub.n' || ':' || plan_id || ':' || status, '', count(*) FROM subscriptions GROUP BY plan_id, status
  UNION ALL SELECT 'sub.paying' || ':' || plan_id || ':' || status, '', count(*) FROM subscriptions WHERE (status IN ('active', 'past_due') AND price_cents > 0) GROUP BY plan_id, status
  UNION ALL SELECT 'sub.mrr' || ':' || plan_id || ':' || status, '', sum((CASE interval WHEN 'year' THEN (price_cents + 6) / 12 ELSE price_cents END)) FROM subscriptions WHERE (status IN ('active', 'past_due') AND price_cents > 0) GROUP BY plan_id, status
  UNION ALL SELECT 'sub.canceling' || ':' || plan_id || ':' || status, '', count(*) FROM subscriptions
    WHERE (status IN ('active', 'past_due') AND price_cents > 0) AND cancel_at_period_end = 1 GROUP BY plan_id, status
  UNION ALL SELECT 'sub.canceling_mrr' || ':' || plan_id || ':' || status, '', sum((CASE interval WHEN 'year' THEN (price_cents + 6) / 12 ELSE price_cents END)) FROM subscriptions
    WHERE (status IN ('active', 'past_due') AND price_cents > 0) AND cancel_at_period_end = 1 GROUP BY plan_id, status) WHERE value <> 0;

DROP INDEX `subscriptions_user_idx`;--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_user_paid_idx` ON `orders` (`user_id`,`paid_at`) WHERE "orders"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_user_status_idx` ON `bookings` (`user_id`,`status`,`starts_at`);
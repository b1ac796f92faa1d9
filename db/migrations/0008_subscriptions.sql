CREATE TABLE `subscription_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`provider_invoice_id` text NOT NULL,
	`number` text,
	`status` text NOT NULL,
	`billing_reason` text,
	`amount_due_cents` integer DEFAULT 0 NOT NULL,
	`amount_paid_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`lines` text DEFAULT '[]' NOT NULL,
	`period_start` text,
	`period_end` text,
	`provider_payment_intent_id` text,
	`provider_charge_id` text,
	`hosted_invoice_url` text,
	`paid_at` text,
	`failure_reason` text,
	`provider_created` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_invoices_provider_unique` ON `subscription_invoices` (`provider_invoice_id`);--> statement-breakpoint
CREATE INDEX `subscription_invoices_subscription_idx` ON `subscription_invoices` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `subscription_invoices_user_idx` ON `subscription_invoices` (`user_id`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`level` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`monthly_price_cents` integer DEFAULT 0 NOT NULL,
	`yearly_price_cents` integer DEFAULT 0 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`stripe_product_id` text,
	`stripe_monthly_price_id` text,
	`stripe_yearly_price_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "subscription_plans_prices_check" CHECK("subscription_plans"."monthly_price_cents" >= 0 AND "subscription_plans"."yearly_price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_plans_key_unique` ON `subscription_plans` (`key`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`interval` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`trial_start` text,
	`trial_end` text,
	`current_period_start` text,
	`current_period_end` text,
	`canceled_at` text,
	`ended_at` text,
	`scheduled_plan_id` integer,
	`scheduled_interval` text,
	`provider` text NOT NULL,
	`provider_subscription_id` text NOT NULL,
	`provider_customer_id` text,
	`order_id` integer,
	`provider_updated` integer DEFAULT 0 NOT NULL,
	`test_card_last4` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scheduled_plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_unique` ON `subscriptions` (`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`);--> statement-breakpoint
ALTER TABLE `courses` ADD `required_level` integer DEFAULT 0 NOT NULL;
CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`url` text,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `resource_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resource_categories_name_unique` ON `resource_categories` (lower("name"));--> statement-breakpoint
CREATE TABLE `resource_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_id` integer NOT NULL,
	`file_id` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `resource_files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `resource_downloads_resource_idx` ON `resource_downloads` (`resource_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `resource_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`original_name` text NOT NULL,
	`mimetype` text NOT NULL,
	`size` integer NOT NULL,
	`page_count` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resource_files_key_unique` ON `resource_files` (`storage_key`);--> statement-breakpoint
CREATE INDEX `resource_files_resource_idx` ON `resource_files` (`resource_id`,`position`);--> statement-breakpoint
CREATE TABLE `resource_ownerships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`resource_id` integer NOT NULL,
	`source` text NOT NULL,
	`order_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resource_ownerships_user_resource_unique` ON `resource_ownerships` (`user_id`,`resource_id`);--> statement-breakpoint
CREATE INDEX `resource_ownerships_resource_idx` ON `resource_ownerships` (`resource_id`);--> statement-breakpoint
CREATE TABLE `resource_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`seller_reply` text,
	`replied_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "resource_reviews_rating_range" CHECK("resource_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resource_reviews_user_resource_unique` ON `resource_reviews` (`resource_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `resource_views` (
	`resource_id` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`resource_id`, `day`),
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `resources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`dance_style` text NOT NULL,
	`age_group` text NOT NULL,
	`level` text NOT NULL,
	`category_id` integer,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`cover_image_url` text,
	`preview_image_urls` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`rejection_reason` text,
	`featured` integer DEFAULT false NOT NULL,
	`sales_count` integer DEFAULT 0 NOT NULL,
	`download_count` integer DEFAULT 0 NOT NULL,
	`rating_average` real DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`submitted_at` text,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`category_id`) REFERENCES `resource_categories`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "resources_price_range" CHECK("resources"."price_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "resources_rating_range" CHECK("resources"."rating_average" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE INDEX `resources_status_featured_idx` ON `resources` (`status`,`featured`);--> statement-breakpoint
CREATE INDEX `resources_seller_idx` ON `resources` (`seller_id`,`status`);--> statement-breakpoint
CREATE INDEX `resources_category_idx` ON `resources` (`category_id`);--> statement-breakpoint
CREATE TABLE `seller_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`type` text NOT NULL,
	`order_id` integer,
	`order_item_id` integer,
	`refund_id` integer,
	`payout_id` integer,
	`resource_id` integer,
	`gross_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `seller_ledger_seller_idx` ON `seller_ledger` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `seller_ledger_sale_unique` ON `seller_ledger` (`order_item_id`) WHERE "seller_ledger"."type" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX `seller_ledger_refund_unique` ON `seller_ledger` (`refund_id`,`order_item_id`) WHERE "seller_ledger"."type" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX `seller_ledger_payout_unique` ON `seller_ledger` (`payout_id`) WHERE "seller_ledger"."type" = 'payout';--> statement-breakpoint
CREATE TABLE `seller_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_transfer_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "seller_payouts_amount_positive" CHECK("seller_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `seller_payouts_seller_idx` ON `seller_payouts` (`seller_id`);--> statement-breakpoint
CREATE TABLE `seller_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`store_name` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`logo_url` text,
	`sample_url` text,
	`application_note` text DEFAULT '' NOT NULL,
	`requested_role` text DEFAULT 'SELLER' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`decided_by` integer,
	`decided_at` text,
	`connect_account_id` text,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `seller_profiles_status_idx` ON `seller_profiles` (`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `seller_profiles_store_name_unique` ON `seller_profiles` (lower("store_name"));
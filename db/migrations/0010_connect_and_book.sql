CREATE TABLE `dance_styles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dance_styles_name_unique` ON `dance_styles` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `dance_styles_slug_unique` ON `dance_styles` (`slug`);--> statement-breakpoint
CREATE TABLE `availability_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instructor_id` integer NOT NULL,
	`date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	FOREIGN KEY (`instructor_id`) REFERENCES `instructor_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "availability_overrides_values" CHECK(("availability_overrides"."start_time" IS NULL AND "availability_overrides"."end_time" IS NULL) OR ("availability_overrides"."start_time" < "availability_overrides"."end_time"))
);
--> statement-breakpoint
CREATE INDEX `availability_overrides_instructor_date_idx` ON `availability_overrides` (`instructor_id`,`date`);--> statement-breakpoint
CREATE TABLE `availability_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instructor_id` integer NOT NULL,
	`weekday` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	FOREIGN KEY (`instructor_id`) REFERENCES `instructor_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "availability_rules_values" CHECK("availability_rules"."weekday" BETWEEN 1 AND 7 AND "availability_rules"."start_time" < "availability_rules"."end_time")
);
--> statement-breakpoint
CREATE INDEX `availability_rules_instructor_idx` ON `availability_rules` (`instructor_id`);--> statement-breakpoint
CREATE TABLE `booking_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`instructor_id` integer NOT NULL,
	`lesson_type_id` integer NOT NULL,
	`starts_at` text NOT NULL,
	`booker_time_zone` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_booking_id` integer,
	`offer_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instructor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_type_id`) REFERENCES `lesson_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_waitlist_open_unique` ON `booking_waitlist` (`user_id`,`lesson_type_id`,`starts_at`) WHERE "booking_waitlist"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `booking_waitlist_session_idx` ON `booking_waitlist` (`lesson_type_id`,`starts_at`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`instructor_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`lesson_type_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`mode` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`seat` integer DEFAULT 1 NOT NULL,
	`instructor_time_zone` text NOT NULL,
	`booker_time_zone` text NOT NULL,
	`status` text NOT NULL,
	`price_cents` integer NOT NULL,
	`order_id` integer,
	`package_purchase_id` integer,
	`credit_forfeited` integer DEFAULT false NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`hold_expires_at` text,
	`confirmed_at` text,
	`cancelled_at` text,
	`cancelled_by` text,
	`cancel_reason` text,
	`refund_cents` integer DEFAULT 0 NOT NULL,
	`rescheduled_from_id` integer,
	`reschedule_count` integer DEFAULT 0 NOT NULL,
	`reminder_sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`instructor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`lesson_type_id`) REFERENCES `lesson_types`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`package_purchase_id`) REFERENCES `package_purchases`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bookings_values" CHECK("bookings"."starts_at" < "bookings"."ends_at" AND "bookings"."seat" >= 1 AND "bookings"."price_cents" >= 0 AND "bookings"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_number_unique` ON `bookings` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_active_seat_unique` ON `bookings` (`instructor_id`,`starts_at`,`seat`) WHERE "bookings"."status" IN ('held', 'offered', 'confirmed');--> statement-breakpoint
CREATE INDEX `bookings_user_idx` ON `bookings` (`user_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_instructor_idx` ON `bookings` (`instructor_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_order_idx` ON `bookings` (`order_id`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE TABLE `instructor_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`headline` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`photo_url` text,
	`video_url` text,
	`levels` text DEFAULT '[]' NOT NULL,
	`age_groups` text DEFAULT '[]' NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`offers_online` integer DEFAULT false NOT NULL,
	`offers_in_person` integer DEFAULT false NOT NULL,
	`zip` text,
	`city` text,
	`state` text,
	`latitude` real,
	`longitude` real,
	`travel_radius_miles` integer DEFAULT 0 NOT NULL,
	`time_zone` text DEFAULT 'America/New_York' NOT NULL,
	`meeting_url` text,
	`min_notice_minutes` integer DEFAULT 720 NOT NULL,
	`horizon_days` integer DEFAULT 60 NOT NULL,
	`buffer_minutes` integer DEFAULT 15 NOT NULL,
	`cancellation_hours` integer DEFAULT 24 NOT NULL,
	`premium_listing` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`suspended_reason` text,
	`calendar_token` text NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "instructor_profiles_rules" CHECK("instructor_profiles"."min_notice_minutes" >= 0 AND "instructor_profiles"."horizon_days" BETWEEN 1 AND 365 AND "instructor_profiles"."buffer_minutes" BETWEEN 0 AND 240
      AND "instructor_profiles"."cancellation_hours" BETWEEN 0 AND 720 AND "instructor_profiles"."travel_radius_miles" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instructor_profiles_calendar_token_unique` ON `instructor_profiles` (`calendar_token`);--> statement-breakpoint
CREATE INDEX `instructor_profiles_status_idx` ON `instructor_profiles` (`status`);--> statement-breakpoint
CREATE TABLE `instructor_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`instructor_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instructor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "instructor_reviews_rating" CHECK("instructor_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instructor_reviews_booking_unique` ON `instructor_reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `instructor_reviews_instructor_idx` ON `instructor_reviews` (`instructor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `instructor_styles` (
	`instructor_id` integer NOT NULL,
	`style_id` integer NOT NULL,
	PRIMARY KEY(`instructor_id`, `style_id`),
	FOREIGN KEY (`instructor_id`) REFERENCES `instructor_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`style_id`) REFERENCES `dance_styles`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `instructor_styles_style_idx` ON `instructor_styles` (`style_id`);--> statement-breakpoint
CREATE TABLE `lesson_packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instructor_id` integer NOT NULL,
	`lesson_type_id` integer NOT NULL,
	`title` text NOT NULL,
	`lessons_count` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`instructor_id`) REFERENCES `instructor_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_type_id`) REFERENCES `lesson_types`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lesson_packages_values" CHECK("lesson_packages"."lessons_count" BETWEEN 2 AND 50 AND "lesson_packages"."price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `lesson_packages_instructor_idx` ON `lesson_packages` (`instructor_id`);--> statement-breakpoint
CREATE TABLE `lesson_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instructor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`duration_minutes` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`capacity` integer DEFAULT 1 NOT NULL,
	`mode` text DEFAULT 'online' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`instructor_id`) REFERENCES `instructor_profiles`(`user_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lesson_types_values" CHECK("lesson_types"."duration_minutes" BETWEEN 15 AND 480 AND "lesson_types"."price_cents" >= 0 AND "lesson_types"."capacity" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE INDEX `lesson_types_instructor_idx` ON `lesson_types` (`instructor_id`);--> statement-breakpoint
CREATE TABLE `package_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`instructor_id` integer NOT NULL,
	`lesson_type_id` integer NOT NULL,
	`order_id` integer,
	`order_item_id` integer,
	`title` text NOT NULL,
	`credits_total` integer NOT NULL,
	`price_paid_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `lesson_packages`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `package_purchases_user_idx` ON `package_purchases` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_purchases_order_item_unique` ON `package_purchases` (`order_item_id`);--> statement-breakpoint
ALTER TABLE `courses` ADD `dance_style_id` integer REFERENCES dance_styles(id);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attachments` text;
CREATE TABLE `course_feedback_settings` (
	`course_id` integer PRIMARY KEY NOT NULL,
	`mode` text DEFAULT 'none' NOT NULL,
	`included_reviews` integer DEFAULT 0 NOT NULL,
	`credit_pack_cents` integer DEFAULT 0 NOT NULL,
	`credits_per_pack` integer DEFAULT 1 NOT NULL,
	`response_days` integer DEFAULT 3 NOT NULL,
	`delete_takes_after_days` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "course_feedback_included_range" CHECK("course_feedback_settings"."included_reviews" BETWEEN 0 AND 100),
	CONSTRAINT "course_feedback_pack_range" CHECK("course_feedback_settings"."credit_pack_cents" >= 0 AND "course_feedback_settings"."credits_per_pack" BETWEEN 1 AND 100),
	CONSTRAINT "course_feedback_days_range" CHECK("course_feedback_settings"."response_days" BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE `feedback_credit_grants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`order_item_id` integer,
	`credits` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feedback_credit_grants_balance" CHECK("feedback_credit_grants"."used" >= 0 AND "feedback_credit_grants"."refunded" >= 0 AND "feedback_credit_grants"."used" + "feedback_credit_grants"."refunded" <= "feedback_credit_grants"."credits")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_credit_grants_order_item_unique` ON `feedback_credit_grants` (`order_item_id`);--> statement-breakpoint
CREATE INDEX `feedback_credit_grants_user_course_idx` ON `feedback_credit_grants` (`user_id`,`course_id`,`id`);--> statement-breakpoint
CREATE TABLE `feedback_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`author_id` integer,
	`at_ms` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`drawing` text,
	`hidden_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `feedback_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feedback_notes_at_range" CHECK("feedback_notes"."at_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX `feedback_notes_request_at_idx` ON `feedback_notes` (`request_id`,`at_ms`,`id`);--> statement-breakpoint
CREATE TABLE `feedback_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note_id` integer NOT NULL,
	`author_id` integer,
	`body` text NOT NULL,
	`hidden_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`note_id`) REFERENCES `feedback_notes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feedback_replies_note_idx` ON `feedback_replies` (`note_id`,`id`);--> statement-breakpoint
CREATE TABLE `feedback_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`take_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`question` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`paid_by` text NOT NULL,
	`credit_grant_id` integer,
	`due_at` text NOT NULL,
	`verdict` text,
	`summary` text,
	`answered_by` integer,
	`answered_at` text,
	`seen_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`take_id`) REFERENCES `practice_takes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`answered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_requests_take_unique` ON `feedback_requests` (`take_id`);--> statement-breakpoint
CREATE INDEX `feedback_requests_course_status_due_idx` ON `feedback_requests` (`course_id`,`status`,`due_at`,`id`);--> statement-breakpoint
CREATE INDEX `feedback_requests_course_user_idx` ON `feedback_requests` (`course_id`,`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `feedback_requests_user_idx` ON `feedback_requests` (`user_id`,`course_id`,`paid_by`);--> statement-breakpoint
CREATE TABLE `lesson_practice_rules` (
	`lesson_id` integer PRIMARY KEY NOT NULL,
	`requires_approved_take` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `practice_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by` integer,
	`resolved_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `practice_reports_status_idx` ON `practice_reports` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `practice_reports_open_unique` ON `practice_reports` (`target_kind`,`target_id`,`reporter_id`) WHERE "practice_reports"."status" = 'open';--> statement-breakpoint
CREATE TABLE `practice_takes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`upload_id` integer,
	`source` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`size_bytes` integer NOT NULL,
	`ref_start_ms` integer DEFAULT 0 NOT NULL,
	`ref_end_ms` integer,
	`speed` real DEFAULT 1 NOT NULL,
	`offset_ms` integer DEFAULT 0 NOT NULL,
	`delete_file_at` text,
	`file_deleted_at` text,
	`hidden_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "practice_takes_speed_range" CHECK("practice_takes"."speed" BETWEEN 0.25 AND 2)
);
--> statement-breakpoint
CREATE INDEX `practice_takes_user_lesson_idx` ON `practice_takes` (`user_id`,`lesson_id`,`id`);--> statement-breakpoint
CREATE INDEX `practice_takes_user_size_idx` ON `practice_takes` (`user_id`,`size_bytes`) WHERE "practice_takes"."upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `practice_takes_delete_due_idx` ON `practice_takes` (`delete_file_at`) WHERE "practice_takes"."delete_file_at" IS NOT NULL AND "practice_takes"."file_deleted_at" IS NULL;
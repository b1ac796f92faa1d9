CREATE TABLE `community_digest_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_digest_items_user_idx` ON `community_digest_items` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `community_members` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`approved_posts` integer DEFAULT 0 NOT NULL,
	`suspended_until` text,
	`suspended_reason` text,
	`suspended_by` integer,
	`suspended_at` text,
	`email_digest` integer DEFAULT false NOT NULL,
	`digest_sent_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suspended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `community_post_edits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`editor_id` integer,
	`title` text,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `community_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`editor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_post_edits_post_idx` ON `community_post_edits` (`post_id`,`id`);--> statement-breakpoint
CREATE TABLE `community_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`course_id` integer,
	`question_id` integer,
	`parent_id` integer,
	`author_id` integer,
	`title` text,
	`body` text NOT NULL,
	`video_at_ms` integer,
	`status` text DEFAULT 'visible' NOT NULL,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`accepted_answer_id` integer,
	`last_activity_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`edited_at` text,
	`hidden_by` integer,
	`hidden_at` text,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "community_posts_title_shape" CHECK(("community_posts"."kind" = 'question') = ("community_posts"."title" IS NOT NULL)),
	CONSTRAINT "community_posts_thread_shape" CHECK(("community_posts"."kind" = 'question') = ("community_posts"."question_id" IS NULL)),
	CONSTRAINT "community_posts_reply_shape" CHECK(("community_posts"."kind" = 'reply') = ("community_posts"."parent_id" IS NOT NULL)),
	CONSTRAINT "community_posts_counts" CHECK("community_posts"."answer_count" >= 0 AND "community_posts"."reply_count" >= 0 AND "community_posts"."vote_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `community_questions_newest_idx` ON `community_posts` (`target_kind`,`target_id`,`status`,`id`) WHERE "community_posts"."kind" = 'question';--> statement-breakpoint
CREATE INDEX `community_questions_helpful_idx` ON `community_posts` (`target_kind`,`target_id`,`status`,`vote_count`,`id`) WHERE "community_posts"."kind" = 'question';--> statement-breakpoint
CREATE INDEX `community_questions_unanswered_idx` ON `community_posts` (`target_kind`,`target_id`,`status`,`answer_count`,`id`) WHERE "community_posts"."kind" = 'question';--> statement-breakpoint
CREATE INDEX `community_questions_course_idx` ON `community_posts` (`course_id`,`status`,`id`) WHERE "community_posts"."kind" = 'question' AND "community_posts"."course_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `community_answers_idx` ON `community_posts` (`question_id`,`kind`,`status`,`vote_count`,`id`) WHERE "community_posts"."question_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `community_replies_idx` ON `community_posts` (`parent_id`,`status`,`id`) WHERE "community_posts"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `community_posts_author_idx` ON `community_posts` (`author_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `community_posts_pending_idx` ON `community_posts` (`created_at`,`id`) WHERE "community_posts"."status" = 'pending';--> statement-breakpoint
CREATE TABLE `community_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`detail` text,
	`status` text DEFAULT 'open' NOT NULL,
	`decided_by` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `community_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_reports_status_idx` ON `community_reports` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `community_reports_post_idx` ON `community_reports` (`post_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `community_reports_member_unique` ON `community_reports` (`post_id`,`reporter_id`);--> statement-breakpoint
CREATE TABLE `community_totals` (
	`scope_kind` text NOT NULL,
	`scope_id` integer NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`unanswered` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope_kind`, `scope_id`)
);
--> statement-breakpoint
CREATE TABLE `community_votes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `community_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_votes_user_idx` ON `community_votes` (`user_id`);
CREATE TABLE `course_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`reply` text,
	`reply_by` integer,
	`replied_at` text,
	`hidden_at` text,
	`hidden_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reply_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "course_reviews_rating_range" CHECK("course_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_reviews_course_user_unique` ON `course_reviews` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `course_reviews_course_newest_idx` ON `course_reviews` (`course_id`,`created_at`,`id`) WHERE "course_reviews"."hidden_at" IS NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `rating_average` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `courses_status_rating_idx` ON `courses` (`status`,`rating_average`,`rating_count`,`id`);
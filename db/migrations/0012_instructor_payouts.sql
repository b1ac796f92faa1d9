ALTER TABLE `instructor_profiles` ADD `connect_account_id` text;--> statement-breakpoint
ALTER TABLE `instructor_profiles` ADD `payouts_enabled` integer DEFAULT false NOT NULL;
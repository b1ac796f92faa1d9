CREATE INDEX `email_outbox_kind_subject_idx` ON `email_outbox` (`kind`,`subject`);--> statement-breakpoint
CREATE INDEX `email_outbox_kind_created_idx` ON `email_outbox` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `booking_waitlist_status_idx` ON `booking_waitlist` (`status`,`starts_at`);
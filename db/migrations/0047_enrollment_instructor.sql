ALTER TABLE `enrollments` ADD `instructor_id` integer;--> statement-breakpoint
CREATE INDEX `enrollments_instructor_created_idx` ON `enrollments` (`instructor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `enrollments_instructor_completed_idx` ON `enrollments` (`instructor_id`,`completed_at`,`id`);
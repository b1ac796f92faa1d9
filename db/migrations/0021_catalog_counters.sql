ALTER TABLE `courses` ADD `enrollment_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `courses_status_newest_idx` ON `courses` (`status`,coalesce("published_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `courses_status_popular_idx` ON `courses` (`status`,`enrollment_count`,`id`);--> statement-breakpoint
CREATE INDEX `courses_status_price_idx` ON `courses` (`status`,`price_cents`,`id`);--> statement-breakpoint
-- Counters that move with ordinary use (a learner enrols, a resource sells or is downloaded, a
-- rating is recomputed) are not content: they no longer move the content versions, which emptied
-- every cached public answer at each enrolment or sale (decision 0040). A course's learner count is
-- kept on the course by triggers; cached answers show counters at most a minute old.
DROP TRIGGER IF EXISTS `enrollments_insert_content_version`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `enrollments_update_content_version`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `enrollments_delete_content_version`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `courses_update_content_version`;
--> statement-breakpoint
CREATE TRIGGER `courses_update_content_version` AFTER UPDATE OF `id`, `title`, `short_name`, `description`, `detailed_description`, `price_cents`, `required_level`, `status`, `instructor_id`, `category_id`, `dance_style_id`, `difficulty_level`, `duration`, `image_url`, `video_url`, `preview_video_url`, `lock_modules`, `certificate_template_id`, `published_at`, `created_at`, `updated_at` ON `courses` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `resources_update_store_version`;
--> statement-breakpoint
CREATE TRIGGER `resources_update_store_version` AFTER UPDATE OF `id`, `seller_id`, `title`, `description`, `dance_style`, `age_group`, `level`, `category_id`, `price_cents`, `cover_image_url`, `preview_image_urls`, `status`, `rejection_reason`, `featured`, `submitted_at`, `published_at`, `created_at`, `updated_at` ON `resources` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `courses_enrollment_count_insert` AFTER INSERT ON `enrollments`
BEGIN
  UPDATE `courses` SET `enrollment_count` = `enrollment_count` + 1 WHERE `id` = NEW.`course_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_enrollment_count_delete` AFTER DELETE ON `enrollments`
BEGIN
  UPDATE `courses` SET `enrollment_count` = `enrollment_count` - 1 WHERE `id` = OLD.`course_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_enrollment_count_update` AFTER UPDATE OF `course_id` ON `enrollments` WHEN NEW.`course_id` IS NOT OLD.`course_id`
BEGIN
  UPDATE `courses` SET `enrollment_count` = `enrollment_count` - 1 WHERE `id` = OLD.`course_id`;
  UPDATE `courses` SET `enrollment_count` = `enrollment_count` + 1 WHERE `id` = NEW.`course_id`;
END;
--> statement-breakpoint
UPDATE `courses` SET `enrollment_count` = (SELECT count(*) FROM `enrollments` e WHERE e.`course_id` = `courses`.`id`);

-- Public answers show how many learners a course has, nothing else of an enrolment (decision 0021).
-- Opening a lesson updates the enrolment's resume point (last_lesson_id, updated_at) and finishing
-- a course its completed_at: those updates no longer move the catalog version, which emptied every
-- public answer at each lesson a learner opened. Inserts and deletes still move it.
DROP TRIGGER IF EXISTS `enrollments_update_content_version`;
--> statement-breakpoint
CREATE TRIGGER `enrollments_update_content_version` AFTER UPDATE OF `user_id`, `course_id` ON `enrollments` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;

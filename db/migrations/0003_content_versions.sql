CREATE TABLE `content_versions` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `content_versions` (`scope`, `version`) VALUES ('catalog', 0), ('certificates', 0), ('accounts', 0);
--> statement-breakpoint
CREATE TRIGGER `modules_insert_content_version` AFTER INSERT ON `modules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `modules_update_content_version` AFTER UPDATE ON `modules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `modules_delete_content_version` AFTER DELETE ON `modules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `lessons_insert_content_version` AFTER INSERT ON `lessons` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `lessons_update_content_version` AFTER UPDATE ON `lessons` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `lessons_delete_content_version` AFTER DELETE ON `lessons` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_insert_content_version` AFTER INSERT ON `quizzes` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_update_content_version` AFTER UPDATE ON `quizzes` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quizzes_delete_content_version` AFTER DELETE ON `quizzes` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_insert_content_version` AFTER INSERT ON `quiz_questions` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_update_content_version` AFTER UPDATE ON `quiz_questions` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `quiz_questions_delete_content_version` AFTER DELETE ON `quiz_questions` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `categories_insert_content_version` AFTER INSERT ON `categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `categories_update_content_version` AFTER UPDATE ON `categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `categories_delete_content_version` AFTER DELETE ON `categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `age_groups_insert_content_version` AFTER INSERT ON `age_groups` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `age_groups_update_content_version` AFTER UPDATE ON `age_groups` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `age_groups_delete_content_version` AFTER DELETE ON `age_groups` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `levels_insert_content_version` AFTER INSERT ON `levels` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `levels_update_content_version` AFTER UPDATE ON `levels` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `levels_delete_content_version` AFTER DELETE ON `levels` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `enrollments_insert_content_version` AFTER INSERT ON `enrollments` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `enrollments_update_content_version` AFTER UPDATE ON `enrollments` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `enrollments_delete_content_version` AFTER DELETE ON `enrollments` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `courses_insert_content_version` AFTER INSERT ON `courses` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
CREATE TRIGGER `courses_update_content_version` AFTER UPDATE ON `courses` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
CREATE TRIGGER `courses_delete_content_version` AFTER DELETE ON `courses` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
CREATE TRIGGER `certificates_insert_content_version` AFTER INSERT ON `certificates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `certificates_update_content_version` AFTER UPDATE ON `certificates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `certificates_delete_content_version` AFTER DELETE ON `certificates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `certificate_templates_insert_content_version` AFTER INSERT ON `certificate_templates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `certificate_templates_update_content_version` AFTER UPDATE ON `certificate_templates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `certificate_templates_delete_content_version` AFTER DELETE ON `certificate_templates` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'certificates'; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_content_version` AFTER UPDATE OF `username`, `first_name`, `last_name`, `bio`, `profile_image_url`, `is_active` ON `users` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_content_version` AFTER DELETE ON `users` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope IN ('catalog', 'certificates'); END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_insert_content_version` AFTER INSERT ON `user_roles` WHEN (SELECT `name` FROM `roles` WHERE `id` = NEW.`role_id`) IN ('INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'INSTRUCTOR', 'COURSE_CREATOR') BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_update_content_version` AFTER UPDATE ON `user_roles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_delete_content_version` AFTER DELETE ON `user_roles` WHEN (SELECT `name` FROM `roles` WHERE `id` = OLD.`role_id`) IN ('INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'INSTRUCTOR', 'COURSE_CREATOR') BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_accounts_version` AFTER UPDATE ON `users` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_accounts_version` AFTER DELETE ON `users` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_insert_accounts_version` AFTER INSERT ON `user_roles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_update_accounts_version` AFTER UPDATE ON `user_roles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_delete_accounts_version` AFTER DELETE ON `user_roles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `sessions_update_accounts_version` AFTER UPDATE OF `revoked_at`, `expires_at`, `user_id`, `token_hash` ON `sessions` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;
--> statement-breakpoint
CREATE TRIGGER `sessions_delete_accounts_version` AFTER DELETE ON `sessions` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'accounts'; END;

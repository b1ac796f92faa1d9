-- Connect & Book (decision 0032): the dance style list (the store's §3 styles first, in its order, then
-- more for the directory), and the `connect` content version that every write to what the directory
-- and the instructor pages show moves.
INSERT INTO `content_versions` (`scope`, `version`) VALUES ('connect', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Ballet', 'ballet', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Contemporary', 'contemporary', 2) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Hip Hop', 'hip-hop', 3) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Jazz', 'jazz', 4) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Tap', 'tap', 5) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Ballroom', 'ballroom', 6) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Latin', 'latin', 7) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Folk', 'folk', 8) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Modern', 'modern', 9) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Swing', 'swing', 10) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Breakdance', 'breakdance', 11) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Lyrical', 'lyrical', 12) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Salsa', 'salsa', 13) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Musical Theatre', 'musical-theatre', 14) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `dance_styles` (`name`, `slug`, `position`) VALUES ('Other', 'other', 15) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER `dance_styles_insert_connect_version` AFTER INSERT ON `dance_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `dance_styles_update_connect_version` AFTER UPDATE ON `dance_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `dance_styles_delete_connect_version` AFTER DELETE ON `dance_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_profiles_insert_connect_version` AFTER INSERT ON `instructor_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_profiles_update_connect_version` AFTER UPDATE ON `instructor_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_profiles_delete_connect_version` AFTER DELETE ON `instructor_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_styles_insert_connect_version` AFTER INSERT ON `instructor_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_styles_update_connect_version` AFTER UPDATE ON `instructor_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_styles_delete_connect_version` AFTER DELETE ON `instructor_styles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_types_insert_connect_version` AFTER INSERT ON `lesson_types` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_types_update_connect_version` AFTER UPDATE ON `lesson_types` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_types_delete_connect_version` AFTER DELETE ON `lesson_types` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_packages_insert_connect_version` AFTER INSERT ON `lesson_packages` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_packages_update_connect_version` AFTER UPDATE ON `lesson_packages` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `lesson_packages_delete_connect_version` AFTER DELETE ON `lesson_packages` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_reviews_insert_connect_version` AFTER INSERT ON `instructor_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_reviews_update_connect_version` AFTER UPDATE ON `instructor_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `instructor_reviews_delete_connect_version` AFTER DELETE ON `instructor_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_rules_insert_connect_version` AFTER INSERT ON `availability_rules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_rules_update_connect_version` AFTER UPDATE ON `availability_rules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_rules_delete_connect_version` AFTER DELETE ON `availability_rules` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_overrides_insert_connect_version` AFTER INSERT ON `availability_overrides` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_overrides_update_connect_version` AFTER UPDATE ON `availability_overrides` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_overrides_delete_connect_version` AFTER DELETE ON `availability_overrides` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_connect_version` AFTER UPDATE OF `first_name`, `last_name`, `username`, `profile_image_url`, `is_active`, `subscription_tier`, `subscription_status`, `subscription_expires_at` ON `users` WHEN EXISTS (SELECT 1 FROM `instructor_profiles` p WHERE p.user_id = NEW.id) BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'connect'; END;

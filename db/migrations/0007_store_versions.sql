-- The curriculum store's public answers are cached under their own content version (decision 0029):
-- every write to the tables they read moves it, whichever process or script writes.
INSERT INTO `content_versions` (`scope`, `version`) VALUES ('store', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `app_settings` (`key`, `value`) VALUES ('platform_fee_percent', '20') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER `resources_insert_store_version` AFTER INSERT ON `resources` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resources_update_store_version` AFTER UPDATE ON `resources` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resources_delete_store_version` AFTER DELETE ON `resources` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_files_insert_store_version` AFTER INSERT ON `resource_files` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_files_update_store_version` AFTER UPDATE ON `resource_files` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_files_delete_store_version` AFTER DELETE ON `resource_files` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_reviews_insert_store_version` AFTER INSERT ON `resource_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_reviews_update_store_version` AFTER UPDATE ON `resource_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_reviews_delete_store_version` AFTER DELETE ON `resource_reviews` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_categories_insert_store_version` AFTER INSERT ON `resource_categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_categories_update_store_version` AFTER UPDATE ON `resource_categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `resource_categories_delete_store_version` AFTER DELETE ON `resource_categories` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `seller_profiles_insert_store_version` AFTER INSERT ON `seller_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `seller_profiles_update_store_version` AFTER UPDATE ON `seller_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `seller_profiles_delete_store_version` AFTER DELETE ON `seller_profiles` BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_store_version` AFTER UPDATE OF `username`, `first_name`, `last_name`, `bio`, `profile_image_url`, `is_active` ON `users` WHEN EXISTS (SELECT 1 FROM `seller_profiles` WHERE `user_id` = NEW.`id`) BEGIN UPDATE `content_versions` SET `version` = `version` + 1 WHERE scope = 'store'; END;

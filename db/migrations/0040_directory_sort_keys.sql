ALTER TABLE `enrollments` ADD `source_before_purchase` text;--> statement-breakpoint
ALTER TABLE `instructor_profiles` ADD `sort_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `instructor_profiles` ADD `review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `instructor_profiles` ADD `rating_tenths` integer;--> statement-breakpoint
ALTER TABLE `instructor_profiles` ADD `price_from_cents` integer;--> statement-breakpoint
CREATE INDEX `instructor_profiles_recommended_idx` ON `instructor_profiles` (`status`,verified DESC,rating_tenths DESC,review_count DESC,`sort_name`,`user_id`);--> statement-breakpoint
CREATE INDEX `instructor_profiles_premium_idx` ON `instructor_profiles` (`status`,verified DESC,rating_tenths DESC,review_count DESC,`sort_name`,`user_id`) WHERE "instructor_profiles"."premium_listing" = 1;--> statement-breakpoint
CREATE INDEX `instructor_profiles_rating_idx` ON `instructor_profiles` (`status`,rating_tenths DESC,review_count DESC,verified DESC,`sort_name`,`user_id`);--> statement-breakpoint
CREATE INDEX `instructor_profiles_price_low_idx` ON `instructor_profiles` (`status`,`price_from_cents`,verified DESC,rating_tenths DESC,review_count DESC,`sort_name`,`user_id`);--> statement-breakpoint
CREATE INDEX `instructor_profiles_price_high_idx` ON `instructor_profiles` (`status`,price_from_cents DESC,verified DESC,rating_tenths DESC,review_count DESC,`sort_name`,`user_id`);--> statement-breakpoint
CREATE INDEX `instructor_profiles_place_to25_idx` ON `instructor_profiles` (`status`,`offers_in_person`,`latitude`,`longitude`,`travel_radius_miles`) WHERE "instructor_profiles"."travel_radius_miles" BETWEEN 0 AND 25;--> statement-breakpoint
CREATE INDEX `instructor_profiles_place_to100_idx` ON `instructor_profiles` (`status`,`offers_in_person`,`latitude`,`longitude`,`travel_radius_miles`) WHERE "instructor_profiles"."travel_radius_miles" BETWEEN 26 AND 100;--> statement-breakpoint
CREATE INDEX `instructor_profiles_place_to500_idx` ON `instructor_profiles` (`status`,`offers_in_person`,`latitude`,`longitude`,`travel_radius_miles`) WHERE "instructor_profiles"."travel_radius_miles" BETWEEN 101 AND 500;--> statement-breakpoint
CREATE INDEX `feedback_requests_status_due_idx` ON `feedback_requests` (`status`,`due_at`,`id`);--> statement-breakpoint
CREATE INDEX `practice_takes_upload_idx` ON `practice_takes` (`upload_id`);--> statement-breakpoint
-- The directory's sort keys on the profile (decision 0072), kept by these triggers in the statement of each write, and filled once here.
CREATE TRIGGER `directory_profile_insert` AFTER INSERT ON `instructor_profiles`
BEGIN
  UPDATE instructor_profiles SET
    sort_name = coalesce((SELECT lower(CASE WHEN trim(u.first_name || ' ' || u.last_name) = '' THEN 'Instructor' ELSE trim(u.first_name || ' ' || u.last_name) END) FROM users u WHERE u.id = NEW.user_id), ''),
    review_count = (SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = NEW.user_id AND r.hidden = 0),
    rating_tenths = (SELECT CAST(round(avg(r.rating) * 10) AS INTEGER) FROM instructor_reviews r WHERE r.instructor_id = NEW.user_id AND r.hidden = 0),
    price_from_cents = (SELECT min(t.price_cents) FROM lesson_types t WHERE t.instructor_id = NEW.user_id AND t.active = 1)
  WHERE user_id = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `directory_user_name` AFTER UPDATE OF first_name, last_name ON `users`
BEGIN
  UPDATE instructor_profiles SET sort_name = lower(CASE WHEN trim(NEW.first_name || ' ' || NEW.last_name) = '' THEN 'Instructor' ELSE trim(NEW.first_name || ' ' || NEW.last_name) END)
  WHERE user_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `directory_reviews_insert` AFTER INSERT ON `instructor_reviews`
BEGIN
  UPDATE instructor_profiles SET
    review_count = (SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0),
    rating_tenths = (SELECT CAST(round(avg(r.rating) * 10) AS INTEGER) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0)
  WHERE user_id = NEW.instructor_id;
END;
--> statement-breakpoint
CREATE TRIGGER `directory_reviews_update` AFTER UPDATE OF rating, hidden, instructor_id ON `instructor_reviews`
BEGIN
  UPDATE instructor_profiles SET
    review_count = (SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0),
    rating_tenths = (SELECT CAST(round(avg(r.rating) * 10) AS INTEGER) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0)
  WHERE user_id IN (NEW.instructor_id, OLD.instructor_id);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_reviews_delete` AFTER DELETE ON `instructor_reviews`
BEGIN
  UPDATE instructor_profiles SET
    review_count = (SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0),
    rating_tenths = (SELECT CAST(round(avg(r.rating) * 10) AS INTEGER) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0)
  WHERE user_id = OLD.instructor_id;
END;
--> statement-breakpoint
CREATE TRIGGER `directory_lesson_types_insert` AFTER INSERT ON `lesson_types`
BEGIN
  UPDATE instructor_profiles SET price_from_cents = (SELECT min(t.price_cents) FROM lesson_types t WHERE t.instructor_id = instructor_profiles.user_id AND t.active = 1)
  WHERE user_id = NEW.instructor_id;
END;
--> statement-breakpoint
CREATE TRIGGER `directory_lesson_types_update` AFTER UPDATE OF price_cents, active, instructor_id ON `lesson_types`
BEGIN
  UPDATE instructor_profiles SET price_from_cents = (SELECT min(t.price_cents) FROM lesson_types t WHERE t.instructor_id = instructor_profiles.user_id AND t.active = 1)
  WHERE user_id IN (NEW.instructor_id, OLD.instructor_id);
END;
--> statement-breakpoint
CREATE TRIGGER `directory_lesson_types_delete` AFTER DELETE ON `lesson_types`
BEGIN
  UPDATE instructor_profiles SET price_from_cents = (SELECT min(t.price_cents) FROM lesson_types t WHERE t.instructor_id = instructor_profiles.user_id AND t.active = 1)
  WHERE user_id = OLD.instructor_id;
END;
--> statement-breakpoint
UPDATE instructor_profiles SET
  sort_name = coalesce((SELECT lower(CASE WHEN trim(u.first_name || ' ' || u.last_name) = '' THEN 'Instructor' ELSE trim(u.first_name || ' ' || u.last_name) END) FROM users u WHERE u.id = instructor_profiles.user_id), ''),
  review_count = (SELECT count(*) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0),
  rating_tenths = (SELECT CAST(round(avg(r.rating) * 10) AS INTEGER) FROM instructor_reviews r WHERE r.instructor_id = instructor_profiles.user_id AND r.hidden = 0),
  price_from_cents = (SELECT min(t.price_cents) FROM lesson_types t WHERE t.instructor_id = instructor_profiles.user_id AND t.active = 1);

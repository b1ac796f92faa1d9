-- The admin's list of every resource pages by keyset in each of its sorts (decision 0045): an
-- index per sort over every status and behind a status, a seller or a category (the featured ones
-- newest first), so a page reads its rows in order wherever it is. (drizzle-kit splits an index
-- expression at its commas: the coalesce(...) columns are written here as the schema declares.)
CREATE INDEX `resources_newest_idx` ON `resources` (coalesce("published_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_submitted_idx` ON `resources` (coalesce("submitted_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_rating_idx` ON `resources` (`rating_average`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `resources_best_selling_idx` ON `resources` (`sales_count`,`rating_average`,`id`);--> statement-breakpoint
CREATE INDEX `resources_price_idx` ON `resources` (`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `resources_cheapest_idx` ON `resources` (`price_cents`,"id" desc);--> statement-breakpoint
CREATE INDEX `resources_status_submitted_idx` ON `resources` (`status`,coalesce("submitted_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_status_price_idx` ON `resources` (`status`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `resources_status_cheapest_idx` ON `resources` (`status`,`price_cents`,"id" desc);--> statement-breakpoint
CREATE INDEX `resources_seller_newest_idx` ON `resources` (`seller_id`,coalesce("published_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_seller_submitted_idx` ON `resources` (`seller_id`,coalesce("submitted_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_seller_rating_idx` ON `resources` (`seller_id`,`rating_average`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `resources_seller_best_selling_idx` ON `resources` (`seller_id`,`sales_count`,`rating_average`,`id`);--> statement-breakpoint
CREATE INDEX `resources_seller_price_idx` ON `resources` (`seller_id`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `resources_seller_cheapest_idx` ON `resources` (`seller_id`,`price_cents`,"id" desc);--> statement-breakpoint
CREATE INDEX `resources_category_newest_idx` ON `resources` (`category_id`,coalesce("published_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_category_submitted_idx` ON `resources` (`category_id`,coalesce("submitted_at", "created_at"),`id`);--> statement-breakpoint
CREATE INDEX `resources_category_rating_idx` ON `resources` (`category_id`,`rating_average`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `resources_category_best_selling_idx` ON `resources` (`category_id`,`sales_count`,`rating_average`,`id`);--> statement-breakpoint
CREATE INDEX `resources_category_price_idx` ON `resources` (`category_id`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `resources_category_cheapest_idx` ON `resources` (`category_id`,`price_cents`,"id" desc);--> statement-breakpoint
CREATE INDEX `resources_featured_newest_idx` ON `resources` (`featured`,coalesce("published_at", "created_at"),`id`);
CREATE TABLE `resource_view_visitors` (
	`resource_id` integer NOT NULL,
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`resource_id`, `day`, `visitor`),
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `login_throttle` ADD `pending` integer DEFAULT 0 NOT NULL;
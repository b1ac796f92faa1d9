DROP INDEX `seller_ledger_created_idx`;--> statement-breakpoint
CREATE INDEX `seller_ledger_created_idx` ON `seller_ledger` (`created_at`,`type`,`gross_cents`,`fee_cents`);
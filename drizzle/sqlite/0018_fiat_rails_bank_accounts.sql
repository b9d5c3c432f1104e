CREATE TABLE `bank_accounts` (
	`bank_account_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`account_type` text NOT NULL,
	`currency` text NOT NULL,
	`holder_name` text NOT NULL,
	`holder_type` text NOT NULL,
	`holder_country` text NOT NULL,
	`holder_address` text,
	`is_owner` integer NOT NULL,
	`relationship_with_third_party` integer,
	`other_relationship` text,
	`account_identifier_last4` text NOT NULL,
	`fingerprint` text NOT NULL,
	`identifier_sealed` text NOT NULL,
	`iban_country` text,
	`bic` text,
	`routing_number` text,
	`us_account_kind` text,
	`bank_name` text,
	`label` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_bank_account_active_fingerprint` ON `bank_accounts` (`customer_id`,`fingerprint`) WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX `bank_accounts_customer_created_idx` ON `bank_accounts` (`customer_id`,`created_at`,`bank_account_id`);--> statement-breakpoint
CREATE TABLE `bank_deny_list` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `partner_fiat_rails` (
	`client_id` text NOT NULL,
	`rail` text NOT NULL,
	`enabled` integer NOT NULL,
	`withdrawal_fee_minor` text NOT NULL,
	`min_minor` text NOT NULL,
	`max_minor` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `rail`),
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);

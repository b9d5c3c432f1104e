CREATE TABLE `balances` (
	`customer_id` text NOT NULL,
	`currency` text NOT NULL,
	`client_id` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`available_minor` text NOT NULL,
	`held_minor` text NOT NULL,
	`last_sequence` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`customer_id`, `currency`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "balances_available_nonnegative" CHECK(substr("balances"."available_minor", 1, 1) <> '-'),
	CONSTRAINT "balances_held_nonnegative" CHECK(substr("balances"."held_minor", 1, 1) <> '-')
);
--> statement-breakpoint
CREATE TABLE `events` (
	`position` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`client_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`type` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_event_id_uq` ON `events` (`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `events_resource_sequence_uq` ON `events` (`resource_id`,`sequence`);--> statement-breakpoint
CREATE INDEX `events_client_position_idx` ON `events` (`client_id`,`position`);--> statement-breakpoint
CREATE TABLE `ledger_postings` (
	`transaction_id` text NOT NULL,
	`account` text NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` text NOT NULL,
	PRIMARY KEY(`transaction_id`, `account`)
);
--> statement-breakpoint
CREATE TABLE `ledger_transactions` (
	`transaction_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`type` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`amount_minor` text NOT NULL,
	`available_delta_minor` text NOT NULL,
	`held_delta_minor` text NOT NULL,
	`available_after_minor` text NOT NULL,
	`held_after_minor` text NOT NULL,
	`sequence` integer NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transactions_sequence_uq` ON `ledger_transactions` (`customer_id`,`currency`,`sequence`);--> statement-breakpoint
CREATE INDEX `ledger_transactions_customer_created_idx` ON `ledger_transactions` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_transactions_resource_idx` ON `ledger_transactions` (`resource_id`);--> statement-breakpoint
CREATE TABLE `sandbox_failures` (
	`blockchain` text NOT NULL,
	`address_key` text NOT NULL,
	`fail_at` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`blockchain`, `address_key`)
);
--> statement-breakpoint
CREATE TABLE `upgrades` (
	`name` text PRIMARY KEY NOT NULL,
	`applied_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `withdrawal_quotes` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`route_code` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`withdrawal_type` integer NOT NULL,
	`fee_amount_minor` text NOT NULL,
	`fee_currency` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`used_by_withdrawal_id` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawal_quotes_used_by_uq` ON `withdrawal_quotes` (`used_by_withdrawal_id`);--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `to_address` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `status_info` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `travel_rule_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `travel_rule_submitted_at` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `travel_rule_originator` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `credited_at` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `updated_at` text;--> statement-breakpoint
CREATE INDEX `crypto_deposits_customer_created_idx` ON `crypto_deposits` (`customer_id`,`created_at`,`deposit_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `crypto_deposits_tx_uq` ON `crypto_deposits` (`blockchain`,`tx_hash`,`to_address`);--> statement-breakpoint
ALTER TABLE `crypto_refunds` ADD `kyt_result` text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE `crypto_refunds` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `crypto_refunds` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `crypto_refunds` ADD `due_at` text;--> statement-breakpoint
ALTER TABLE `crypto_refunds` ADD `fail_at` text;--> statement-breakpoint
CREATE INDEX `crypto_refunds_customer_created_idx` ON `crypto_refunds` (`customer_id`,`created_at`,`refund_id`);--> statement-breakpoint
CREATE INDEX `crypto_refunds_due_idx` ON `crypto_refunds` (`due_at`);--> statement-breakpoint
ALTER TABLE `crypto_withdrawals` ADD `quote_id` text;--> statement-breakpoint
ALTER TABLE `crypto_withdrawals` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `crypto_withdrawals` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `crypto_withdrawals` ADD `due_at` text;--> statement-breakpoint
ALTER TABLE `crypto_withdrawals` ADD `fail_at` text;--> statement-breakpoint
CREATE INDEX `crypto_withdrawals_customer_created_idx` ON `crypto_withdrawals` (`customer_id`,`created_at`,`withdrawal_id`);--> statement-breakpoint
CREATE INDEX `crypto_withdrawals_due_idx` ON `crypto_withdrawals` (`due_at`);--> statement-breakpoint
ALTER TABLE `routes` ADD `travel_rule_threshold_minor` text;
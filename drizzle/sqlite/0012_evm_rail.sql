CREATE TABLE `evm_address_counter` (
	`id` integer PRIMARY KEY NOT NULL,
	`next_index` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evm_addresses` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`address_index` integer NOT NULL,
	`address` text NOT NULL,
	`address_key` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_evm_address_index` ON `evm_addresses` (`address_index`);--> statement-breakpoint
CREATE UNIQUE INDEX `evm_addresses_key_uq` ON `evm_addresses` (`address_key`);--> statement-breakpoint
CREATE TABLE `evm_attempts` (
	`tx_hash` text NOT NULL,
	`resource_id` text NOT NULL,
	`nonce` integer NOT NULL,
	`max_fee_per_gas` text NOT NULL,
	`max_priority_fee_per_gas` text NOT NULL,
	`raw` text NOT NULL,
	`created_at` text NOT NULL,
	`first_sent_block` integer,
	`last_sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_evm_attempt_hash` ON `evm_attempts` (`tx_hash`);--> statement-breakpoint
CREATE INDEX `evm_attempts_resource_idx` ON `evm_attempts` (`resource_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `evm_blocks` (
	`number` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`parent_hash` text NOT NULL,
	`final` integer DEFAULT false NOT NULL,
	`seen_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `evm_blocks_final_idx` ON `evm_blocks` (`final`,`number`);--> statement-breakpoint
CREATE TABLE `evm_follower` (
	`id` integer PRIMARY KEY NOT NULL,
	`next_block` integer,
	`rescan_from` integer,
	`rescan_at` integer,
	`unattributed` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evm_halt` (
	`id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`since` text NOT NULL,
	`detail` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evm_nonces` (
	`address` text PRIMARY KEY NOT NULL,
	`next_nonce` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evm_rail` (
	`id` integer PRIMARY KEY NOT NULL,
	`chain_id` integer NOT NULL,
	`xpub_fingerprint` text NOT NULL,
	`hot_address` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evm_transfers` (
	`resource_id` text PRIMARY KEY NOT NULL,
	`resource_type` text NOT NULL,
	`from_address` text NOT NULL,
	`nonce` integer NOT NULL,
	`to_address` text NOT NULL,
	`value_wei` text NOT NULL,
	`data` text NOT NULL,
	`gas` text NOT NULL,
	`units` text NOT NULL,
	`native` integer NOT NULL,
	`included_tx_hash` text,
	`included_block_number` integer,
	`included_block_hash` text,
	`receipt_status` text,
	`final_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evm_transfers_nonce_uq` ON `evm_transfers` (`from_address`,`nonce`);--> statement-breakpoint
CREATE INDEX `evm_transfers_final_idx` ON `evm_transfers` (`final_at`);--> statement-breakpoint
DROP INDEX `crypto_deposits_tx_uq`;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `block_number` integer;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `block_hash` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `finalized_at` text;--> statement-breakpoint
ALTER TABLE `crypto_deposits` ADD `units` text;--> statement-breakpoint
CREATE UNIQUE INDEX `uq_evm_deposit_tx` ON `crypto_deposits` (`blockchain`,`tx_hash`,`to_address`,`route_code`);--> statement-breakpoint
ALTER TABLE `routes` ADD `rail` text DEFAULT 'SANDBOX' NOT NULL;--> statement-breakpoint
ALTER TABLE `routes` ADD `token_contract` text;--> statement-breakpoint
ALTER TABLE `routes` ADD `token_decimals` integer;--> statement-breakpoint
ALTER TABLE `routes` ADD `evm_token_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `uq_evm_route_token` ON `routes` (`client_id`,`evm_token_key`);
CREATE TABLE `collection_addresses` (
	`target_id` text PRIMARY KEY NOT NULL,
	`target_type` text NOT NULL,
	`client_id` text NOT NULL,
	`route_code` text NOT NULL,
	`blockchain` text NOT NULL,
	`address` text NOT NULL,
	`address_key` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_collection_address` ON `collection_addresses` (`blockchain`,`address_key`);--> statement-breakpoint
CREATE TABLE `collection_buyers` (
	`buyer_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`external_ref` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`country` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_collection_buyer_external_ref` ON `collection_buyers` (`customer_id`,`external_ref`);--> statement-breakpoint
CREATE INDEX `collection_buyers_customer_created_idx` ON `collection_buyers` (`customer_id`,`created_at`,`buyer_id`);--> statement-breakpoint
CREATE TABLE `collection_payments` (
	`collection_payment_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`target_type` text NOT NULL,
	`checkout_id` text,
	`collection_wallet_id` text,
	`buyer_id` text,
	`route_code` text NOT NULL,
	`blockchain` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`to_address_key` text NOT NULL,
	`tx_hash` text NOT NULL,
	`late` integer NOT NULL,
	`status` text NOT NULL,
	`status_info` text NOT NULL,
	`confirm_due_at` text,
	`timeout_at` text NOT NULL,
	`detected_at` text NOT NULL,
	`credited_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_collection_payment_tx` ON `collection_payments` (`blockchain`,`tx_hash`,`to_address_key`);--> statement-breakpoint
CREATE INDEX `collection_payments_customer_created_idx` ON `collection_payments` (`customer_id`,`created_at`,`collection_payment_id`);--> statement-breakpoint
CREATE INDEX `collection_payments_confirm_idx` ON `collection_payments` (`status`,`confirm_due_at`);--> statement-breakpoint
CREATE INDEX `collection_payments_timeout_idx` ON `collection_payments` (`status`,`timeout_at`);--> statement-breakpoint
CREATE TABLE `collection_wallets` (
	`collection_wallet_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`route_code` text NOT NULL,
	`blockchain` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`address` text NOT NULL,
	`label` text,
	`status` text NOT NULL,
	`expires_at` text,
	`deactivated_at` text,
	`amount_received_minor` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `collection_buyers`(`buyer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_collection_wallet_active` ON `collection_wallets` (`buyer_id`,`route_code`) WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX `collection_wallets_customer_created_idx` ON `collection_wallets` (`customer_id`,`created_at`,`collection_wallet_id`);--> statement-breakpoint
CREATE INDEX `collection_wallets_expires_idx` ON `collection_wallets` (`status`,`expires_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_crypto_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`deposit_id` text,
	`collection_payment_id` text,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`route_code` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`refund_address` text NOT NULL,
	`reason` text,
	`status` text NOT NULL,
	`status_info` text NOT NULL,
	`tx_hash` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`confirmed_at` text,
	`kyt_result` text DEFAULT 'PENDING' NOT NULL,
	`submitted_at` text,
	`completed_at` text,
	`due_at` text,
	`fail_at` text,
	FOREIGN KEY (`deposit_id`) REFERENCES `crypto_deposits`(`deposit_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`collection_payment_id`) REFERENCES `collection_payments`(`collection_payment_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_crypto_refunds`("refund_id", "deposit_id", "collection_payment_id", "customer_id", "client_id", "route_code", "amount_minor", "currency", "currency_scale", "refund_address", "reason", "status", "status_info", "tx_hash", "created_at", "updated_at", "confirmed_at", "kyt_result", "submitted_at", "completed_at", "due_at", "fail_at") SELECT "refund_id", "deposit_id", NULL, "customer_id", "client_id", "route_code", "amount_minor", "currency", "currency_scale", "refund_address", "reason", "status", "status_info", "tx_hash", "created_at", "updated_at", "confirmed_at", "kyt_result", "submitted_at", "completed_at", "due_at", "fail_at" FROM `crypto_refunds`;--> statement-breakpoint
DROP TABLE `crypto_refunds`;--> statement-breakpoint
ALTER TABLE `__new_crypto_refunds` RENAME TO `crypto_refunds`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `crypto_refunds_deposit_idx` ON `crypto_refunds` (`deposit_id`);--> statement-breakpoint
CREATE INDEX `crypto_refunds_collection_payment_idx` ON `crypto_refunds` (`collection_payment_id`);--> statement-breakpoint
CREATE INDEX `crypto_refunds_customer_created_idx` ON `crypto_refunds` (`customer_id`,`created_at`,`refund_id`);--> statement-breakpoint
CREATE INDEX `crypto_refunds_due_idx` ON `crypto_refunds` (`due_at`);
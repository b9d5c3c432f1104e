CREATE TABLE `authorization_evidence` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` text NOT NULL,
	`operation_type` text NOT NULL,
	`operation_hash` text NOT NULL,
	`authorized_at` text NOT NULL,
	`authorized_by_partner_user_ref` text NOT NULL,
	`authorization_method` text NOT NULL,
	`mfa_evidence_ref` text NOT NULL,
	`authorized_by_partner_policy_ref` text,
	`source_system` text,
	`source_action_ref` text,
	`raw_evidence` text,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authorization_evidence_use_uq` ON `authorization_evidence` (`client_id`,`operation_type`,`operation_hash`,`authorized_at`);--> statement-breakpoint
CREATE INDEX `authorization_evidence_target_idx` ON `authorization_evidence` (`target_id`);--> statement-breakpoint
CREATE TABLE `client_secrets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` text NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL,
	`retired_at` text,
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `client_secrets_client_idx` ON `client_secrets` (`client_id`);--> statement-breakpoint
CREATE TABLE `crypto_deposits` (
	`deposit_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`route_code` text NOT NULL,
	`blockchain` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`from_address` text NOT NULL,
	`tx_hash` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `crypto_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`deposit_id` text NOT NULL,
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
	FOREIGN KEY (`deposit_id`) REFERENCES `crypto_deposits`(`deposit_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `crypto_refunds_deposit_idx` ON `crypto_refunds` (`deposit_id`);--> statement-breakpoint
CREATE TABLE `crypto_withdrawals` (
	`withdrawal_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`wallet_beneficiary_id` text NOT NULL,
	`wallet_beneficiary_label` text NOT NULL,
	`route_code` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`fee_amount_minor` text NOT NULL,
	`fee_currency` text NOT NULL,
	`client_reference` text,
	`withdrawal_type` integer NOT NULL,
	`external_fee_fields` text,
	`purpose_of_payment` integer,
	`other_purpose` text,
	`relationship_with_third_party` integer,
	`other_relationship` text,
	`status` text NOT NULL,
	`status_info` text NOT NULL,
	`kyt_result` text NOT NULL,
	`tx_hash` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`wallet_beneficiary_id`) REFERENCES `wallet_beneficiaries`(`wallet_beneficiary_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crypto_withdrawals_customer_client_ref_uq` ON `crypto_withdrawals` (`customer_id`,`client_reference`);--> statement-breakpoint
CREATE TABLE `customers` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`external_ref` text NOT NULL,
	`type` text NOT NULL,
	`display_name` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_client_external_ref_uq` ON `customers` (`client_id`,`external_ref`);--> statement-breakpoint
CREATE TABLE `idempotency_records` (
	`client_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`operation` text NOT NULL,
	`fingerprint` text NOT NULL,
	`resource_id` text NOT NULL,
	`response_json` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at_ms` integer NOT NULL,
	PRIMARY KEY(`client_id`, `idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_expires_idx` ON `idempotency_records` (`expires_at_ms`);--> statement-breakpoint
CREATE TABLE `nonces` (
	`client_id` text NOT NULL,
	`nonce` text NOT NULL,
	`seen_at_ms` integer NOT NULL,
	PRIMARY KEY(`client_id`, `nonce`)
);
--> statement-breakpoint
CREATE INDEX `nonces_seen_idx` ON `nonces` (`seen_at_ms`);--> statement-breakpoint
CREATE TABLE `partner_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `routes` (
	`route_code` text NOT NULL,
	`client_id` text NOT NULL,
	`blockchain` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`min_amount_minor` text,
	`max_amount_minor` text,
	`fee_amount_minor` text DEFAULT '0' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`route_code`, `client_id`),
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `screening_denylist` (
	`blockchain` text NOT NULL,
	`address_key` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`blockchain`, `address_key`)
);
--> statement-breakpoint
CREATE TABLE `wallet_beneficiaries` (
	`wallet_beneficiary_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`route_code` text NOT NULL,
	`label` text NOT NULL,
	`description` text,
	`blockchain` text NOT NULL,
	`wallet_address` text NOT NULL,
	`address_key` text NOT NULL,
	`is_owner` integer NOT NULL,
	`wallet_type` text NOT NULL,
	`owner_type` text NOT NULL,
	`platform_name` text,
	`platform_user_id` text,
	`owner_info` text,
	`purpose_of_payment` integer,
	`relationship_with_third_party` integer,
	`support_files` text,
	`screening_status` text NOT NULL,
	`beneficiary_status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`last_synced_at` text NOT NULL,
	`removed_at` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wallet_beneficiaries_customer_idx` ON `wallet_beneficiaries` (`customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_beneficiaries_active_address_uq` ON `wallet_beneficiaries` (`customer_id`,`blockchain`,`address_key`) WHERE beneficiary_status = 'ACTIVE';
CREATE TABLE `fiat_withdrawal_quotes` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`rail` text NOT NULL,
	`bank_account_id` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`fee_amount_minor` text NOT NULL,
	`fee_currency` text NOT NULL,
	`estimated_arrival_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`used_by_fiat_withdrawal_id` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`bank_account_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fiat_withdrawals` (
	`fiat_withdrawal_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`rail` text NOT NULL,
	`bank_account_id` text NOT NULL,
	`bank_account_last4` text NOT NULL,
	`amount_minor` text NOT NULL,
	`currency` text NOT NULL,
	`currency_scale` integer NOT NULL,
	`fee_amount_minor` text NOT NULL,
	`fee_currency` text NOT NULL,
	`quote_id` text,
	`payment_reference` text NOT NULL,
	`client_reference` text,
	`purpose_of_payment` integer,
	`other_purpose` text,
	`status` text NOT NULL,
	`status_info` text NOT NULL,
	`bank_reference` text,
	`return_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`submitted_at` text,
	`sent_to_bank_at` text,
	`completed_at` text,
	`returned_at` text,
	`due_at` text,
	`review_outcome` text,
	`review_keys` text,
	`review_cleared` integer NOT NULL,
	`sandbox_return_reason` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`bank_account_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quote_id`) REFERENCES `fiat_withdrawal_quotes`(`quote_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_fiat_withdrawal_quote` ON `fiat_withdrawals` (`quote_id`) WHERE quote_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `uq_fiat_withdrawal_client_reference` ON `fiat_withdrawals` (`customer_id`,`client_reference`) WHERE client_reference IS NOT NULL;--> statement-breakpoint
CREATE INDEX `fiat_withdrawals_customer_created_idx` ON `fiat_withdrawals` (`customer_id`,`created_at`,`fiat_withdrawal_id`);--> statement-breakpoint
CREATE INDEX `fiat_withdrawals_due_idx` ON `fiat_withdrawals` (`due_at`);--> statement-breakpoint
CREATE TABLE `sandbox_fiat_withdrawal_outcomes` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`keys` text,
	`return_reason` text,
	`created_at` text NOT NULL
);

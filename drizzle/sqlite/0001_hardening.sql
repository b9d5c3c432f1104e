CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`request_id` text NOT NULL,
	`client_id` text NOT NULL,
	`operation` text NOT NULL,
	`target_id` text,
	`idempotency_key` text,
	`status` integer NOT NULL,
	`problem_code` text,
	`result_id` text,
	`replayed` integer DEFAULT false NOT NULL,
	`evidence_user_ref` text,
	`evidence_policy_ref` text,
	`evidence_mfa_ref` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_client_at_idx` ON `audit_events` (`client_id`,`at`);--> statement-breakpoint
ALTER TABLE `partner_clients` ADD `rate_limit_rps` integer;--> statement-breakpoint
ALTER TABLE `partner_clients` ADD `rate_limit_burst` integer;
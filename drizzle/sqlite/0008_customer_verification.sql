CREATE TABLE `sandbox_verification_outcomes` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`info` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `customers` ADD `suspended_at` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `verification_status` text DEFAULT 'UNVERIFIED' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `verification_status_info` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `verification_review_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `verified_at` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `review_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `review_due_at` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `review_checks` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `review_outcome` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `review_outcome_info` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `verification_evidence` text;--> statement-breakpoint
CREATE INDEX `customers_review_due_idx` ON `customers` (`review_due_at`);
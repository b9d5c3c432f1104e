CREATE TABLE `verification_submissions` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`submitted_at` text NOT NULL,
	`evidence` text NOT NULL,
	`outcome` text,
	`decided_at` text,
	`replaced_at` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `verification_submissions_customer_idx` ON `verification_submissions` (`customer_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `verification_submissions_replaced_idx` ON `verification_submissions` (`replaced_at`);--> statement-breakpoint
INSERT INTO `verification_submissions` (`submission_id`, `customer_id`, `submitted_at`, `evidence`, `outcome`, `decided_at`, `replaced_at`)
SELECT coalesce(`review_id`, `customer_id`), `customer_id`, `updated_at`, `verification_evidence`,
  CASE WHEN `review_id` IS NULL THEN `verification_status` END,
  CASE WHEN `review_id` IS NULL THEN coalesce(`verified_at`, `updated_at`) END,
  NULL
FROM `customers` WHERE `verification_evidence` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` DROP COLUMN `verification_evidence`;
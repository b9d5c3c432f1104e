CREATE TABLE `sandbox_verification_outcomes` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`info` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `customer_file_contents` (
	`file_id` text PRIMARY KEY NOT NULL,
	`sealed` text NOT NULL,
	`stored_at` text NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `customer_files`(`file_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `customer_files` (
	`file_id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`client_id` text NOT NULL,
	`source` text NOT NULL,
	`purpose` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`external_uri` text,
	`description` text,
	`status` text NOT NULL,
	`upload_expires_at` text,
	`uploaded_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_files_customer_created_idx` ON `customer_files` (`customer_id`,`created_at`,`file_id`);--> statement-breakpoint
CREATE INDEX `customer_files_upload_due_idx` ON `customer_files` (`upload_expires_at`);--> statement-breakpoint
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
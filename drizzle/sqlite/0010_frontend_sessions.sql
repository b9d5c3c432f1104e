CREATE TABLE `client_origins` (
	`client_id` text NOT NULL,
	`origin` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `origin`),
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `client_origins_origin_idx` ON `client_origins` (`origin`);--> statement-breakpoint
CREATE TABLE `frontend_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`origin` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `partner_clients`(`client_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`customer_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `frontend_sessions_token_uq` ON `frontend_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `frontend_sessions_customer_created_idx` ON `frontend_sessions` (`customer_id`,`created_at`,`session_id`);--> statement-breakpoint
CREATE INDEX `frontend_sessions_client_origin_idx` ON `frontend_sessions` (`client_id`,`origin`);
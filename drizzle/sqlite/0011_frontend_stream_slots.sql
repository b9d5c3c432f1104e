CREATE TABLE `frontend_stream_processes` (
	`process_id` text PRIMARY KEY NOT NULL,
	`alive_until` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `frontend_stream_slots` (
	`session_id` text NOT NULL,
	`slot` integer NOT NULL,
	`process_id` text NOT NULL,
	`opened_at` text NOT NULL,
	PRIMARY KEY(`session_id`, `slot`),
	FOREIGN KEY (`session_id`) REFERENCES `frontend_sessions`(`session_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `frontend_stream_slots_process_idx` ON `frontend_stream_slots` (`process_id`);
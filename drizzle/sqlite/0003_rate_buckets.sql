CREATE TABLE `rate_buckets` (
	`bucket_key` text PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`at_ms` integer NOT NULL,
	`granted` integer NOT NULL
);

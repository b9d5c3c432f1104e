DROP INDEX `webhook_deliveries_endpoint_event_uq`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `redelivery` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_endpoint_event_uq` ON `webhook_deliveries` (`endpoint_id`,`event_id`,`redelivery`);
CREATE TABLE "webhook_attempts" (
	"delivery_id" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"started_at" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"response_status" integer,
	"error" text,
	CONSTRAINT "webhook_attempts_delivery_id_attempt_number_pk" PRIMARY KEY("delivery_id","attempt_number")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"event_position" bigint NOT NULL,
	"status" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text,
	"lease_until" text,
	"event_created_at" text NOT NULL,
	"created_at" text NOT NULL,
	"settled_at" text
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"endpoint_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"types" text NOT NULL,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"disabled_at" text
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_uq" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_resource_idx" ON "webhook_deliveries" USING btree ("endpoint_id","resource_id","event_position");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_client_idx" ON "webhook_endpoints" USING btree ("client_id","created_at","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_secrets_endpoint_idx" ON "webhook_secrets" USING btree ("endpoint_id");
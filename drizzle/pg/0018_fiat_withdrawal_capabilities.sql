CREATE TABLE "fiat_withdrawal_capabilities" (
	"capability_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"rail" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"expected_monthly_volume_minor" text NOT NULL,
	"withdrawal_purpose" text NOT NULL,
	"review_due_at" text,
	"review_outcome" text,
	"review_keys" text,
	"activated_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiat_withdrawal_capabilities" ADD CONSTRAINT "fiat_withdrawal_capabilities_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_fiat_capability_customer_rail" ON "fiat_withdrawal_capabilities" USING btree ("customer_id","rail");--> statement-breakpoint
CREATE INDEX "fiat_withdrawal_capabilities_review_due_idx" ON "fiat_withdrawal_capabilities" USING btree ("review_due_at");
CREATE TABLE "checkout_links" (
	"link_id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_pos_payment_requests" (
	"pos_payment_request_id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"terminal_ref" text NOT NULL,
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"amount_due_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"payment_uri" text NOT NULL,
	"expires_at" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"blockchain" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"underpayment_tolerance_minor" text NOT NULL,
	"address" text NOT NULL,
	"amount_paid_minor" text NOT NULL,
	"amount_pending_minor" text NOT NULL,
	"amount_due_minor" text NOT NULL,
	"overpaid_minor" text NOT NULL,
	"late_amount_minor" text NOT NULL,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"merchant_reference" text,
	"description" text,
	"buyer_id" text,
	"success_url" text,
	"cancel_url" text,
	"expires_at" text NOT NULL,
	"paid_at" text,
	"closed_at" text,
	"link_count" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_links" ADD CONSTRAINT "checkout_links_checkout_id_checkouts_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "checkouts"("checkout_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_pos_payment_requests" ADD CONSTRAINT "checkout_pos_payment_requests_checkout_id_checkouts_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "checkouts"("checkout_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_checkout_link_token_hash" ON "checkout_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "checkout_links_checkout_idx" ON "checkout_links" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "checkout_pos_payment_requests_checkout_idx" ON "checkout_pos_payment_requests" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_checkout_merchant_reference" ON "checkouts" USING btree ("customer_id","merchant_reference") WHERE merchant_reference IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checkouts_customer_created_idx" ON "checkouts" USING btree ("customer_id","created_at","checkout_id");--> statement-breakpoint
CREATE INDEX "checkouts_expires_idx" ON "checkouts" USING btree ("status","expires_at");
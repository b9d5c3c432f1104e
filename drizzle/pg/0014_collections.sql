CREATE TABLE "collection_addresses" (
	"target_id" text PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"blockchain" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_buyers" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"external_ref" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"country" text,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_payments" (
	"collection_payment_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"target_type" text NOT NULL,
	"checkout_id" text,
	"collection_wallet_id" text,
	"buyer_id" text,
	"route_code" text NOT NULL,
	"blockchain" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"to_address_key" text NOT NULL,
	"tx_hash" text NOT NULL,
	"late" boolean NOT NULL,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"confirm_due_at" text,
	"timeout_at" text NOT NULL,
	"detected_at" text NOT NULL,
	"credited_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_wallets" (
	"collection_wallet_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"route_code" text NOT NULL,
	"blockchain" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"status" text NOT NULL,
	"expires_at" text,
	"deactivated_at" text,
	"amount_received_minor" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_refunds" ALTER COLUMN "deposit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "collection_payment_id" text;--> statement-breakpoint
ALTER TABLE "collection_buyers" ADD CONSTRAINT "collection_buyers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payments" ADD CONSTRAINT "collection_payments_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_wallets" ADD CONSTRAINT "collection_wallets_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_wallets" ADD CONSTRAINT "collection_wallets_buyer_id_collection_buyers_buyer_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "collection_buyers"("buyer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_collection_address" ON "collection_addresses" USING btree ("blockchain","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_collection_buyer_external_ref" ON "collection_buyers" USING btree ("customer_id","external_ref");--> statement-breakpoint
CREATE INDEX "collection_buyers_customer_created_idx" ON "collection_buyers" USING btree ("customer_id","created_at","buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_collection_payment_tx" ON "collection_payments" USING btree ("blockchain","tx_hash","to_address_key");--> statement-breakpoint
CREATE INDEX "collection_payments_customer_created_idx" ON "collection_payments" USING btree ("customer_id","created_at","collection_payment_id");--> statement-breakpoint
CREATE INDEX "collection_payments_confirm_idx" ON "collection_payments" USING btree ("status","confirm_due_at");--> statement-breakpoint
CREATE INDEX "collection_payments_timeout_idx" ON "collection_payments" USING btree ("status","timeout_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_collection_wallet_active" ON "collection_wallets" USING btree ("buyer_id","route_code") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "collection_wallets_customer_created_idx" ON "collection_wallets" USING btree ("customer_id","created_at","collection_wallet_id");--> statement-breakpoint
CREATE INDEX "collection_wallets_expires_idx" ON "collection_wallets" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD CONSTRAINT "crypto_refunds_collection_payment_id_collection_payments_collection_payment_id_fk" FOREIGN KEY ("collection_payment_id") REFERENCES "collection_payments"("collection_payment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crypto_refunds_collection_payment_idx" ON "crypto_refunds" USING btree ("collection_payment_id");
CREATE TABLE "balances" (
	"customer_id" text NOT NULL,
	"currency" text NOT NULL,
	"client_id" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"available_minor" text NOT NULL,
	"held_minor" text NOT NULL,
	"last_sequence" integer NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "balances_customer_id_currency_pk" PRIMARY KEY("customer_id","currency"),
	CONSTRAINT "balances_available_nonnegative" CHECK (substr("balances"."available_minor", 1, 1) <> '-'),
	CONSTRAINT "balances_held_nonnegative" CHECK (substr("balances"."held_minor", 1, 1) <> '-')
);
--> statement-breakpoint
CREATE TABLE "events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"data" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"transaction_id" text NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" text NOT NULL,
	CONSTRAINT "ledger_postings_transaction_id_account_pk" PRIMARY KEY("transaction_id","account")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"amount_minor" text NOT NULL,
	"available_delta_minor" text NOT NULL,
	"held_delta_minor" text NOT NULL,
	"available_after_minor" text NOT NULL,
	"held_after_minor" text NOT NULL,
	"sequence" integer NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_failures" (
	"blockchain" text NOT NULL,
	"address_key" text NOT NULL,
	"fail_at" text NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "sandbox_failures_blockchain_address_key_pk" PRIMARY KEY("blockchain","address_key")
);
--> statement-breakpoint
CREATE TABLE "upgrades" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_quotes" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"withdrawal_type" integer NOT NULL,
	"fee_amount_minor" text NOT NULL,
	"fee_currency" text NOT NULL,
	"expires_at" text NOT NULL,
	"created_at" text NOT NULL,
	"used_by_withdrawal_id" text
);
--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "status_info" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "travel_rule_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "travel_rule_submitted_at" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "travel_rule_originator" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "credited_at" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "updated_at" text;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "kyt_result" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "submitted_at" text;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "completed_at" text;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "due_at" text;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD COLUMN "fail_at" text;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD COLUMN "submitted_at" text;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD COLUMN "completed_at" text;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD COLUMN "due_at" text;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD COLUMN "fail_at" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "travel_rule_threshold_minor" text;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_quotes" ADD CONSTRAINT "withdrawal_quotes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_event_id_uq" ON "events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_resource_sequence_uq" ON "events" USING btree ("resource_id","sequence");--> statement-breakpoint
CREATE INDEX "events_client_position_idx" ON "events" USING btree ("client_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_sequence_uq" ON "ledger_transactions" USING btree ("customer_id","currency","sequence");--> statement-breakpoint
CREATE INDEX "ledger_transactions_customer_created_idx" ON "ledger_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_resource_idx" ON "ledger_transactions" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_quotes_used_by_uq" ON "withdrawal_quotes" USING btree ("used_by_withdrawal_id");--> statement-breakpoint
CREATE INDEX "crypto_deposits_customer_created_idx" ON "crypto_deposits" USING btree ("customer_id","created_at","deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposits_tx_uq" ON "crypto_deposits" USING btree ("blockchain","tx_hash","to_address");--> statement-breakpoint
CREATE INDEX "crypto_refunds_customer_created_idx" ON "crypto_refunds" USING btree ("customer_id","created_at","refund_id");--> statement-breakpoint
CREATE INDEX "crypto_refunds_due_idx" ON "crypto_refunds" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "crypto_withdrawals_customer_created_idx" ON "crypto_withdrawals" USING btree ("customer_id","created_at","withdrawal_id");--> statement-breakpoint
CREATE INDEX "crypto_withdrawals_due_idx" ON "crypto_withdrawals" USING btree ("due_at");
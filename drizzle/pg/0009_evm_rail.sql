CREATE TABLE "evm_address_counter" (
	"id" integer NOT NULL,
	"next_index" integer NOT NULL,
	CONSTRAINT "evm_address_counter_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "evm_addresses" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"address_index" integer NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evm_attempts" (
	"tx_hash" text NOT NULL,
	"resource_id" text NOT NULL,
	"nonce" integer NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"raw" text NOT NULL,
	"created_at" text NOT NULL,
	"first_sent_block" integer,
	"last_sent_at" text
);
--> statement-breakpoint
CREATE TABLE "evm_blocks" (
	"number" integer NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"seen_at" text NOT NULL,
	CONSTRAINT "evm_blocks_number_pk" PRIMARY KEY("number")
);
--> statement-breakpoint
CREATE TABLE "evm_follower" (
	"id" integer NOT NULL,
	"next_block" integer,
	"rescan_from" integer,
	"rescan_at" integer,
	"unattributed" integer DEFAULT 0 NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "evm_follower_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "evm_halt" (
	"id" integer NOT NULL,
	"reason" text NOT NULL,
	"since" text NOT NULL,
	"detail" text NOT NULL,
	CONSTRAINT "evm_halt_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "evm_nonces" (
	"address" text PRIMARY KEY NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evm_rail" (
	"id" integer NOT NULL,
	"chain_id" bigint NOT NULL,
	"xpub_fingerprint" text NOT NULL,
	"hot_address" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "evm_rail_id_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "evm_transfers" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"to_address" text NOT NULL,
	"value_wei" text NOT NULL,
	"data" text NOT NULL,
	"gas" text NOT NULL,
	"units" text NOT NULL,
	"native" boolean NOT NULL,
	"included_tx_hash" text,
	"included_block_number" integer,
	"included_block_hash" text,
	"receipt_status" text,
	"final_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "crypto_deposits_tx_uq";--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "block_number" integer;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "finalized_at" text;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "rail" text DEFAULT 'SANDBOX' NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "token_contract" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "token_decimals" integer;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "evm_token_key" text;--> statement-breakpoint
ALTER TABLE "evm_addresses" ADD CONSTRAINT "evm_addresses_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_evm_address_index" ON "evm_addresses" USING btree ("address_index");--> statement-breakpoint
CREATE UNIQUE INDEX "evm_addresses_key_uq" ON "evm_addresses" USING btree ("address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_evm_attempt_hash" ON "evm_attempts" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "evm_attempts_resource_idx" ON "evm_attempts" USING btree ("resource_id","created_at");--> statement-breakpoint
CREATE INDEX "evm_blocks_final_idx" ON "evm_blocks" USING btree ("final","number");--> statement-breakpoint
CREATE UNIQUE INDEX "evm_transfers_nonce_uq" ON "evm_transfers" USING btree ("from_address","nonce");--> statement-breakpoint
CREATE INDEX "evm_transfers_final_idx" ON "evm_transfers" USING btree ("final_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_evm_deposit_tx" ON "crypto_deposits" USING btree ("blockchain","tx_hash","to_address","route_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_evm_route_token" ON "routes" USING btree ("client_id","evm_token_key");
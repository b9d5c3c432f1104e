CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" text NOT NULL,
	"request_id" text NOT NULL,
	"client_id" text NOT NULL,
	"operation" text NOT NULL,
	"target_id" text,
	"idempotency_key" text,
	"status" integer NOT NULL,
	"problem_code" text,
	"result_id" text,
	"replayed" boolean DEFAULT false NOT NULL,
	"evidence_user_ref" text,
	"evidence_policy_ref" text,
	"evidence_mfa_ref" text
);
--> statement-breakpoint
CREATE TABLE "authorization_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"operation_type" text NOT NULL,
	"operation_hash" text NOT NULL,
	"authorized_at" text NOT NULL,
	"authorized_by_partner_user_ref" text NOT NULL,
	"authorization_method" text NOT NULL,
	"mfa_evidence_ref" text NOT NULL,
	"authorized_by_partner_policy_ref" text,
	"source_system" text,
	"source_action_ref" text,
	"raw_evidence" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" text NOT NULL,
	"retired_at" text
);
--> statement-breakpoint
CREATE TABLE "crypto_deposits" (
	"deposit_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"blockchain" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"from_address" text NOT NULL,
	"tx_hash" text,
	"status" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"deposit_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"refund_address" text NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"tx_hash" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"confirmed_at" text
);
--> statement-breakpoint
CREATE TABLE "crypto_withdrawals" (
	"withdrawal_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"wallet_beneficiary_id" text NOT NULL,
	"wallet_beneficiary_label" text NOT NULL,
	"route_code" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"fee_amount_minor" text NOT NULL,
	"fee_currency" text NOT NULL,
	"client_reference" text,
	"withdrawal_type" integer NOT NULL,
	"external_fee_fields" text,
	"purpose_of_payment" integer,
	"other_purpose" text,
	"relationship_with_third_party" integer,
	"other_relationship" text,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"kyt_result" text NOT NULL,
	"tx_hash" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"external_ref" text NOT NULL,
	"type" text NOT NULL,
	"display_name" text,
	"status" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"client_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"resource_id" text NOT NULL,
	"response_json" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at_ms" bigint NOT NULL,
	CONSTRAINT "idempotency_records_client_id_idempotency_key_pk" PRIMARY KEY("client_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "nonces" (
	"client_id" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at_ms" bigint NOT NULL,
	CONSTRAINT "nonces_client_id_nonce_pk" PRIMARY KEY("client_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "partner_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" text NOT NULL,
	"rate_limit_rps" integer,
	"rate_limit_burst" integer
);
--> statement-breakpoint
CREATE TABLE "rate_buckets" (
	"bucket_key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"granted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"route_code" text NOT NULL,
	"client_id" text NOT NULL,
	"blockchain" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"min_amount_minor" text,
	"max_amount_minor" text,
	"fee_amount_minor" text DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "routes_route_code_client_id_pk" PRIMARY KEY("route_code","client_id")
);
--> statement-breakpoint
CREATE TABLE "screening_denylist" (
	"blockchain" text NOT NULL,
	"address_key" text NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "screening_denylist_blockchain_address_key_pk" PRIMARY KEY("blockchain","address_key")
);
--> statement-breakpoint
CREATE TABLE "wallet_beneficiaries" (
	"wallet_beneficiary_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"route_code" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"blockchain" text NOT NULL,
	"wallet_address" text NOT NULL,
	"address_key" text NOT NULL,
	"is_owner" boolean NOT NULL,
	"wallet_type" text NOT NULL,
	"owner_type" text NOT NULL,
	"platform_name" text,
	"platform_user_id" text,
	"owner_info" text,
	"purpose_of_payment" integer,
	"relationship_with_third_party" integer,
	"support_files" text,
	"screening_status" text NOT NULL,
	"beneficiary_status" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"last_synced_at" text NOT NULL,
	"removed_at" text
);
--> statement-breakpoint
ALTER TABLE "client_secrets" ADD CONSTRAINT "client_secrets_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD CONSTRAINT "crypto_refunds_deposit_id_crypto_deposits_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "crypto_deposits"("deposit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_wallet_beneficiary_id_wallet_beneficiaries_wallet_beneficiary_id_fk" FOREIGN KEY ("wallet_beneficiary_id") REFERENCES "wallet_beneficiaries"("wallet_beneficiary_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_beneficiaries" ADD CONSTRAINT "wallet_beneficiaries_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_client_at_idx" ON "audit_events" USING btree ("client_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_evidence_use_uq" ON "authorization_evidence" USING btree ("client_id","operation_type","operation_hash","authorized_at");--> statement-breakpoint
CREATE INDEX "authorization_evidence_target_idx" ON "authorization_evidence" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "client_secrets_client_idx" ON "client_secrets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crypto_refunds_deposit_idx" ON "crypto_refunds" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_withdrawals_customer_client_ref_uq" ON "crypto_withdrawals" USING btree ("customer_id","client_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_client_external_ref_uq" ON "customers" USING btree ("client_id","external_ref");--> statement-breakpoint
CREATE INDEX "idempotency_expires_idx" ON "idempotency_records" USING btree ("expires_at_ms");--> statement-breakpoint
CREATE INDEX "nonces_seen_idx" ON "nonces" USING btree ("seen_at_ms");--> statement-breakpoint
CREATE INDEX "wallet_beneficiaries_customer_idx" ON "wallet_beneficiaries" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_beneficiaries_active_address_uq" ON "wallet_beneficiaries" USING btree ("customer_id","blockchain","address_key") WHERE beneficiary_status = 'ACTIVE';
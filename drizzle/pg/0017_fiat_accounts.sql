CREATE TABLE "fiat_account_applications" (
	"application_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"currency" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"expected_monthly_volume_minor" text NOT NULL,
	"source_of_funds" text NOT NULL,
	"account_purpose" text NOT NULL,
	"file_ids" text NOT NULL,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"fiat_account_id" text,
	"review_due_at" text,
	"review_outcome" text,
	"review_keys" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"decided_at" text
);
--> statement-breakpoint
CREATE TABLE "fiat_accounts" (
	"fiat_account_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"application_id" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"status" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"iban" text,
	"bic" text,
	"account_number" text,
	"routing_number" text,
	"bank_name" text NOT NULL,
	"suspended_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_requests" (
	"round_id" text NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"requested_at" text NOT NULL,
	"answered_at" text,
	CONSTRAINT "information_requests_round_id_position_pk" PRIMARY KEY("round_id","position")
);
--> statement-breakpoint
CREATE TABLE "information_rounds" (
	"round_id" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"round" integer NOT NULL,
	"customer_id" text NOT NULL,
	"requested_at" text NOT NULL,
	"due_at" text NOT NULL,
	"state" text NOT NULL,
	"closed_at" text,
	"answers" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_review_outcomes" (
	"customer_id" text NOT NULL,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"keys" text,
	"created_at" text NOT NULL,
	CONSTRAINT "sandbox_review_outcomes_customer_id_subject_pk" PRIMARY KEY("customer_id","subject")
);
--> statement-breakpoint
ALTER TABLE "fiat_account_applications" ADD CONSTRAINT "fiat_account_applications_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_accounts" ADD CONSTRAINT "fiat_accounts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_accounts" ADD CONSTRAINT "fiat_accounts_application_id_fiat_account_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "fiat_account_applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_round_id_information_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "information_rounds"("round_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_rounds" ADD CONSTRAINT "information_rounds_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_review_outcomes" ADD CONSTRAINT "sandbox_review_outcomes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_fiat_application_open" ON "fiat_account_applications" USING btree ("customer_id","currency") WHERE status IN ('SUBMITTED', 'IN_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION');--> statement-breakpoint
CREATE INDEX "fiat_account_applications_customer_idx" ON "fiat_account_applications" USING btree ("customer_id","created_at","application_id");--> statement-breakpoint
CREATE INDEX "fiat_account_applications_review_due_idx" ON "fiat_account_applications" USING btree ("review_due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_fiat_account_customer_currency" ON "fiat_accounts" USING btree ("customer_id","currency");--> statement-breakpoint
CREATE INDEX "fiat_accounts_customer_created_idx" ON "fiat_accounts" USING btree ("customer_id","created_at","fiat_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "information_rounds_owner_round_uq" ON "information_rounds" USING btree ("owner_type","owner_id","round");--> statement-breakpoint
CREATE INDEX "information_rounds_open_due_idx" ON "information_rounds" USING btree ("state","due_at");
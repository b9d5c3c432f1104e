CREATE TABLE "fiat_deposits" (
	"fiat_deposit_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"fiat_account_id" text NOT NULL,
	"rail" text NOT NULL,
	"amount_minor" text NOT NULL,
	"currency" text NOT NULL,
	"currency_scale" integer NOT NULL,
	"sender_name" text NOT NULL,
	"sender_account_last4" text NOT NULL,
	"sender_fingerprint" text NOT NULL,
	"payment_reference" text,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"credited_at" text,
	"step_due_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiat_deposits" ADD CONSTRAINT "fiat_deposits_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_deposits" ADD CONSTRAINT "fiat_deposits_fiat_account_id_fiat_accounts_fiat_account_id_fk" FOREIGN KEY ("fiat_account_id") REFERENCES "fiat_accounts"("fiat_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiat_deposits_customer_created_idx" ON "fiat_deposits" USING btree ("customer_id","created_at","fiat_deposit_id");--> statement-breakpoint
CREATE INDEX "fiat_deposits_step_due_idx" ON "fiat_deposits" USING btree ("step_due_at");
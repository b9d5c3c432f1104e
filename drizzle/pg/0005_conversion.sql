CREATE TABLE "conversion_pairs" (
	"client_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"spread_bps" integer NOT NULL,
	"min_source_minor" text DEFAULT '1' NOT NULL,
	"max_source_minor" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "conversion_pairs_client_id_source_currency_target_currency_pk" PRIMARY KEY("client_id","source_currency","target_currency")
);
--> statement-breakpoint
CREATE TABLE "conversion_quotes" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"source_currency_scale" integer NOT NULL,
	"source_amount_minor" text NOT NULL,
	"target_currency" text NOT NULL,
	"target_currency_scale" integer NOT NULL,
	"target_amount_minor" text NOT NULL,
	"fixed_side" text NOT NULL,
	"mid_rate" text NOT NULL,
	"rate" text NOT NULL,
	"spread_bps" integer NOT NULL,
	"spread_amount_minor" text NOT NULL,
	"rate_as_of" text NOT NULL,
	"status" text NOT NULL,
	"conversion_id" text,
	"expires_at" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" text NOT NULL,
	"as_of" text NOT NULL,
	CONSTRAINT "conversion_rates_base_quote_pk" PRIMARY KEY("base","quote")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"conversion_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"client_reference" text,
	"source_currency" text NOT NULL,
	"source_currency_scale" integer NOT NULL,
	"source_amount_minor" text NOT NULL,
	"target_currency" text NOT NULL,
	"target_currency_scale" integer NOT NULL,
	"target_amount_minor" text NOT NULL,
	"fixed_side" text NOT NULL,
	"mid_rate" text NOT NULL,
	"rate" text NOT NULL,
	"spread_bps" integer NOT NULL,
	"spread_amount_minor" text NOT NULL,
	"status" text NOT NULL,
	"status_info" text NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"completed_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_pairs" ADD CONSTRAINT "conversion_pairs_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_quote_id_conversion_quotes_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "conversion_quotes"("quote_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_quotes_customer_created_idx" ON "conversion_quotes" USING btree ("customer_id","created_at","quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_conversion_quote" ON "conversions" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_conversion_client_reference" ON "conversions" USING btree ("customer_id","client_reference");--> statement-breakpoint
CREATE INDEX "conversions_customer_created_idx" ON "conversions" USING btree ("customer_id","created_at","conversion_id");
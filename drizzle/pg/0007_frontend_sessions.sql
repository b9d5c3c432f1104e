CREATE TABLE "client_origins" (
	"client_id" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "client_origins_client_id_origin_pk" PRIMARY KEY("client_id","origin")
);
--> statement-breakpoint
CREATE TABLE "frontend_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"origin" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" text NOT NULL,
	"revoked_at" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_origins" ADD CONSTRAINT "client_origins_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_sessions" ADD CONSTRAINT "frontend_sessions_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "partner_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_sessions" ADD CONSTRAINT "frontend_sessions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_origins_origin_idx" ON "client_origins" USING btree ("origin");--> statement-breakpoint
CREATE UNIQUE INDEX "frontend_sessions_token_uq" ON "frontend_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "frontend_sessions_customer_created_idx" ON "frontend_sessions" USING btree ("customer_id","created_at","session_id");--> statement-breakpoint
CREATE INDEX "frontend_sessions_client_origin_idx" ON "frontend_sessions" USING btree ("client_id","origin");
CREATE TABLE "sandbox_verification_outcomes" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"info" text,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "suspended_at" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verification_status" text DEFAULT 'UNVERIFIED' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verification_status_info" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verification_review_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verified_at" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "review_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "review_due_at" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "review_checks" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "review_outcome" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "review_outcome_info" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "verification_evidence" text;--> statement-breakpoint
ALTER TABLE "sandbox_verification_outcomes" ADD CONSTRAINT "sandbox_verification_outcomes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_review_due_idx" ON "customers" USING btree ("review_due_at");
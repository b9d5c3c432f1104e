ALTER TABLE "ledger_transactions" ADD COLUMN "posting_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- §10.1 L4 keeps ledger rows unchanged; numbering the new column of the rows already there is the one write the
-- upgrade makes, so the guard is lifted for it and put back in the same migration.
ALTER TABLE "ledger_transactions" DISABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
UPDATE "ledger_transactions" SET "posting_position" = r.n FROM (SELECT l.transaction_id, row_number() OVER (PARTITION BY l.customer_id ORDER BY l.created_at, e.position, l.currency, l.sequence) AS n FROM "ledger_transactions" l LEFT JOIN "events" e ON e.resource_id = l.transaction_id AND e.resource_type = 'TRANSACTION') AS r WHERE r.transaction_id = "ledger_transactions".transaction_id;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ENABLE TRIGGER "ledger_transactions_append_only";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_posting_uq" ON "ledger_transactions" USING btree ("customer_id","posting_position");
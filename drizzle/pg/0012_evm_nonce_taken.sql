ALTER TABLE "evm_transfers" ADD COLUMN "taken_by_tx_hash" text;--> statement-breakpoint
ALTER TABLE "evm_transfers" ADD COLUMN "taken_in_block" integer;--> statement-breakpoint
ALTER TABLE "evm_transfers" ADD COLUMN "taken_block_hash" text;
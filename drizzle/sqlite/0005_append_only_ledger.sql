-- §10.1 L4 and §11.1 E7: ledger rows, their postings and events are written once and kept; the database refuses any change.
CREATE TRIGGER `ledger_transactions_no_update` BEFORE UPDATE ON `ledger_transactions` BEGIN SELECT RAISE(ABORT, 'ledger rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `ledger_transactions_no_delete` BEFORE DELETE ON `ledger_transactions` BEGIN SELECT RAISE(ABORT, 'ledger rows are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `ledger_postings_no_update` BEFORE UPDATE ON `ledger_postings` BEGIN SELECT RAISE(ABORT, 'ledger postings are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `ledger_postings_no_delete` BEFORE DELETE ON `ledger_postings` BEGIN SELECT RAISE(ABORT, 'ledger postings are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `events_no_update` BEFORE UPDATE ON `events` BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `events_no_delete` BEFORE DELETE ON `events` BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

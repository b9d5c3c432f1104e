// The ledger (§10.1): balances, the customer's rows and the double-entry postings.
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

// §10.1: one balance per (customer, currency); L1 holds by CHECK whatever the code does. Amounts are
// digit strings (they exceed int64), so "≥ 0" is "no minus sign".
export const balances = pgTable(
  'balances',
  {
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    currency: text('currency').notNull(),
    clientId: text('client_id').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    availableMinor: text('available_minor').notNull(),
    heldMinor: text('held_minor').notNull(),
    lastSequence: integer('last_sequence').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currency] }),
    check('balances_available_nonnegative', sql`substr(${t.availableMinor}, 1, 1) <> '-'`),
    check('balances_held_nonnegative', sql`substr(${t.heldMinor}, 1, 1) <> '-'`),
  ],
);

// §10.1: the customer side of each journal entry; never updated or deleted (L4).
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    amountMinor: text('amount_minor').notNull(),
    availableDeltaMinor: text('available_delta_minor').notNull(),
    heldDeltaMinor: text('held_delta_minor').notNull(),
    availableAfterMinor: text('available_after_minor').notNull(),
    heldAfterMinor: text('held_after_minor').notNull(),
    sequence: integer('sequence').notNull(),
    // §9.3: the customer's posting order across currencies (1, 2, …; rows of one database transaction in
    // the order they were posted), which newest-first lists and their cursors follow after createdAt.
    postingPosition: integer('posting_position').notNull().default(0),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_sequence_uq').on(t.customerId, t.currency, t.sequence),
    uniqueIndex('ledger_transactions_posting_uq').on(t.customerId, t.postingPosition),
    index('ledger_transactions_customer_created_idx').on(t.customerId, t.createdAt),
    index('ledger_transactions_resource_idx').on(t.resourceId),
  ],
);

// §10.1 double entry: two postings per journal entry, of opposite signs (L5). Accounts:
// `available:<customerId>`, `held:<customerId>`, and per currency `external`, `fees`, `fx` (§13.4).
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    transactionId: text('transaction_id').notNull(),
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    amountMinor: text('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.account] })],
);

// Fiat deposits (§14.8).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { customers } from '../customers/tables.js';
import { fiatAccounts } from '../fiat-accounts/tables.js';

export const fiatDeposits = sqliteTable(
  'fiat_deposits',
  {
    fiatDepositId: text('fiat_deposit_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    fiatAccountId: text('fiat_account_id')
      .notNull()
      .references(() => fiatAccounts.fiatAccountId),
    rail: text('rail').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    senderName: text('sender_name').notNull(),
    senderAccountLast4: text('sender_account_last4').notNull(),
    /**
     * §14.5's fingerprint of the normalised sender identifier: what the step screens against the bank deny
     * list (which holds fingerprints). The identifier itself is never stored; this is never shown.
     */
    senderFingerprint: text('sender_fingerprint').notNull(),
    paymentReference: text('payment_reference'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    creditedAt: text('credited_at'),
    /** When the worker's step is due (PROCESSING), else null. */
    stepDueAt: text('step_due_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('fiat_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.fiatDepositId),
    index('fiat_deposits_step_due_idx').on(t.stepDueAt),
  ],
);

export type FiatDepositRow = typeof fiatDeposits.$inferSelect;

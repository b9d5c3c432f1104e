// Fiat deposits (§14.8).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types; the code is
// typed with tables.ts's row types, which these produce too.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';
import { fiatAccounts } from '../fiat-accounts/tables.pg.js';

export const fiatDeposits = pgTable(
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
    // §14.5's fingerprint of the normalised sender identifier, screened by the step; never shown.
    senderFingerprint: text('sender_fingerprint').notNull(),
    paymentReference: text('payment_reference'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    creditedAt: text('credited_at'),
    stepDueAt: text('step_due_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('fiat_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.fiatDepositId),
    index('fiat_deposits_step_due_idx').on(t.stepDueAt),
  ],
);

// Refunds (§4.5, §10.8).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { collectionPayments } from '../collections/tables.pg.js';
import { cryptoDeposits } from '../deposits/tables.pg.js';

export const cryptoRefunds = pgTable(
  'crypto_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    // §15.7: exactly one of the two is set (a refund of a deposit or of a collection payment).
    depositId: text('deposit_id').references(() => cryptoDeposits.depositId),
    collectionPaymentId: text('collection_payment_id').references(() => collectionPayments.collectionPaymentId),
    customerId: text('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    refundAddress: text('refund_address').notNull(),
    reason: text('reason'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    txHash: text('tx_hash'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    confirmedAt: text('confirmed_at'),
    kytResult: text('kyt_result').notNull().default('PENDING'),
    submittedAt: text('submitted_at'),
    completedAt: text('completed_at'),
    // §10.7, as on withdrawals.
    dueAt: text('due_at'),
    failAt: text('fail_at'),
  },
  (t) => [
    index('crypto_refunds_deposit_idx').on(t.depositId),
    index('crypto_refunds_collection_payment_idx').on(t.collectionPaymentId),
    index('crypto_refunds_customer_created_idx').on(t.customerId, t.createdAt, t.refundId),
    index('crypto_refunds_due_idx').on(t.dueAt),
  ],
);

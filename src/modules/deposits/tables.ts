// Deposits (§10.4).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { customers } from '../customers/tables.js';

export const cryptoDeposits = sqliteTable(
  'crypto_deposits',
  {
    depositId: text('deposit_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    fromAddress: text('from_address').notNull(),
    txHash: text('tx_hash'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    // §10.3 / §10.4 (null only on rows written before the upgrade of §10.11 ran).
    toAddress: text('to_address'),
    statusInfo: text('status_info'),
    travelRuleRequired: integer('travel_rule_required', { mode: 'boolean' }).notNull().default(false),
    travelRuleSubmittedAt: text('travel_rule_submitted_at'),
    // §10.4: the originator, encrypted (src/core/secret-box.ts); never shown.
    travelRuleOriginator: text('travel_rule_originator'),
    creditedAt: text('credited_at'),
    updatedAt: text('updated_at'),
  },
  (t) => [
    index('crypto_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.depositId),
    // §10.4 check 7: one deposit per (chain, transaction, receiving wallet).
    uniqueIndex('crypto_deposits_tx_uq').on(t.blockchain, t.txHash, t.toAddress),
  ],
);

export type CryptoDepositRow = typeof cryptoDeposits.$inferSelect;

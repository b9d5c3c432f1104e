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
    // §18.1 EVM deposits: the including block (null while DROPPED), its hash (which inclusion the follower
    // saw), when it became final, and the units received (C12: the floored remainder stays with operators).
    blockNumber: integer('block_number'),
    blockHash: text('block_hash'),
    finalizedAt: text('finalized_at'),
    units: text('units'),
  },
  (t) => [
    index('crypto_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.depositId),
    // §10.4 check 7: one deposit per (chain, transaction, receiving wallet); §18.5 uq_evm_deposit_tx: per
    // route too, since an EVM address receives every EVM route's currency (C4).
    uniqueIndex('uq_evm_deposit_tx').on(t.blockchain, t.txHash, t.toAddress, t.routeCode),
  ],
);

export type CryptoDepositRow = typeof cryptoDeposits.$inferSelect;
// A new deposit: the §18.1 chain columns may be left out (null) for sandbox deposits.
export type NewCryptoDepositRow = typeof cryptoDeposits.$inferInsert;

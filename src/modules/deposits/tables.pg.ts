// Deposits (§10.4).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

export const cryptoDeposits = pgTable(
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
    travelRuleRequired: boolean('travel_rule_required').notNull().default(false),
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

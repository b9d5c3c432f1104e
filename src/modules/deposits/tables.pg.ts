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
  },
  (t) => [
    index('crypto_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.depositId),
    // §10.4 check 7: one deposit per (chain, transaction, receiving wallet).
    uniqueIndex('crypto_deposits_tx_uq').on(t.blockchain, t.txHash, t.toAddress),
  ],
);

// Collections (§15.5–§15.6): buyers, collection wallets, the addresses of every payment target, payments.
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types; the code
// is typed with tables.ts's row types, which these produce too.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

export const collectionBuyers = pgTable(
  'collection_buyers',
  {
    buyerId: text('buyer_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    externalRef: text('external_ref').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    country: text('country'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 DUPLICATE_BUYER.
    uniqueIndex('uq_collection_buyer_external_ref').on(t.customerId, t.externalRef),
    index('collection_buyers_customer_created_idx').on(t.customerId, t.createdAt, t.buyerId),
  ],
);

/**
 * §15.2, §16.4 uq_collection_address: every address a payment may be made to — collection wallets' and
 * checkouts' — in one table, so that the database keeps them apart; a payment finds its target here.
 */
export const collectionAddresses = pgTable(
  'collection_addresses',
  {
    /** The target's id: a collectionWalletId or a checkoutId. */
    targetId: text('target_id').primaryKey(),
    /** CollectionPaymentTargetType: COLLECTION_WALLET or CHECKOUT. */
    targetType: text('target_type').notNull(),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    /** As shown (ETH in EIP-55). */
    address: text('address').notNull(),
    /** The chain's canonical form (normalizeAddressForComparison). */
    addressKey: text('address_key').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('uq_collection_address').on(t.blockchain, t.addressKey)],
);

export const collectionWallets = pgTable(
  'collection_wallets',
  {
    collectionWalletId: text('collection_wallet_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => collectionBuyers.buyerId),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    address: text('address').notNull(),
    label: text('label'),
    status: text('status').notNull(),
    expiresAt: text('expires_at'),
    deactivatedAt: text('deactivated_at'),
    amountReceivedMinor: text('amount_received_minor').notNull(),
    /** §16.4: the expiry step, the expiry update, deactivation and payments compare-and-set on it. */
    version: integer('version').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 DUPLICATE_COLLECTION_WALLET.
    uniqueIndex('uq_collection_wallet_active')
      .on(t.buyerId, t.routeCode)
      .where(sql`status = 'ACTIVE'`),
    index('collection_wallets_customer_created_idx').on(t.customerId, t.createdAt, t.collectionWalletId),
    index('collection_wallets_expires_idx').on(t.status, t.expiresAt),
  ],
);

export const collectionPayments = pgTable(
  'collection_payments',
  {
    collectionPaymentId: text('collection_payment_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    targetType: text('target_type').notNull(),
    checkoutId: text('checkout_id'),
    collectionWalletId: text('collection_wallet_id'),
    buyerId: text('buyer_id'),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The canonical toAddress (uq_collection_payment_tx). */
    toAddressKey: text('to_address_key').notNull(),
    txHash: text('tx_hash').notNull(),
    late: boolean('late').notNull(),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    /** §15.6: the sandbox confirmation step's due time; null when `confirm` was false. */
    confirmDueAt: text('confirm_due_at'),
    /** §15.6: detectedAt + COLLECTION_CONFIRMATION_TIMEOUT_SECONDS. */
    timeoutAt: text('timeout_at').notNull(),
    detectedAt: text('detected_at').notNull(),
    creditedAt: text('credited_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 DUPLICATE_TX_HASH.
    uniqueIndex('uq_collection_payment_tx').on(t.blockchain, t.txHash, t.toAddressKey),
    index('collection_payments_customer_created_idx').on(t.customerId, t.createdAt, t.collectionPaymentId),
    index('collection_payments_confirm_idx').on(t.status, t.confirmDueAt),
    index('collection_payments_timeout_idx').on(t.status, t.timeoutAt),
  ],
);

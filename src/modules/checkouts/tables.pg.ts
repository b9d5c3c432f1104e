// Checkouts (§15.2–§15.4): PostgreSQL's definitions, the same tables as tables.ts beside this file; the
// code is typed with tables.ts's row types, which these produce too.
// A checkout's address lives in collections' collection_addresses (uq_collection_address, §16.4); its
// payments are collections' collection_payments.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

export const checkouts = pgTable(
  'checkouts',
  {
    checkoutId: text('checkout_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    underpaymentToleranceMinor: text('underpayment_tolerance_minor').notNull(),
    address: text('address').notNull(),
    /** §15.3 counters, kept exact by each payment step in its transaction (Σ of the payments they name). */
    amountPaidMinor: text('amount_paid_minor').notNull(),
    amountPendingMinor: text('amount_pending_minor').notNull(),
    amountDueMinor: text('amount_due_minor').notNull(),
    overpaidMinor: text('overpaid_minor').notNull(),
    lateAmountMinor: text('late_amount_minor').notNull(),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    merchantReference: text('merchant_reference'),
    description: text('description'),
    buyerId: text('buyer_id'),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
    expiresAt: text('expires_at').notNull(),
    paidAt: text('paid_at'),
    closedAt: text('closed_at'),
    /** §16.4: links counted by a compare-and-set (link_count < CHECKOUT_MAX_LINKS in the update). */
    linkCount: integer('link_count').notNull(),
    /** §15.3, §16.4: detection, payment steps, expiry and close compare-and-set on it. */
    version: integer('version').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 DUPLICATE_MERCHANT_REFERENCE.
    uniqueIndex('uq_checkout_merchant_reference')
      .on(t.customerId, t.merchantReference)
      .where(sql`merchant_reference IS NOT NULL`),
    index('checkouts_customer_created_idx').on(t.customerId, t.createdAt, t.checkoutId),
    index('checkouts_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** §15.4: a link's token is stored only as its lowercase hex SHA-256. */
export const checkoutLinks = pgTable(
  'checkout_links',
  {
    linkId: text('link_id').primaryKey(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.checkoutId),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('uq_checkout_link_token_hash').on(t.tokenHash), index('checkout_links_checkout_idx').on(t.checkoutId)],
);

/** §15.4: amountDueMinor and paymentUri frozen at creation. */
export const checkoutPosPaymentRequests = pgTable(
  'checkout_pos_payment_requests',
  {
    posPaymentRequestId: text('pos_payment_request_id').primaryKey(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.checkoutId),
    terminalRef: text('terminal_ref').notNull(),
    blockchain: text('blockchain').notNull(),
    address: text('address').notNull(),
    amountDueMinor: text('amount_due_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    paymentUri: text('payment_uri').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('checkout_pos_payment_requests_checkout_idx').on(t.checkoutId)],
);

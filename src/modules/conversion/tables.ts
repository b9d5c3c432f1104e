// Conversion (§13): pairs, rates, quotes and conversions.
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { partnerClients } from '../../db/tables.js';
import { customers } from '../customers/tables.js';

// §13.1: a pair maps (partner client, source, target) to its spread and bounds; operator-provisioned.
export const conversionPairs = sqliteTable(
  'conversion_pairs',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    sourceCurrency: text('source_currency').notNull(),
    targetCurrency: text('target_currency').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    minSourceMinor: text('min_source_minor').notNull().default('1'),
    // Null: no bound but §4's (10^38 − 1).
    maxSourceMinor: text('max_source_minor'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.sourceCurrency, t.targetCurrency] })],
);

// §13.1: one rate per (base, quote), global, replaced by the next `partnerctl rate set`.
export const conversionRates = sqliteTable(
  'conversion_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    // The rate as the operator wrote it (RATE_PATTERN); ρ(rate) is exact.
    rate: text('rate').notNull(),
    asOf: text('as_of').notNull(),
  },
  (t) => [primaryKey({ columns: [t.base, t.quote] })],
);

// §13.2: a quote's figures, immutable but for status (OPEN → USED) and conversionId; EXPIRED is computed.
export const conversionQuotes = sqliteTable(
  'conversion_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sourceCurrencyScale: integer('source_currency_scale').notNull(),
    sourceAmountMinor: text('source_amount_minor').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetCurrencyScale: integer('target_currency_scale').notNull(),
    targetAmountMinor: text('target_amount_minor').notNull(),
    fixedSide: text('fixed_side').notNull(),
    midRate: text('mid_rate').notNull(),
    rate: text('rate').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    spreadAmountMinor: text('spread_amount_minor').notNull(),
    rateAsOf: text('rate_as_of').notNull(),
    status: text('status').notNull(),
    conversionId: text('conversion_id'),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  // §9.3 lists: newest first per customer.
  (t) => [index('conversion_quotes_customer_created_idx').on(t.customerId, t.createdAt, t.quoteId)],
);

// §13.3: a conversion, born COMPLETED. §16.4: one per quote, clientReference unique per customer, by the
// database (concurrent drafts: the loser runs again and answers the rule's 409).
export const conversions = sqliteTable(
  'conversions',
  {
    conversionId: text('conversion_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    quoteId: text('quote_id').notNull().references(() => conversionQuotes.quoteId),
    clientReference: text('client_reference'),
    sourceCurrency: text('source_currency').notNull(),
    sourceCurrencyScale: integer('source_currency_scale').notNull(),
    sourceAmountMinor: text('source_amount_minor').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetCurrencyScale: integer('target_currency_scale').notNull(),
    targetAmountMinor: text('target_amount_minor').notNull(),
    fixedSide: text('fixed_side').notNull(),
    midRate: text('mid_rate').notNull(),
    rate: text('rate').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    spreadAmountMinor: text('spread_amount_minor').notNull(),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    completedAt: text('completed_at').notNull(),
  },
  (t) => [
    uniqueIndex('uq_conversion_quote').on(t.quoteId),
    uniqueIndex('uq_conversion_client_reference').on(t.customerId, t.clientReference),
    // §9.3 lists: newest first per customer.
    index('conversions_customer_created_idx').on(t.customerId, t.createdAt, t.conversionId),
  ],
);

export type ConversionPairRow = typeof conversionPairs.$inferSelect;
export type ConversionRateRow = typeof conversionRates.$inferSelect;
export type ConversionQuoteRow = typeof conversionQuotes.$inferSelect;
export type ConversionRow = typeof conversions.$inferSelect;

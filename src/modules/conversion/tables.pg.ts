// Conversion (§13): pairs, rates, quotes and conversions.
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types; the
// code is typed with tables.ts's row types, which these produce too.
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';
import { customers } from '../customers/tables.pg.js';

// §13.1: a pair maps (partner client, source, target) to its spread and bounds; operator-provisioned.
export const conversionPairs = pgTable(
  'conversion_pairs',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    sourceCurrency: text('source_currency').notNull(),
    targetCurrency: text('target_currency').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    minSourceMinor: text('min_source_minor').notNull().default('1'),
    // Null: no bound but §4's (10^38 − 1).
    maxSourceMinor: text('max_source_minor'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.sourceCurrency, t.targetCurrency] })],
);

// §13.1: one rate per (base, quote), global, replaced by the next `partnerctl rate set`.
export const conversionRates = pgTable(
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
export const conversionQuotes = pgTable(
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
export const conversions = pgTable(
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

// Fiat account applications and fiat accounts (§14.4).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { customers } from '../customers/tables.js';
import type { InformationView } from '../information/index.js';

export const fiatAccountApplications = sqliteTable(
  'fiat_account_applications',
  {
    applicationId: text('application_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    currency: text('currency').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    expectedMonthlyVolumeMinor: text('expected_monthly_volume_minor').notNull(),
    sourceOfFunds: text('source_of_funds').notNull(),
    accountPurpose: text('account_purpose').notNull(),
    /** The input's fileIds as a JSON array, in input order. */
    fileIds: text('file_ids').notNull(),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    fiatAccountId: text('fiat_account_id'),
    /** When the review's next step is due (SUBMITTED, IN_REVIEW), else null. */
    reviewDueAt: text('review_due_at'),
    /** §14.3 the first review's outcome captured at create (sandbox), consumed by that review; null: pass. */
    reviewOutcome: text('review_outcome'),
    /** Its keys (NEEDS_ADDITIONAL_INFORMATION), comma-separated. */
    reviewKeys: text('review_keys'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    decidedAt: text('decided_at'),
  },
  (t) => [
    // §16.4: 409 FIAT_ACCOUNT_EXISTS.
    uniqueIndex('uq_fiat_application_open')
      .on(t.customerId, t.currency)
      .where(sql`status IN ('SUBMITTED', 'IN_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION')`),
    index('fiat_account_applications_customer_idx').on(t.customerId, t.createdAt, t.applicationId),
    index('fiat_account_applications_review_due_idx').on(t.reviewDueAt),
  ],
);

export const fiatAccounts = sqliteTable(
  'fiat_accounts',
  {
    fiatAccountId: text('fiat_account_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    applicationId: text('application_id')
      .notNull()
      .references(() => fiatAccountApplications.applicationId),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    status: text('status').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    iban: text('iban'),
    bic: text('bic'),
    accountNumber: text('account_number'),
    routingNumber: text('routing_number'),
    bankName: text('bank_name').notNull(),
    suspendedAt: text('suspended_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 FIAT_ACCOUNT_EXISTS.
    uniqueIndex('uq_fiat_account_customer_currency').on(t.customerId, t.currency),
    index('fiat_accounts_customer_created_idx').on(t.customerId, t.createdAt, t.fiatAccountId),
  ],
);

export type FiatAccountApplicationRow = typeof fiatAccountApplications.$inferSelect;
export type FiatAccountRow = typeof fiatAccounts.$inferSelect;

/** PartnerFiatAccountApplication as GraphQL renders it: the row's shown columns and the loop's view. */
export type FiatAccountApplicationView = Omit<FiatAccountApplicationRow, 'clientId' | 'fileIds' | 'reviewDueAt' | 'reviewOutcome' | 'reviewKeys'> &
  InformationView & { fileIds: string[] };

/** PartnerFiatAccount: the row and the currency's rails. */
export type FiatAccountView = Omit<FiatAccountRow, 'clientId'> & { rails: string[] };

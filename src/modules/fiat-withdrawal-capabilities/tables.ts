// Fiat withdrawal capabilities (§14.6): one record per (customer, rail), created by the first activation
// and reused by the next ones.
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { customers } from '../customers/tables.js';
import type { InformationView } from '../information/index.js';

export const fiatWithdrawalCapabilities = sqliteTable(
  'fiat_withdrawal_capabilities',
  {
    capabilityId: text('capability_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    rail: text('rail').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    /** The latest activation's input. */
    expectedMonthlyVolumeMinor: text('expected_monthly_volume_minor').notNull(),
    withdrawalPurpose: text('withdrawal_purpose').notNull(),
    /** When the review's next step is due (PENDING), else null. */
    reviewDueAt: text('review_due_at'),
    /** §14.3 the activation's first review's outcome captured at activation (sandbox), consumed by that review; null: pass. */
    reviewOutcome: text('review_outcome'),
    /** Its keys (NEEDS_ADDITIONAL_INFORMATION), comma-separated. */
    reviewKeys: text('review_keys'),
    activatedAt: text('activated_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 INVALID_STATE.
    uniqueIndex('uq_fiat_capability_customer_rail').on(t.customerId, t.rail),
    index('fiat_withdrawal_capabilities_review_due_idx').on(t.reviewDueAt),
  ],
);

export type FiatWithdrawalCapabilityRow = typeof fiatWithdrawalCapabilities.$inferSelect;

/**
 * PartnerFiatWithdrawalCapability as GraphQL renders it (§14.6): the record's shown columns (null without
 * a record), the loop's view, and what is computed from the partner's rail now.
 */
export type FiatWithdrawalCapabilityView = InformationView & {
  capabilityId: string | null;
  customerId: string;
  rail: string;
  currency: string;
  status: string;
  statusInfo: string | null;
  expectedMonthlyVolumeMinor: string | null;
  withdrawalPurpose: string | null;
  railEnabled: boolean;
  feeAmountMinor: string | null;
  minAmountMinor: string | null;
  maxAmountMinor: string | null;
  activatedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

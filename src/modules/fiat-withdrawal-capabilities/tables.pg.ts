// Fiat withdrawal capabilities (§14.6): one record per (customer, rail).
// PostgreSQL's definitions: the same tables as tables.ts beside this file; the code is typed with
// tables.ts's row types.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

export const fiatWithdrawalCapabilities = pgTable(
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

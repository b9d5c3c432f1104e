// Customers (§4.1, §12.4), their verification submissions (§12.3, §16.9) and the sandbox's verification
// outcomes (§12.5).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { partnerClients } from '../../db/tables.js';

export const customers = sqliteTable(
  'customers',
  {
    customerId: text('customer_id').primaryKey(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    externalRef: text('external_ref').notNull(),
    type: text('type').notNull(),
    displayName: text('display_name'),
    /** §12.4: ACTIVE or SUSPENDED (operator-set). */
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    suspendedAt: text('suspended_at'),
    verificationStatus: text('verification_status').notNull().default('UNVERIFIED'),
    verificationStatusInfo: text('verification_status_info'),
    verificationReviewPending: integer('verification_review_pending', { mode: 'boolean' }).notNull().default(false),
    verifiedAt: text('verified_at'),
    /** §12.3: the pending review (its compare-and-set key), null when none is pending. */
    reviewId: text('review_id'),
    /** When the pending review's step is due. */
    reviewDueAt: text('review_due_at'),
    /** The pending review's checks as `[{type, result}]` in input order: what the step's rules read. */
    reviewChecks: text('review_checks'),
    /** §12.5: the sandbox outcome the submission captured, if any. */
    reviewOutcome: text('review_outcome'),
    reviewOutcomeInfo: text('review_outcome_info'),
  },
  (t) => [uniqueIndex('customers_client_external_ref_uq').on(t.clientId, t.externalRef), index('customers_review_due_idx').on(t.reviewDueAt)],
);

/** §12.5 `partnerctl sandbox verification-outcome`: what a customer's submissions capture from then on. */
/**
 * §12.3, §16.9 (amended 2026-12-07): every verification submission, kept sealed; none overwritten by a
 * later one. `submissionId` is the review's id (customers.review_id while it is pending). Purged
 * VERIFICATION_EVIDENCE_RETENTION_DAYS after `replacedAt`, never earlier.
 */
export const verificationSubmissions = sqliteTable(
  'verification_submissions',
  {
    submissionId: text('submission_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    submittedAt: text('submitted_at').notNull(),
    /** The submission's input, sealed under PARTNER_SECRET_KEY (bound to the customer id); never rendered. */
    evidence: text('evidence').notNull(),
    /** VERIFIED or REJECTED once its review ended (the review step's outcome or an operator's), else null. */
    outcome: text('outcome'),
    decidedAt: text('decided_at'),
    /** When the customer's next decision replaced this one's: the start of its retention. */
    replacedAt: text('replaced_at'),
  },
  (t) => [index('verification_submissions_customer_idx').on(t.customerId, t.submittedAt), index('verification_submissions_replaced_idx').on(t.replacedAt)],
);

export const sandboxVerificationOutcomes = sqliteTable('sandbox_verification_outcomes', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => customers.customerId),
  outcome: text('outcome').notNull(),
  info: text('info'),
  createdAt: text('created_at').notNull(),
});

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
export type VerificationSubmissionRow = typeof verificationSubmissions.$inferSelect;
export type SandboxVerificationOutcomeRow = typeof sandboxVerificationOutcomes.$inferSelect;

/** PartnerCustomer as GraphQL renders it: the row and its `verificationKind` (§12.4, from `type`). */
export type CustomerView = Omit<CustomerRow, 'reviewId' | 'reviewDueAt' | 'reviewChecks' | 'reviewOutcome' | 'reviewOutcomeInfo'> & {
  verificationKind: string;
};

// Customers (§4.1, §12.4), their verification submissions (§12.3, §16.9) and the sandbox's verification
// outcomes (§12.5).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';

export const customers = pgTable(
  'customers',
  {
    customerId: text('customer_id').primaryKey(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    externalRef: text('external_ref').notNull(),
    type: text('type').notNull(),
    displayName: text('display_name'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    suspendedAt: text('suspended_at'),
    verificationStatus: text('verification_status').notNull().default('UNVERIFIED'),
    verificationStatusInfo: text('verification_status_info'),
    verificationReviewPending: boolean('verification_review_pending').notNull().default(false),
    verifiedAt: text('verified_at'),
    reviewId: text('review_id'),
    reviewDueAt: text('review_due_at'),
    reviewChecks: text('review_checks'),
    reviewOutcome: text('review_outcome'),
    reviewOutcomeInfo: text('review_outcome_info'),
  },
  (t) => [uniqueIndex('customers_client_external_ref_uq').on(t.clientId, t.externalRef), index('customers_review_due_idx').on(t.reviewDueAt)],
);

export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    submissionId: text('submission_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    submittedAt: text('submitted_at').notNull(),
    evidence: text('evidence').notNull(),
    outcome: text('outcome'),
    decidedAt: text('decided_at'),
    replacedAt: text('replaced_at'),
  },
  (t) => [index('verification_submissions_customer_idx').on(t.customerId, t.submittedAt), index('verification_submissions_replaced_idx').on(t.replacedAt)],
);

export const sandboxVerificationOutcomes = pgTable('sandbox_verification_outcomes', {
  customerId: text('customer_id')
    .primaryKey()
    .references(() => customers.customerId),
  outcome: text('outcome').notNull(),
  info: text('info'),
  createdAt: text('created_at').notNull(),
});

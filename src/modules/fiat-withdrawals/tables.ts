// Fiat withdrawals (§14.7), their quotes (§14.6) and the sandbox's withdrawal outcomes (§14.3).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bankAccounts } from '../bank-accounts/tables.js';
import { customers } from '../customers/tables.js';
import type { InformationView } from '../information/index.js';

// §14.6: a quote's figures, immutable but for the withdrawal that used it. Not a resource: no events.
export const fiatWithdrawalQuotes = sqliteTable(
  'fiat_withdrawal_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    rail: text('rail').notNull(),
    bankAccountId: text('bank_account_id').notNull().references(() => bankAccounts.bankAccountId),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    estimatedArrivalAt: text('estimated_arrival_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
    usedByFiatWithdrawalId: text('used_by_fiat_withdrawal_id'),
  },
);

// §14.7. §16.4: one withdrawal per quote, clientReference unique per customer, by the database (racing
// drafts: the loser runs again and answers the rule's 409).
export const fiatWithdrawals = sqliteTable(
  'fiat_withdrawals',
  {
    fiatWithdrawalId: text('fiat_withdrawal_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    rail: text('rail').notNull(),
    bankAccountId: text('bank_account_id').notNull().references(() => bankAccounts.bankAccountId),
    bankAccountLast4: text('bank_account_last4').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    quoteId: text('quote_id').references(() => fiatWithdrawalQuotes.quoteId),
    paymentReference: text('payment_reference').notNull(),
    clientReference: text('client_reference'),
    purposeOfPayment: integer('purpose_of_payment'),
    otherPurpose: text('other_purpose'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    bankReference: text('bank_reference'),
    returnReason: text('return_reason'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    submittedAt: text('submitted_at'),
    sentToBankAt: text('sent_to_bank_at'),
    completedAt: text('completed_at'),
    returnedAt: text('returned_at'),
    /** §10.7: when the worker's next step is due (sandbox mode), else null. */
    dueAt: text('due_at'),
    /** §14.3 the first review's captured outcome (NEEDS_ADDITIONAL_INFORMATION or REJECTED), consumed by it; null: pass. */
    reviewOutcome: text('review_outcome'),
    /** Its keys (NEEDS_ADDITIONAL_INFORMATION), comma-separated. */
    reviewKeys: text('review_keys'),
    /** The review passed: the payment waits for the bank rail (COMPLIANCE_REVIEW → SENT_TO_BANK). */
    reviewCleared: integer('review_cleared', { mode: 'boolean' }).notNull(),
    /** §14.3 a captured RETURNED: the reason the sandbox bank returns the payment with; null: it pays. */
    sandboxReturnReason: text('sandbox_return_reason'),
  },
  (t) => [
    uniqueIndex('uq_fiat_withdrawal_quote').on(t.quoteId).where(sql`quote_id IS NOT NULL`),
    uniqueIndex('uq_fiat_withdrawal_client_reference').on(t.customerId, t.clientReference).where(sql`client_reference IS NOT NULL`),
    // §9.3 lists: newest first per customer.
    index('fiat_withdrawals_customer_created_idx').on(t.customerId, t.createdAt, t.fiatWithdrawalId),
    index('fiat_withdrawals_due_idx').on(t.dueAt),
  ],
);

// §14.3 `partnerctl sandbox fiat-withdrawal-outcome`: keyed by the fingerprint (§14.5) of the normalised
// identifier, so that no identifier is stored in the clear; a withdrawal matches by its bank account's.
export const sandboxFiatWithdrawalOutcomes = sqliteTable('sandbox_fiat_withdrawal_outcomes', {
  fingerprint: text('fingerprint').primaryKey(),
  /** NEEDS_ADDITIONAL_INFORMATION, REJECTED or RETURNED. */
  outcome: text('outcome').notNull(),
  /** NEEDS_ADDITIONAL_INFORMATION: the keys, comma-separated in the order given; else null. */
  keys: text('keys'),
  /** RETURNED: the return reason; else null. */
  returnReason: text('return_reason'),
  createdAt: text('created_at').notNull(),
});

export type FiatWithdrawalQuoteRow = typeof fiatWithdrawalQuotes.$inferSelect;
export type FiatWithdrawalRow = typeof fiatWithdrawals.$inferSelect;
export type SandboxFiatWithdrawalOutcomeRow = typeof sandboxFiatWithdrawalOutcomes.$inferSelect;

/** PartnerFiatWithdrawal as GraphQL renders it: the row's shown columns and the loop's view. */
export type FiatWithdrawalView = Omit<
  FiatWithdrawalRow,
  'clientId' | 'dueAt' | 'reviewOutcome' | 'reviewKeys' | 'reviewCleared' | 'sandboxReturnReason'
> &
  InformationView;

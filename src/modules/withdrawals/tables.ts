// Withdrawals (§4.4) and their quotes (§10.5).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { jsonText } from '../../db/columns.js';
import { walletBeneficiaries } from '../beneficiaries/tables.js';
import { customers } from '../customers/tables.js';

export const cryptoWithdrawals = sqliteTable(
  'crypto_withdrawals',
  {
    withdrawalId: text('withdrawal_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    walletBeneficiaryId: text('wallet_beneficiary_id')
      .notNull()
      .references(() => walletBeneficiaries.walletBeneficiaryId),
    walletBeneficiaryLabel: text('wallet_beneficiary_label').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    clientReference: text('client_reference'),
    withdrawalType: integer('withdrawal_type').notNull(),
    externalFeeFields: jsonText<Record<string, string>>('external_fee_fields'),
    purposeOfPayment: integer('purpose_of_payment'),
    otherPurpose: text('other_purpose'),
    relationshipWithThirdParty: integer('relationship_with_third_party'),
    otherRelationship: text('other_relationship'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    kytResult: text('kyt_result').notNull(),
    txHash: text('tx_hash'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    // §10.5: the quote this draft consumed.
    quoteId: text('quote_id'),
    submittedAt: text('submitted_at'),
    completedAt: text('completed_at'),
    // §10.7: when the worker may take the next step (null outside a processing state), and the sandbox
    // failure captured at submission (BROADCASTING or CONFIRMING).
    dueAt: text('due_at'),
    failAt: text('fail_at'),
  },
  (t) => [
    uniqueIndex('crypto_withdrawals_customer_client_ref_uq').on(t.customerId, t.clientReference),
    // §9.3 lists: newest first per customer.
    index('crypto_withdrawals_customer_created_idx').on(t.customerId, t.createdAt, t.withdrawalId),
    index('crypto_withdrawals_due_idx').on(t.dueAt),
  ],
);

// §10.5: a quote freezes a route's fee and an amount until it expires; one withdrawal may use it.
export const withdrawalQuotes = sqliteTable(
  'withdrawal_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    withdrawalType: integer('withdrawal_type').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
    usedByWithdrawalId: text('used_by_withdrawal_id'),
  },
  (t) => [uniqueIndex('withdrawal_quotes_used_by_uq').on(t.usedByWithdrawalId)],
);

export type CryptoWithdrawalRow = typeof cryptoWithdrawals.$inferSelect;
export type WithdrawalQuoteRow = typeof withdrawalQuotes.$inferSelect;

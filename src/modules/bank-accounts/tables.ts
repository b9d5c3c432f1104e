// Bank accounts (§14.5) and the bank deny list (§14.8).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { customers } from '../customers/tables.js';

// §14.5: the full identifier (the normalised IBAN, or routing:account) only sealed under PARTNER_SECRET_KEY,
// bound to the account's id; shown as its last 4 characters and its fingerprint.
export const bankAccounts = sqliteTable(
  'bank_accounts',
  {
    bankAccountId: text('bank_account_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    accountType: text('account_type').notNull(),
    currency: text('currency').notNull(),
    holderName: text('holder_name').notNull(),
    holderType: text('holder_type').notNull(),
    holderCountry: text('holder_country').notNull(),
    // BankAccountHolderAddress as JSON, or null.
    holderAddress: text('holder_address'),
    isOwner: integer('is_owner', { mode: 'boolean' }).notNull(),
    relationshipWithThirdParty: integer('relationship_with_third_party'),
    otherRelationship: text('other_relationship'),
    accountIdentifierLast4: text('account_identifier_last4').notNull(),
    fingerprint: text('fingerprint').notNull(),
    identifierSealed: text('identifier_sealed').notNull(),
    ibanCountry: text('iban_country'),
    bic: text('bic'),
    routingNumber: text('routing_number'),
    usAccountKind: text('us_account_kind'),
    bankName: text('bank_name'),
    label: text('label'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // §16.4: 409 DUPLICATE_BANK_ACCOUNT, also between racing creates and an operator's enable.
    uniqueIndex('uq_bank_account_active_fingerprint')
      .on(t.customerId, t.fingerprint)
      .where(sql`status = 'ACTIVE'`),
    // §9.3 lists: newest first per customer.
    index('bank_accounts_customer_created_idx').on(t.customerId, t.createdAt, t.bankAccountId),
  ],
);

// §14.8 the bank deny list (`partnerctl screening deny-bank|allow-bank`): the fingerprint (§14.5) of each
// normalised identifier, so that the list too holds no identifier in the clear.
export const bankDenyList = sqliteTable('bank_deny_list', {
  fingerprint: text('fingerprint').primaryKey(),
  createdAt: text('created_at').notNull(),
});

export type BankAccountRow = typeof bankAccounts.$inferSelect;

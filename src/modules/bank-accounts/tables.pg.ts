// Bank accounts (§14.5) and the bank deny list (§14.8).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types; the
// code is typed with tables.ts's row types, which these produce too.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

// §14.5: the full identifier (the normalised IBAN, or routing:account) only sealed under PARTNER_SECRET_KEY,
// bound to the account's id; shown as its last 4 characters and its fingerprint.
export const bankAccounts = pgTable(
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
    isOwner: boolean('is_owner').notNull(),
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
export const bankDenyList = pgTable('bank_deny_list', {
  fingerprint: text('fingerprint').primaryKey(),
  createdAt: text('created_at').notNull(),
});

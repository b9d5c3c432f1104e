// Wallet beneficiaries (§4.3).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { jsonText } from '../../db/columns.js';
import { customers } from '../customers/tables.js';

export type SupportFile = { fileAssetId: string; purpose: string };

export const walletBeneficiaries = sqliteTable(
  'wallet_beneficiaries',
  {
    walletBeneficiaryId: text('wallet_beneficiary_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    blockchain: text('blockchain').notNull(),
    walletAddress: text('wallet_address').notNull(),
    // Normalized form for duplicate checks (ETH compared case-insensitively, §4.3).
    addressKey: text('address_key').notNull(),
    isOwner: integer('is_owner', { mode: 'boolean' }).notNull(),
    walletType: text('wallet_type').notNull(),
    ownerType: text('owner_type').notNull(),
    platformName: text('platform_name'),
    platformUserId: text('platform_user_id'),
    ownerInfo: jsonText<Record<string, string>>('owner_info'),
    purposeOfPayment: integer('purpose_of_payment'),
    relationshipWithThirdParty: integer('relationship_with_third_party'),
    supportFiles: jsonText<SupportFile[]>('support_files'),
    screeningStatus: text('screening_status').notNull(),
    beneficiaryStatus: text('beneficiary_status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    lastSyncedAt: text('last_synced_at').notNull(),
    removedAt: text('removed_at'),
  },
  (t) => [
    index('wallet_beneficiaries_customer_idx').on(t.customerId),
    // §4.3: at most one ACTIVE beneficiary per (customer, chain, address); the domain checks first
    // for a clean 409, the index makes it true even under a race.
    uniqueIndex('wallet_beneficiaries_active_address_uq')
      .on(t.customerId, t.blockchain, t.addressKey)
      .where(sql`beneficiary_status = 'ACTIVE'`),
  ],
);

export type WalletBeneficiaryRow = typeof walletBeneficiaries.$inferSelect;

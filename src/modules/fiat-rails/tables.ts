// Fiat rails (§14.1): the partner's settings of each rail of the fixed catalog (rules.ts).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { partnerClients } from '../../db/tables.js';

// §14.1: one row per (partner client, rail) once an operator first enables it; disabling keeps the row.
export const partnerFiatRails = sqliteTable(
  'partner_fiat_rails',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    rail: text('rail').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    withdrawalFeeMinor: text('withdrawal_fee_minor').notNull(),
    minMinor: text('min_minor').notNull(),
    // Null: no maximum but §4's (10^38 − 1).
    maxMinor: text('max_minor'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.rail] })],
);

export type PartnerFiatRailRow = typeof partnerFiatRails.$inferSelect;

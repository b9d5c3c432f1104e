// Fiat rails (§14.1): the partner's settings of each rail of the fixed catalog (rules.ts).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types; the
// code is typed with tables.ts's row types, which these produce too.
import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';

// §14.1: one row per (partner client, rail) once an operator first enables it; disabling keeps the row.
export const partnerFiatRails = pgTable(
  'partner_fiat_rails',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    rail: text('rail').notNull(),
    enabled: boolean('enabled').notNull(),
    withdrawalFeeMinor: text('withdrawal_fee_minor').notNull(),
    minMinor: text('min_minor').notNull(),
    // Null: no maximum but §4's (10^38 − 1).
    maxMinor: text('max_minor'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.rail] })],
);

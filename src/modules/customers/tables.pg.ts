// Customers (§4.1).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [uniqueIndex('customers_client_external_ref_uq').on(t.clientId, t.externalRef)],
);

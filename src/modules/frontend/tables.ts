// §17 frontend sessions and the origins a partner client's browsers may use.
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { partnerClients } from '../../db/tables.js';
import { customers } from '../customers/tables.js';

/** §17.1 F2: a session is kept as the SHA-256 of its token (hex); the token itself is never stored in the clear. */
export const frontendSessions = sqliteTable(
  'frontend_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    origin: text('origin').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('frontend_sessions_token_uq').on(t.tokenHash),
    index('frontend_sessions_customer_created_idx').on(t.customerId, t.createdAt, t.sessionId),
    index('frontend_sessions_client_origin_idx').on(t.clientId, t.origin),
  ],
);

/** §17.3 F3: the origins registered for a client by operators (partnerctl client origin add|remove). */
export const clientOrigins = sqliteTable(
  'client_origins',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    origin: text('origin').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.origin] }), index('client_origins_origin_idx').on(t.origin)],
);

export type FrontendSessionRow = typeof frontendSessions.$inferSelect;
export type ClientOriginRow = typeof clientOrigins.$inferSelect;

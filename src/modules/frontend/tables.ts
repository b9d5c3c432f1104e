// §17 frontend sessions and the origins a partner client's browsers may use.
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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

/**
 * §17.4 at most FRONTEND_STREAMS_PER_SESSION open streams per session, across processes: each open stream
 * of a session holds one of its slots (0 to the limit − 1), taken when it opens and given back when it
 * closes. A slot whose process stopped renewing its lease (below) is free again, so a crash frees its
 * slots within the lease without a write per stream.
 */
export const frontendStreamSlots = sqliteTable(
  'frontend_stream_slots',
  {
    sessionId: text('session_id').notNull().references(() => frontendSessions.sessionId),
    slot: integer('slot').notNull(),
    processId: text('process_id').notNull(),
    openedAt: text('opened_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.slot] }), index('frontend_stream_slots_process_idx').on(t.processId)],
);

/** The lease of each server process that holds stream slots: renewed by one write per process, not per stream. */
export const frontendStreamProcesses = sqliteTable('frontend_stream_processes', {
  processId: text('process_id').primaryKey(),
  aliveUntil: text('alive_until').notNull(),
});

export type FrontendSessionRow = typeof frontendSessions.$inferSelect;
export type ClientOriginRow = typeof clientOrigins.$inferSelect;

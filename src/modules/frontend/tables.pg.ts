// §17 frontend sessions and the origins a partner client's browsers may use.
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in the same types.
import { index, integer, primaryKey, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';
import { customers } from '../customers/tables.pg.js';

/** §17.1 F2: a session is kept as the SHA-256 of its token (hex); the token itself is never stored in the clear. */
export const frontendSessions = pgTable(
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
export const clientOrigins = pgTable(
  'client_origins',
  {
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    origin: text('origin').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.origin] }), index('client_origins_origin_idx').on(t.origin)],
);

/** §17.4 the per-session stream limit across processes (tables.ts says how). */
export const frontendStreamSlots = pgTable(
  'frontend_stream_slots',
  {
    sessionId: text('session_id').notNull().references(() => frontendSessions.sessionId),
    slot: integer('slot').notNull(),
    processId: text('process_id').notNull(),
    openedAt: text('opened_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.slot] }), index('frontend_stream_slots_process_idx').on(t.processId)],
);

export const frontendStreamProcesses = pgTable('frontend_stream_processes', {
  processId: text('process_id').primaryKey(),
  aliveUntil: text('alive_until').notNull(),
});

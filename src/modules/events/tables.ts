// The event outbox (§11.1).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// §11.1 the outbox: each event written in the transaction of its change. `position` is the feed's
// order (§11.3): position order, the order positions were drawn (src/modules/events/repository.ts says how each engine keeps it).
export const events = sqliteTable(
  'events',
  {
    position: integer('position').primaryKey({ autoIncrement: true }),
    eventId: text('event_id').notNull(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    type: text('type').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    sequence: integer('sequence').notNull(),
    data: text('data').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('events_event_id_uq').on(t.eventId),
    uniqueIndex('events_resource_sequence_uq').on(t.resourceId, t.sequence),
    index('events_client_position_idx').on(t.clientId, t.position),
  ],
);

export type EventRow = typeof events.$inferSelect;
/** An event as its change writes it: the database draws its feed position and its sequence (§11.3, E3). */
export type NewEvent = Omit<EventRow, 'position' | 'sequence'>;

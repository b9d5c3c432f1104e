// The event outbox (§11.1).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

// §11.1 the outbox: each event written in the transaction of its change. `position` is the feed's
// order (§11.3): position order, the order positions were drawn (src/modules/events/repository.ts says how each engine keeps it).
export const events = pgTable(
  'events',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
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

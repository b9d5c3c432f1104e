// Webhook endpoints, their secrets, deliveries and attempts (§11.4, §11.5).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { jsonText } from '../../db/columns.js';

// §11.4 webhook endpoints of a partner client; at most 10 ENABLED (checked in the endpoint's transaction).
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    endpointId: text('endpoint_id').primaryKey(),
    clientId: text('client_id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    // Subscribed event types (§11.2); [] = all.
    types: jsonText<string[]>('types').notNull(),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    disabledAt: text('disabled_at'),
  },
  (t) => [index('webhook_endpoints_client_idx').on(t.clientId, t.createdAt, t.endpointId)],
);

// §11.4 signing secrets, sealed like client secrets (src/core/secret-box.ts): the newest is primary, the
// previous one signs until `expiresAt` (rotation overlap); never more than two that sign.
export const webhookSecrets = sqliteTable(
  'webhook_secrets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    endpointId: text('endpoint_id').notNull(),
    secret: text('secret').notNull(),
    createdAt: text('created_at').notNull(),
    // null while primary; set when a rotation replaced it.
    expiresAt: text('expires_at'),
  },
  (t) => [index('webhook_secrets_endpoint_idx').on(t.endpointId)],
);

// §11.5 one delivery per (endpoint, event), written in the event's transaction (D1), and one per redelivery
// the partner asked for (`redelivery` 1, 2, …).
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id').notNull(),
    sequence: integer('sequence').notNull(),
    // The event's feed position: deliveries of one (endpoint, resource) go out in this order (D5).
    eventPosition: integer('event_position').notNull(),
    status: text('status').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    // When the next attempt is due (D3, D7); null once settled.
    nextAttemptAt: text('next_attempt_at'),
    // Until when an attempt in flight holds it (a crashed attempt is retried after it, D7).
    leaseUntil: text('lease_until'),
    // Where D4's max age counts from: the event's createdAt; for a redelivery, when it was asked for.
    eventCreatedAt: text('event_created_at').notNull(),
    createdAt: text('created_at').notNull(),
    settledAt: text('settled_at'),
    // 0: the fan-out's delivery (D1, ordered by D5); n ≥ 1: the event's n-th redelivery to the endpoint,
    // outside the resource's order.
    redelivery: integer('redelivery').notNull().default(0),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId, t.redelivery),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_resource_idx').on(t.endpointId, t.resourceId, t.eventPosition),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.deliveryId),
  ],
);

// §11.5 every attempt of a delivery, oldest first.
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: text('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attemptNumber] })],
);


export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

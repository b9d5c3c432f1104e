// Webhook endpoints (§11.4) through GraphQL, and the delivery rows a test sets up directly (§11.5).
import { randomUUID } from 'node:crypto';
import type { Client, Reply, TestServer } from './harness.js';
import { signingSecrets } from '../../src/modules/webhooks/rules.js';

export const ENDPOINT_FIELDS = 'endpointId url description types status createdAt updatedAt disabledAt';
export const DELIVERY_FIELDS =
  'deliveryId endpointId eventId eventType resourceId sequence status attemptCount nextAttemptAt createdAt settledAt attempts { attemptNumber startedAt durationMs responseStatus error }';

export const CREATE = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { ${ENDPOINT_FIELDS} } secret } }`;
export const DISABLE = `mutation ($id: UUID!) { disableWebhookEndpoint(endpointId: $id) { ${ENDPOINT_FIELDS} } }`;
export const ENABLE = `mutation ($id: UUID!) { enableWebhookEndpoint(endpointId: $id) { ${ENDPOINT_FIELDS} } }`;
export const ROTATE = `mutation ($id: UUID!) { rotateWebhookEndpointSecret(endpointId: $id) { endpoint { ${ENDPOINT_FIELDS} } secret } }`;
export const ENDPOINT = `query ($id: UUID!) { webhookEndpoint(endpointId: $id) { ${ENDPOINT_FIELDS} } }`;
export const ENDPOINTS = `query ($first: Int, $after: String, $statuses: [WebhookEndpointStatus!]) {
  webhookEndpoints(first: $first, after: $after, statuses: $statuses) { items { ${ENDPOINT_FIELDS} } pageInfo { hasNextPage endCursor } } }`;
export const DELIVERIES = `query ($id: UUID!, $first: Int, $after: String, $statuses: [WebhookDeliveryStatus!], $eventId: UUID) {
  webhookDeliveries(endpointId: $id, first: $first, after: $after, statuses: $statuses, eventId: $eventId) { items { ${DELIVERY_FIELDS} } pageInfo { hasNextPage endCursor } } }`;

/** §11.4 `whsec_` + padded standard base64 of 32 bytes. */
export const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

export type Endpoint = {
  endpointId: string;
  url: string;
  description: string | null;
  types: string[];
  status: 'ENABLED' | 'DISABLED';
  createdAt: string;
  updatedAt: string;
  disabledAt: string | null;
};

/** The data of a successful GraphQL reply, or an error naming the reply. */
export function dataOf(r: Reply, field: string) {
  if (r.status !== 200 || r.body.errors) throw new Error(`${field}: ${r.status} ${r.text}`);
  return r.body.data[field];
}

export async function createEndpoint(
  server: TestServer,
  client: Client,
  input: Record<string, unknown> = {},
): Promise<{ endpoint: Endpoint; secret: string }> {
  return dataOf(await server.gql(client, CREATE, { input: { url: 'https://hooks.example.com/partner', ...input } }), 'createWebhookEndpoint');
}

/** §11.6 the secrets that sign now, newest first, read as the delivery worker reads them. */
export function secretsNow(server: TestServer, endpointId: string): Promise<string[]> {
  return server.operator((engine) => signingSecrets(engine.read, server.config.secretBox, endpointId, server.clock.now()));
}

export type DeliverySetup = {
  endpointId: string;
  status?: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  createdAt: string;
  eventId?: string;
  attempts?: { startedAt: string; durationMs: number; responseStatus: number | null; error: string | null }[];
};

let position = 1;

/** A delivery row as the fan-out writes it (§11.5 D1), with its attempts; its id. */
export async function insertDelivery(server: TestServer, d: DeliverySetup): Promise<string> {
  const deliveryId = randomUUID();
  const status = d.status ?? 'PENDING';
  const settled = status === 'PENDING' ? null : d.createdAt;
  const attempts = d.attempts ?? [];
  await server.db.run(
    `INSERT INTO webhook_deliveries (delivery_id, endpoint_id, event_id, event_type, resource_id, sequence, event_position, status,
       attempt_count, next_attempt_at, lease_until, event_created_at, created_at, settled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    deliveryId, d.endpointId, d.eventId ?? randomUUID(), 'crypto_withdrawal.approved', randomUUID(), 1, position++, status,
    attempts.length, status === 'PENDING' ? d.createdAt : null, null, d.createdAt, d.createdAt, settled,
  );
  for (const [i, a] of attempts.entries())
    await server.db.run(
      `INSERT INTO webhook_attempts (delivery_id, attempt_number, started_at, duration_ms, response_status, error) VALUES (?, ?, ?, ?, ?, ?)`,
      deliveryId, i + 1, a.startedAt, a.durationMs, a.responseStatus, a.error,
    );
  return deliveryId;
}

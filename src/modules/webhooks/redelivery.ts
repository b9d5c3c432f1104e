// §11.5 redelivery: a partner asks for one of its events to be delivered again to one of its endpoints.
// A new PENDING delivery, due at once, that the delivery task claims and signs like any other (§11.6: the
// body and webhook-id are the event's, so a receiver deduplicating by webhook-id sees the same message).
// It is outside the resource's order (D5): it neither waits for the resource's PENDING deliveries nor holds
// back the ones after it; D6's slots, the lease (D7) and D4's max age (counted from the request) apply.
import { randomUUID } from 'node:crypto';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { findEvent } from '../events/index.js';
import { findDelivery, insertDelivery, nextRedelivery } from './delivery-repository.js';
import { requireEndpoint } from './rules.js';
import type { WebhookDeliveryRow } from './tables.js';

/**
 * The checks in order: the endpoint (404 / 403), the event (404 / 403; it must be the endpoint's client's),
 * then the endpoint's status (409 INVALID_STATE when DISABLED, §11.4: a DISABLED endpoint gets nothing), so
 * a refusal never tells another partner's record's state. `clientId` null: an operator (partnerctl).
 * The endpoint's `types` are not applied: the partner names the event it wants.
 */
export async function redeliverEvent(tx: Exec, clientId: string | null, endpointId: string, eventId: string, at: Date): Promise<WebhookDeliveryRow> {
  const endpoint = await requireEndpoint(tx, clientId, endpointId);
  const event = await findEvent(tx, eventId);
  if (!event) throw new Problem('NOT_FOUND', `Event ${eventId} does not exist.`);
  if (event.clientId !== endpoint.clientId) throw new Problem('FORBIDDEN', 'This event belongs to another partner.');
  if (endpoint.status !== 'ENABLED')
    throw new Problem('INVALID_STATE', `Webhook endpoint ${endpointId} is ${endpoint.status}: enable it before asking for a redelivery.`);
  const deliveryId = randomUUID();
  const now = at.toISOString();
  await insertDelivery(tx, {
    deliveryId,
    endpointId,
    eventId,
    eventType: event.type,
    resourceId: event.resourceId,
    sequence: event.sequence,
    eventPosition: event.position,
    eventCreatedAt: now,
    createdAt: now,
    nextAttemptAt: now,
    redelivery: await nextRedelivery(tx, endpointId, eventId),
  });
  return (await findDelivery(tx, deliveryId))!;
}
